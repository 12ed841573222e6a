import MiniCombine
import Testing

/// A subscriber that records every call it receives as an ``Event``.
///
/// On subscription it requests `initialDemand` (nothing if `nil`), and it
/// returns `demandPerValue` from every `receive(_:)`. It keeps the
/// subscription, so a test can `request(_:)` or `cancel()` later, and runs
/// `onValue` (if any) inside `receive(_:)`, after recording the value.
final class RecordingSubscriber<Input, Failure: Error>: Subscriber {
    private(set) var events: [Event<Input, Failure>] = []
    private(set) var subscription: (any Subscription)?

    let initialDemand: Subscribers.Demand?
    let demandPerValue: Subscribers.Demand
    private let onValue: ((RecordingSubscriber, Input) -> Void)?

    init(
        initialDemand: Subscribers.Demand? = nil,
        demandPerValue: Subscribers.Demand = .none,
        onValue: ((RecordingSubscriber, Input) -> Void)? = nil
    ) {
        self.initialDemand = initialDemand
        self.demandPerValue = demandPerValue
        self.onValue = onValue
    }

    func receive(subscription: any Subscription) {
        events.append(.subscription)
        self.subscription = subscription
        if let initialDemand {
            subscription.request(initialDemand)
        }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        events.append(.value(input))
        onValue?(self, input)
        return demandPerValue
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        events.append(.completion(completion))
    }

    /// Requests more values through the kept subscription.
    func request(_ demand: Subscribers.Demand) {
        guard let subscription else {
            Issue.record("request(\(demand)) before any subscription arrived")
            return
        }
        subscription.request(demand)
    }

    /// Cancels the kept subscription.
    func cancel() {
        guard let subscription else {
            Issue.record("cancel() before any subscription arrived")
            return
        }
        subscription.cancel()
    }

    /// Lets go of the kept subscription, so only the publisher's side of the
    /// connection decides how long this subscriber lives.
    func releaseSubscription() {
        subscription = nil
    }
}

/// A recording subscriber that only its subscription keeps alive, seen
/// through a weak reference.
struct SubscriberKeptBySubscription<Input, Failure: Error> {
    /// The subscription the publisher handed over.
    let subscription: any Subscription
    /// The subscriber, until the subscription lets go of it.
    weak var subscriber: RecordingSubscriber<Input, Failure>?
}

/// Subscribes a new `RecordingSubscriber` to `publisher`, then drops every
/// other reference to it, so that a test can watch when the subscription
/// releases it.
func subscribeKeptOnlyBySubscription<P: Publisher>(
    to publisher: P
) throws -> SubscriberKeptBySubscription<P.Output, P.Failure> {
    let subscriber = RecordingSubscriber<P.Output, P.Failure>()
    publisher.subscribe(subscriber)
    let subscription = try #require(subscriber.subscription)
    subscriber.releaseSubscription()
    return SubscriberKeptBySubscription(
        subscription: subscription, subscriber: subscriber)
}
