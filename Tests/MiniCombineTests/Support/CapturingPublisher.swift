import MiniCombine
import Testing

/// A publisher that keeps the subscriber it is given and calls nothing on
/// it, not even `receive(subscription:)`: the test plays the upstream by
/// calling `subscriber` directly, with subscriptions it decides whether to
/// keep.
final class CapturingPublisher<Output, Failure: Error>: Publisher {
    private(set) var subscriber: (any Subscriber<Output, Failure>)?

    func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
        self.subscriber = subscriber
    }
}

extension CapturingPublisher {
    /// Hands `subscription` to the captured subscriber, as many times as the
    /// test likes, so a weak reference tells whether the subscriber keeps it.
    func send(subscription: any Subscription) {
        guard let subscriber else {
            Issue.record("send(subscription:) with no subscriber")
            return
        }
        subscriber.receive(subscription: subscription)
    }

    /// Sends `value` to the captured subscriber and returns the demand it answered.
    @discardableResult
    func send(_ value: Output) -> Subscribers.Demand {
        guard let subscriber else {
            Issue.record("send(_:) with no subscriber")
            return .none
        }
        return subscriber.receive(value)
    }

    /// Sends `completion` to the captured subscriber.
    func send(completion: Subscribers.Completion<Failure>) {
        guard let subscriber else {
            Issue.record("send(completion:) with no subscriber")
            return
        }
        subscriber.receive(completion: completion)
    }
}
