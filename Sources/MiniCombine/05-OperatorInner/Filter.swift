// snippet.filter-operator
extension Publisher {
    /// Sends on only the values for which `isIncluded` returns `true`.
    ///
    /// A value that is left out still used up one unit of the downstream's
    /// demand upstream, so `filter` asks upstream for one more in its place:
    /// a subscriber that asks for three values gets three.
    public func filter(_ isIncluded: @escaping (Output) -> Bool)
        -> Publishers.Filter<Self>
    {
        // exercise.blank: filter(_:)
        Publishers.Filter(upstream: self, isIncluded: isIncluded)
        // exercise.end
    }
}
// snippet.end

extension Publishers {
    // snippet.filter
    /// A publisher that sends on only the values that pass a test.
    public struct Filter<Upstream: Publisher>: Publisher {
        /// `Filter` sends values of its upstream's type.
        public typealias Output = Upstream.Output

        /// `Filter` fails exactly when its upstream fails.
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are tested.
        public let upstream: Upstream

        /// The test a value must pass to be sent on.
        public let isIncluded: (Upstream.Output) -> Bool

        /// Creates a publisher that sends on the values of `upstream` that
        /// pass `isIncluded`.
        public init(
            upstream: Upstream, isIncluded: @escaping (Upstream.Output) -> Bool
        ) {
            self.upstream = upstream
            self.isIncluded = isIncluded
        }

        /// Subscribes to the upstream through a small subscriber that
        /// drops the values that fail the test.
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
    }
    // snippet.end
}
