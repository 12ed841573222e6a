// snippet.dropping-inner
/// The `Inner` of `filter` and `compactMap`: it turns each value into
/// either a value to send or `nil`, and sends only the values.
///
/// Like `Map`'s, it hands the upstream's subscription straight down. A
/// dropped value still used up one unit of the downstream's demand, so it
/// answers `.max(1)`: one more value, in place of the one that was dropped.
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
