extension Publisher {
    /// Combines this publisher with two others, and sends the latest value
    /// of each, as a tuple, whenever any of them sends a value, once all
    /// three have sent at least one.
    public func combineLatest<B: Publisher, C: Publisher>(
        _ b: B, _ c: C
    ) -> Publishers.CombineLatest3<Self, B, C>
    where B.Failure == Failure, C.Failure == Failure {
        Publishers.CombineLatest3(self, b, c)
    }

    /// Combines this publisher with two others, and sends the result of
    /// `transform` on the latest value of each whenever any of them sends a
    /// value, once all three have sent at least one.
    ///
    /// Unlike `reduceLatest`'s, `transform` never sees a missing value.
    public func combineLatest<B: Publisher, C: Publisher, Result>(
        _ b: B, _ c: C,
        _ transform: @escaping (Output, B.Output, C.Output) -> Result
    ) -> Publishers.Map<Publishers.CombineLatest3<Self, B, C>, Result>
    where B.Failure == Failure, C.Failure == Failure {
        combineLatest(b, c).map(transform)
    }
}

extension Publishers {
    /// A publisher that sends the latest values of three upstream
    /// publishers whenever any of them sends a value, once every one of them
    /// has sent a value.
    ///
    /// Demand, completion and threads are handled as in ``ReduceLatest3``:
    /// never more results than requested, the latest combination once when
    /// demand comes back, `.finished` when all three have finished, and the
    /// first failure at once, cancelling the other upstreams.
    public struct CombineLatest3<A: Publisher, B: Publisher, C: Publisher>:
        Publisher
    where A.Failure == B.Failure, A.Failure == C.Failure {
        /// The latest value of each upstream.
        public typealias Output = (A.Output, B.Output, C.Output)

        /// It fails with the first failure of any upstream.
        public typealias Failure = A.Failure

        /// The first upstream publisher.
        public let a: A

        /// The second upstream publisher.
        public let b: B

        /// The third upstream publisher.
        public let c: C

        /// Creates a publisher that combines the latest values of `a`, `b`
        /// and `c`.
        public init(_ a: A, _ b: B, _ c: C) {
            self.a = a
            self.b = b
            self.c = c
        }

        /// Subscribes `subscriber` to a ``ReduceLatest3`` of the three
        /// upstreams that drops the combinations still missing a value.
        ///
        /// Nothing else in `ReduceLatest3`'s subscription changes: demand,
        /// completion and threads work as they do there. A dropped
        /// combination gives back the demand it used, as `compactMap` does,
        /// so until every upstream has sent, changes cost the subscriber
        /// nothing.
        public func receive<S: Subscriber>(subscriber: S)
        where S.Input == Output, S.Failure == Failure {
            ReduceLatest3(a, b, c) { a, b, c -> Output? in
                guard let a, let b, let c else { return nil }
                return (a, b, c)
            }
            .compactMap { $0 }
            .subscribe(subscriber)
        }
    }
}
