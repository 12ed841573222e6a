import MiniCombine

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
