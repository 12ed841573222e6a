extension Publisher {
    /// Sends the first `maxLength` values, then finishes and cancels the
    /// upstream.
    ///
    /// `prefix(0)` finishes as soon as it is subscribed to. Combine's
    /// `prefix(_:)` is lazier: it finishes only when a value beyond the
    /// first `maxLength` arrives, or when the upstream finishes.
    ///
    /// - Precondition: `maxLength` is zero or more.
    public func prefix(_ maxLength: Int) -> Publishers.Prefix<Self> {
        precondition(maxLength >= 0, "a prefix cannot be negative")
        return Publishers.Prefix(upstream: self, maxLength: maxLength)
    }
}

extension Publishers {
    /// A publisher that sends at most the first few values of its upstream.
    public struct Prefix<Upstream: Publisher>: Publisher {
        /// The upstream's values pass through unchanged.
        public typealias Output = Upstream.Output

        /// `Prefix` fails exactly when its upstream fails.
        public typealias Failure = Upstream.Failure

        /// The publisher whose first values are sent.
        public let upstream: Upstream

        /// How many values to send before finishing.
        public let maxLength: Int

        /// Creates a publisher that sends the first `maxLength` values of
        /// `upstream`.
        public init(upstream: Upstream, maxLength: Int) {
            self.upstream = upstream
            self.maxLength = maxLength
        }

        /// Subscribes to the upstream through an `Inner` that counts the
        /// values and ends the stream after the last one.
        public func receive<S: Subscriber>(subscriber: S)
        where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Inner(downstream: subscriber, remaining: maxLength))
        }
    }
}

extension Publishers.Prefix {
    /// Stands between the upstream and the subscriber, as `tryMap`'s does:
    /// after the last value it must cancel the upstream and finish, and from
    /// then on ignore both sides, so it needs a state of its own.
    private final class Inner<Downstream: Subscriber>: Subscriber, Subscription
    where Downstream.Input == Output, Downstream.Failure == Failure {
        typealias Input = Upstream.Output
        typealias Failure = Upstream.Failure

        private enum State {
            case awaitingSubscription
            case subscribed(any Subscription)
            case terminated
        }

        private let downstream: Downstream
        private var remaining: Int
        private var state = State.awaitingSubscription

        init(downstream: Downstream, remaining: Int) {
            self.downstream = downstream
            self.remaining = remaining
        }

        // Facing up: messages from the upstream.

        func receive(subscription: any Subscription) {
            guard case .awaitingSubscription = state else {
                subscription.cancel()
                return
            }
            if remaining == 0 {
                // Nothing will ever be sent: end at once, but the subscriber
                // still gets a subscription first.
                state = .terminated
                subscription.cancel()
                downstream.receive(subscription: self)
                downstream.receive(completion: .finished)
                return
            }
            state = .subscribed(subscription)
            downstream.receive(subscription: self)
        }

        func receive(_ input: Upstream.Output) -> Subscribers.Demand {
            guard case .subscribed = state else { return .none }
            remaining -= 1
            let demand = downstream.receive(input)
            guard remaining == 0 else { return demand }
            // The subscriber may have cancelled from inside `receive(_:)`;
            // then it must not receive a completion.
            guard case .subscribed(let upstream) = state else { return .none }
            state = .terminated
            upstream.cancel()
            downstream.receive(completion: .finished)
            return .none
        }

        func receive(completion: Subscribers.Completion<Upstream.Failure>) {
            guard case .subscribed = state else { return }
            state = .terminated
            downstream.receive(completion: completion)
        }

        // Facing down: messages from the subscriber.

        func request(_ demand: Subscribers.Demand) {
            guard case .subscribed(let upstream) = state else { return }
            upstream.request(demand)
        }

        func cancel() {
            guard case .subscribed(let upstream) = state else { return }
            state = .terminated
            upstream.cancel()
        }
    }
}
