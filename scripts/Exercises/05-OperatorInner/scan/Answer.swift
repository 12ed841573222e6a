extension Publisher {
    /// Sends a running result: each value is combined with the result so
    /// far, and the new result is sent.
    ///
    /// `[1, 2, 3].publisher.scan(0, +)` sends `1`, `3`, `6`. Every
    /// subscriber starts again from `initialResult`.
    public func scan<Result>(
        _ initialResult: Result,
        _ nextPartialResult: @escaping (Result, Output) -> Result
    ) -> Publishers.Scan<Self, Result> {
        Publishers.Scan(
            upstream: self, initialResult: initialResult,
            nextPartialResult: nextPartialResult)
    }
}

extension Publishers {
    /// A publisher that sends the running result of combining each value
    /// with the results before it.
    public struct Scan<Upstream: Publisher, Output>: Publisher {
        /// `Scan` fails exactly when its upstream fails.
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are accumulated.
        public let upstream: Upstream

        /// The result before the first value.
        public let initialResult: Output

        /// Combines the result so far with the next value.
        public let nextPartialResult: (Output, Upstream.Output) -> Output

        /// Creates a publisher that accumulates the values of `upstream`,
        /// starting from `initialResult`.
        public init(
            upstream: Upstream,
            initialResult: Output,
            nextPartialResult: @escaping (Output, Upstream.Output) -> Output
        ) {
            self.upstream = upstream
            self.initialResult = initialResult
            self.nextPartialResult = nextPartialResult
        }

        /// Subscribes to the upstream through a new `Inner`, which holds
        /// this subscriber's running result.
        public func receive<S: Subscriber>(subscriber: S)
        where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(
                Inner(
                    downstream: subscriber, result: initialResult,
                    nextPartialResult: nextPartialResult))
        }
    }
}

extension Publishers.Scan {
    /// Keeps one subscriber's running result.
    ///
    /// Every value is sent on, so demand needs no bookkeeping: like `Map`'s,
    /// this `Inner` hands the upstream's subscription straight down. It is a
    /// class only because the result changes.
    private final class Inner<Downstream: Subscriber>: Subscriber
    where Downstream.Input == Output, Downstream.Failure == Failure {
        typealias Input = Upstream.Output
        typealias Failure = Upstream.Failure

        private let downstream: Downstream
        private var result: Output
        private let nextPartialResult: (Output, Upstream.Output) -> Output

        init(
            downstream: Downstream,
            result: Output,
            nextPartialResult: @escaping (Output, Upstream.Output) -> Output
        ) {
            self.downstream = downstream
            self.result = result
            self.nextPartialResult = nextPartialResult
        }

        func receive(subscription: any Subscription) {
            downstream.receive(subscription: subscription)
        }

        func receive(_ input: Upstream.Output) -> Subscribers.Demand {
            result = nextPartialResult(result, input)
            return downstream.receive(result)
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            downstream.receive(completion: completion)
        }
    }
}
