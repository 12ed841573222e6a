// snippet.dropping-inner
/// The `Inner` of `filter` and `compactMap`: sends on the values that
/// `transform` does not turn into `nil`, and asks for one more in place of
/// each that it does.
struct DroppingInner<Downstream: Subscriber, Input>: Subscriber {
    typealias Failure = Downstream.Failure

    // exercise.hide
    let downstream: Downstream
    let transform: (Input) -> Downstream.Input?
    // exercise.end

    func receive(subscription: any Subscription) {
        // exercise.blank: DroppingInner.receive(subscription:)
        downstream.receive(subscription: subscription)
        // exercise.end
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        // exercise.blank: DroppingInner.receive(_:)
        guard let output = transform(input) else { return .max(1) }
        return downstream.receive(output)
        // exercise.end
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        // exercise.blank: DroppingInner.receive(completion:)
        downstream.receive(completion: completion)
        // exercise.end
    }
}
// snippet.end
