/// A subscriber that asks for every value, keeps them, and cancels its
/// subscription as soon as a value matches a condition.
///
/// The matching value is kept; nothing that arrives after it is, not even a
/// completion: after `cancel()`, the subscriber has left the conversation.
public final class CancellingSubscriber<Input, Failure: Error>: Subscriber {
    /// The values received, in order, up to and including the one that
    /// matched.
    public private(set) var received: [Input] = []

    /// How the stream ended, if it ended before a value matched.
    public private(set) var completion: Subscribers.Completion<Failure>?

    private let shouldCancel: (Input) -> Bool
    private var subscription: (any Subscription)?
    private var hasCancelled = false

    /// Creates a subscriber that cancels when `shouldCancel` returns `true`
    /// for a value.
    public init(cancelWhen shouldCancel: @escaping (Input) -> Bool) {
        self.shouldCancel = shouldCancel
    }

    /// Keeps the subscription, to cancel it later, and asks for everything.
    public func receive(subscription: any Subscription) {
        self.subscription = subscription
        subscription.request(.unlimited)
    }

    /// Keeps the value, and cancels if it matches.
    public func receive(_ input: Input) -> Subscribers.Demand {
        guard !hasCancelled else { return .none }
        received.append(input)
        if shouldCancel(input) {
            hasCancelled = true
            // Let go of the subscription before cancelling it: the
            // publisher may call back while `cancel()` runs.
            let subscription = self.subscription
            self.subscription = nil
            subscription?.cancel()
        }
        return .none
    }

    /// Records the completion, unless the subscriber has already cancelled.
    public func receive(completion: Subscribers.Completion<Failure>) {
        guard !hasCancelled else { return }
        self.completion = completion
        subscription = nil
    }
}
