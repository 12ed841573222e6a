extension Publisher {
    /// Sends the first `maxLength` values, and finishes when one more value
    /// arrives: it cancels the upstream and sends `.finished` instead.
    ///
    /// As in Combine, `prefix(_:)` cannot finish right after its last value:
    /// until the upstream sends another value or completes, nothing tells it
    /// the stream is over. If the upstream completes first, `prefix(_:)`
    /// passes that completion on, a failure included. So `prefix(0)` sends
    /// no value, and finishes when the first value arrives.
    ///
    /// - Precondition: `maxLength` is zero or more.
    public func prefix(_ maxLength: Int) -> Publishers.Output<Self> {
        precondition(maxLength >= 0, "a prefix cannot be negative")
        return Publishers.Output(upstream: self, maxLength: maxLength)
    }
}

extension Publishers {
    /// A publisher that sends at most the first few values of its upstream.
    ///
    /// The name is Combine's, whose `Publishers.Output` also serves
    /// `output(in:)` and so stores a range of indices. Ours serves
    /// `prefix(_:)` alone, so it stores a count.
    public struct Output<Upstream: Publisher>: Publisher {
        /// The upstream's values pass through unchanged.
        public typealias Output = Upstream.Output

        /// `Output` fails exactly when its upstream fails.
        public typealias Failure = Upstream.Failure

        /// The publisher whose first values are sent.
        public let upstream: Upstream

        /// How many values to send.
        public let maxLength: Int

        /// Creates a publisher that sends the first `maxLength` values of
        /// `upstream`.
        public init(upstream: Upstream, maxLength: Int) {
            self.upstream = upstream
            self.maxLength = maxLength
        }

        /// Subscribes to the upstream through an `Inner` that counts the
        /// values and ends the stream at the first one past the count.
        public func receive<S: Subscriber>(subscriber: S)
        where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(
                Inner(downstream: subscriber, remaining: maxLength))
        }
    }
}

extension Publishers.Output {
    /// Stands between the upstream and the subscriber, as `tryMap`'s does:
    /// when the stream is cut it must cancel the upstream and finish, and
    /// from then on ignore both sides, so it needs a state of its own.
    ///
    /// Requests, and the demand each value returns, pass through unchanged,
    /// as in Combine. A subscriber that asks for exactly `maxLength` values
    /// gets them all, but unless the upstream completes on its own, the
    /// stream finishes only once the subscriber asks for more.
    ///
    /// Like our `tryMap`'s, it ignores anything that arrives after the end.
    /// Combine's still passes on values that an upstream sends after it was
    /// cancelled or completed, until the count runs out.
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
            // Even `prefix(0)` waits: the first value is what ends it.
            state = .subscribed(subscription)
            downstream.receive(subscription: self)
        }

        func receive(_ input: Upstream.Output) -> Subscribers.Demand {
            guard case .subscribed(let upstream) = state else { return .none }
            guard remaining > 0 else {
                // One value too many: only now is the prefix known to be
                // complete. The value itself is dropped.
                state = .terminated
                upstream.cancel()
                downstream.receive(completion: .finished)
                return .none
            }
            remaining -= 1
            return downstream.receive(input)
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
