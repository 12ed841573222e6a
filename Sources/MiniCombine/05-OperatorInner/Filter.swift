extension Publisher {
    /// Sends on only the values for which `isIncluded` returns `true`,
    /// asking upstream for one more in place of each value left out.
    public func filter(_ isIncluded: @escaping (Output) -> Bool)
        -> Publishers.Filter<Self>
    {
        // exercise.blank: filter(_:)
        Publishers.Filter(upstream: self, isIncluded: isIncluded)
        // exercise.end
    }
}

// snippet.filter-header
extension Publishers {
    /// A publisher that sends on only the values that pass a test.
    public struct Filter<Upstream: Publisher>: Publisher {
        /// The upstream's values.
        public typealias Output = Upstream.Output

        /// The upstream's failure.
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are tested.
        public let upstream: Upstream

        /// The test a value must pass to be sent on.
        public let isIncluded: (Upstream.Output) -> Bool
        // snippet.end

        /// Creates a publisher that tests the values of `upstream`.
        public init(
            upstream: Upstream, isIncluded: @escaping (Upstream.Output) -> Bool
        ) {
            self.upstream = upstream
            self.isIncluded = isIncluded
        }

        // snippet.filter-receive
        /// Subscribes a `DroppingInner` that drops the failing values.
        public func receive<S: Subscriber>(subscriber: S)
        where S.Input == Output, S.Failure == Failure {
            // exercise.blank: Publishers.Filter.receive(subscriber:)
            let isIncluded = self.isIncluded
            upstream.subscribe(
                DroppingInner(downstream: subscriber) { value in
                    isIncluded(value) ? value : nil
                })
            // exercise.end
        }
        // snippet.end
    }
}
