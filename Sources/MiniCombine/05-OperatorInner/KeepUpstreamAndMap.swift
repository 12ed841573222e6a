extension Publisher {
    /// Sends every value paired with what `transform` makes of it.
    ///
    /// Not part of Combine: the book's own operator.
    public func keepUpstreamAndMap<Mapped>(
        _ transform: @escaping (Output) -> Mapped
    ) -> Publishers.KeepUpstreamAndMap<Self, Mapped> {
        // exercise.blank: keepUpstreamAndMap(_:)
        Publishers.KeepUpstreamAndMap(upstream: self, transform: transform)
        // exercise.end
    }
}

extension Publishers {
    /// A publisher that pairs each value with the result of a transform.
    public struct KeepUpstreamAndMap<Upstream: Publisher, Mapped>: Publisher {
        /// The upstream's value, then the transform's result.
        public typealias Output = (original: Upstream.Output, mapped: Mapped)

        /// The upstream's failure.
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are paired.
        public let upstream: Upstream

        /// The closure applied to each value.
        public let transform: (Upstream.Output) -> Mapped

        /// Creates a publisher that pairs the values of `upstream`.
        public init(
            upstream: Upstream, transform: @escaping (Upstream.Output) -> Mapped
        ) {
            self.upstream = upstream
            self.transform = transform
        }

        /// Subscribes an `Inner` that builds the pairs.
        public func receive<S: Subscriber>(subscriber: S)
        where S.Input == Output, S.Failure == Failure {
            // exercise.blank: Publishers.KeepUpstreamAndMap.receive(subscriber:)
            upstream.subscribe(
                Inner(downstream: subscriber, transform: transform))
            // exercise.end
        }
    }
}

extension Publishers.KeepUpstreamAndMap {
    /// Builds one pair per value; passes the rest straight down.
    private struct Inner<Downstream: Subscriber>: Subscriber
    where Downstream.Input == Output, Downstream.Failure == Failure {
        typealias Input = Upstream.Output
        typealias Failure = Upstream.Failure

        // exercise.hide
        let downstream: Downstream
        let transform: (Upstream.Output) -> Mapped
        // exercise.end

        func receive(subscription: any Subscription) {
            // exercise.blank: KeepUpstreamAndMap's Inner, receive(subscription:)
            downstream.receive(subscription: subscription)
            // exercise.end
        }

        // snippet.keep-upstream-pair
        func receive(_ value: Upstream.Output) -> Subscribers.Demand {
            // exercise.blank: KeepUpstreamAndMap's Inner, receive(_:)
            let pair = (original: value, mapped: transform(value))
            return downstream.receive(pair)
            // exercise.end
        }
        // snippet.end

        func receive(completion: Subscribers.Completion<Failure>) {
            // exercise.blank: KeepUpstreamAndMap's Inner, receive(completion:)
            downstream.receive(completion: completion)
            // exercise.end
        }
    }
}
