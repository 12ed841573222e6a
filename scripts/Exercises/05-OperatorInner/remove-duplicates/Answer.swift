extension Publisher where Output: Equatable {
    /// Sends a value only if it differs from the value before it.
    ///
    /// `[1, 1, 2, 2, 1]` becomes `1, 2, 1`: only repeats in a row are
    /// dropped. Each dropped value is replaced by a request for one more, so
    /// the downstream's demand is honoured in full.
    public func removeDuplicates() -> Publishers.RemoveDuplicates<Self> {
        removeDuplicates(by: ==)
    }
}

extension Publisher {
    /// Sends a value only if `predicate` says it is not a duplicate of the
    /// value before it.
    ///
    /// `predicate` receives the previous value sent, then the new one, and
    /// returns `true` when the new one should be dropped.
    public func removeDuplicates(
        by predicate: @escaping (Output, Output) -> Bool
    ) -> Publishers.RemoveDuplicates<Self> {
        Publishers.RemoveDuplicates(upstream: self, predicate: predicate)
    }
}

extension Publishers {
    /// A publisher that drops a value when it repeats the one before.
    public struct RemoveDuplicates<Upstream: Publisher>: Publisher {
        /// The upstream's values pass through unchanged.
        public typealias Output = Upstream.Output

        /// `RemoveDuplicates` fails exactly when its upstream fails.
        public typealias Failure = Upstream.Failure

        /// The publisher whose repeated values are dropped.
        public let upstream: Upstream

        /// Says whether the new value (second) repeats the previous one
        /// (first).
        public let predicate: (Upstream.Output, Upstream.Output) -> Bool

        /// Creates a publisher that drops each value of `upstream` that
        /// `predicate` calls a duplicate of the value before it.
        public init(
            upstream: Upstream,
            predicate: @escaping (Upstream.Output, Upstream.Output) -> Bool
        ) {
            self.upstream = upstream
            self.predicate = predicate
        }

        /// Subscribes to the upstream through a new `Inner`: each subscriber
        /// gets its own memory of the previous value.
        public func receive<S: Subscriber>(subscriber: S)
        where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(
                Inner(downstream: subscriber, predicate: predicate))
        }
    }
}

extension Publishers.RemoveDuplicates {
    /// Remembers the previous value for one subscriber.
    ///
    /// It is a class because that memory changes with every value. It
    /// still hands the upstream's subscription straight down: dropping a
    /// value needs no subscription of its own, only an answer of `.max(1)`,
    /// as in `filter`.
    private final class Inner<Downstream: Subscriber>: Subscriber
    where Downstream.Input == Output, Downstream.Failure == Failure {
        typealias Input = Upstream.Output
        typealias Failure = Upstream.Failure

        private let downstream: Downstream
        private let predicate: (Output, Output) -> Bool
        private var previous: Output?

        init(
            downstream: Downstream,
            predicate: @escaping (Output, Output) -> Bool
        ) {
            self.downstream = downstream
            self.predicate = predicate
        }

        func receive(subscription: any Subscription) {
            downstream.receive(subscription: subscription)
        }

        func receive(_ input: Output) -> Subscribers.Demand {
            if let previous, predicate(previous, input) {
                return .max(1)
            }
            previous = input
            return downstream.receive(input)
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            downstream.receive(completion: completion)
        }
    }
}
