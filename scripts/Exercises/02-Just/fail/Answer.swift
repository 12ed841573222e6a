/// A publisher that sends no values and fails at once with a given error.
///
/// Like `Empty`, it hands over a subscription first, then completes without
/// waiting for a request: a failure is not a value, so it needs no demand.
public struct Fail<Output, Failure: Error>: Publisher {
    /// The error every subscriber receives.
    public let error: Failure

    /// Creates a publisher that fails with `error`.
    public init(error: Failure) {
        self.error = error
    }

    /// Hands over a subscription that has nothing to send, then fails.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
        subscriber.receive(subscription: Inner())
        subscriber.receive(completion: .failure(error))
    }
}

extension Fail {
    /// The subscription `Fail` hands over: there is nothing to ask for and
    /// nothing to stop.
    private struct Inner: Subscription {
        func request(_ demand: Subscribers.Demand) {
            precondition(demand > 0, "API Violation: demand must not be zero")
        }

        func cancel() {}
    }
}
