/// A publisher that sends no values, then finishes, or never finishes.
///
/// The subscriber still receives a subscription first: that is always the
/// first call. `.finished` follows at once, without waiting for a request,
/// because demand counts values, and a completion is not a value.
public struct Empty<Output, Failure: Error>: Publisher {
    /// Whether `.finished` follows the subscription; if `false`, the
    /// publisher never completes.
    public let completeImmediately: Bool

    /// Creates a publisher that finishes at once, or never if
    /// `completeImmediately` is `false`.
    public init(completeImmediately: Bool = true) {
        self.completeImmediately = completeImmediately
    }

    /// Hands over a subscription that has nothing to send, then finishes
    /// if it should.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
        subscriber.receive(subscription: Inner())
        if completeImmediately {
            subscriber.receive(completion: .finished)
        }
    }
}

extension Empty {
    /// The subscription `Empty` hands over: there is nothing to ask for and
    /// nothing to stop, so both calls do nothing.
    private struct Inner: Subscription {
        func request(_ demand: Subscribers.Demand) {
            precondition(demand > 0, "API Violation: demand must not be zero")
        }

        func cancel() {}
    }
}
