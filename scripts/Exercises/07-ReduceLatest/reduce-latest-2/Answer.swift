extension Publisher {
    /// Combines this publisher with another, and sends a new result
    /// whenever either sends a value.
    ///
    /// `transform` receives the latest value of each publisher, or `nil` for
    /// one that has not sent anything yet. The two-upstream sibling of
    /// `reduceLatest(_:_:_:)`; not part of Combine.
    public func reduceLatest<B: Publisher, Result>(
        _ b: B,
        _ transform: @escaping (Output?, B.Output?) -> Result
    ) -> Publishers.ReduceLatest<Self, B, Result> where B.Failure == Failure {
        Publishers.ReduceLatest(self, b, transform: transform)
    }
}

extension Publishers {
    /// A publisher that sends a result built from the latest values of two
    /// upstream publishers whenever either of them sends a value.
    ///
    /// It behaves as ``ReduceLatest3`` does, with two upstreams: it never
    /// sends more results than its subscriber asked for, delivers the latest
    /// combination once when demand comes back, finishes when both upstreams
    /// have finished, and fails as soon as one fails, cancelling the other.
    /// Upstreams may send from any thread.
    public struct ReduceLatest<A: Publisher, B: Publisher, Output>: Publisher
    where A.Failure == B.Failure {
        /// It fails with the first failure of either upstream.
        public typealias Failure = A.Failure

        /// The first upstream publisher.
        public let a: A

        /// The second upstream publisher.
        public let b: B

        /// Builds a result from the latest value of each upstream, `nil`
        /// for one that has not sent a value yet.
        public let transform: (A.Output?, B.Output?) -> Output

        /// Creates a publisher that combines `a` and `b` with `transform`.
        public init(
            _ a: A, _ b: B,
            transform: @escaping (A.Output?, B.Output?) -> Output
        ) {
            self.a = a
            self.b = b
            self.transform = transform
        }

        /// Subscribes `subscriber` to a ``ReduceLatest3`` whose third
        /// upstream sends nothing and finishes at once.
        ///
        /// An empty sequence never changes the latest values and never
        /// holds back the completion, so every result, demand and
        /// completion is the one two upstreams would give.
        ///
        /// Nesting the other way, `ReduceLatest3` as a `ReduceLatest` of a
        /// `ReduceLatest`, tangles the optionals: the outer one sees the
        /// inner pair as one value, `(A.Output?, B.Output?)?`, `nil` until
        /// `a` or `b` has sent, and each side taken out of it is an optional
        /// of an optional, to be flattened by hand.
        public func receive<S: Subscriber>(subscriber: S)
        where S.Input == Output, S.Failure == Failure {
            let nothing = Publishers.Sequence<[Never], Failure>(sequence: [])
            ReduceLatest3(a, b, nothing) { a, b, _ in transform(a, b) }
                .subscribe(subscriber)
        }
    }
}
