import MiniCombine
import Testing

/// A publisher driven by hand: it gives its subscriber `subscription` (a
/// ``SpySubscription``) and keeps the subscriber, so the test decides when
/// each value and the completion are sent.
final class ManualPublisher<Output, Failure: Error>: Publisher {
    let subscription: SpySubscription
    private(set) var subscribeCount = 0
    private var sendValue: ((Output) -> Subscribers.Demand)?
    private var sendCompletion: ((Subscribers.Completion<Failure>) -> Void)?

    init(subscription: SpySubscription = SpySubscription()) {
        self.subscription = subscription
    }

    func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
        subscribeCount += 1
        sendValue = { subscriber.receive($0) }
        sendCompletion = { subscriber.receive(completion: $0) }
        subscriber.receive(subscription: subscription)
    }

    /// Sends `value` to the subscriber and returns the demand it answered.
    @discardableResult
    func send(_ value: Output) -> Subscribers.Demand {
        guard let sendValue else {
            Issue.record("send(_:) with no subscriber")
            return .none
        }
        return sendValue(value)
    }

    /// Sends `completion` to the subscriber.
    func send(completion: Subscribers.Completion<Failure>) {
        guard let sendCompletion else {
            Issue.record("send(completion:) with no subscriber")
            return
        }
        sendCompletion(completion)
    }
}
