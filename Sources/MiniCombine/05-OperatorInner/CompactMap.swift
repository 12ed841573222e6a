extension Publisher {
    /// Transforms every value and sends on the results that are not `nil`,
    /// asking upstream for one more in place of each `nil`.
    public func compactMap<T>(
        _ transform: @escaping (Output) -> T?
    ) -> Publishers.CompactMap<Self, T> {
        // exercise.blank: compactMap(_:)
        Publishers.CompactMap(upstream: self, transform: transform)
        // exercise.end
    }
}

extension Publishers {
    /// A publisher that transforms every value and drops the `nil` results.
    public struct CompactMap<Upstream: Publisher, Output>: Publisher {
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are transformed.
        public let upstream: Upstream

        /// The transform; a `nil` result means "send nothing for this value".
        public let transform: (Upstream.Output) -> Output?

        /// Creates a publisher that transforms the values of `upstream`.
        public init(
            upstream: Upstream,
            transform: @escaping (Upstream.Output) -> Output?
        ) {
            self.upstream = upstream
            self.transform = transform
        }

        // snippet.compact-map-receive
        /// Subscribes a `DroppingInner` that drops the `nil` results.
        public func receive<S: Subscriber>(subscriber: S)
        where S.Input == Output, S.Failure == Failure {
            // exercise.blank: Publishers.CompactMap.receive(subscriber:)
            upstream.subscribe(
                DroppingInner(downstream: subscriber, transform: transform))
            // exercise.end
        }
        // snippet.end
    }
}
