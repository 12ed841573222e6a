// snippet.keep-upstream-operator
extension Publisher {
    /// Sends every value together with what `transform` makes of it, as a
    /// pair `(original:mapped:)`.
    ///
    /// Not part of Combine: the book's example of an operator written from
    /// scratch. It sends what
    /// `map { value in (original: value, mapped: transform(value)) }` sends.
    public func keepUpstreamAndMap<Mapped>(
        _ transform: @escaping (Output) -> Mapped
    ) -> Publishers.KeepUpstreamAndMap<Self, Mapped> {
        // exercise.blank: keepUpstreamAndMap(_:)
        Publishers.KeepUpstreamAndMap(upstream: self, transform: transform)
        // exercise.end
    }
}
// snippet.end

extension Publishers {
    // snippet.keep-upstream
    /// A publisher that pairs each upstream value with the result of a
    /// transform.
    ///
    /// Like `Map`, it adds no subscription of its own: the upstream's
    /// subscription goes straight to the downstream subscriber.
    public struct KeepUpstreamAndMap<Upstream: Publisher, Mapped>: Publisher {
        /// The upstream's value, then the transform's result.
        public typealias Output = (original: Upstream.Output, mapped: Mapped)

        /// `KeepUpstreamAndMap` fails exactly when its upstream fails.
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are paired.
        public let upstream: Upstream

        /// The closure applied to each value.
        public let transform: (Upstream.Output) -> Mapped

        /// Creates a publisher that pairs each value of `upstream` with the
        /// result of `transform`.
        public init(
            upstream: Upstream, transform: @escaping (Upstream.Output) -> Mapped
        ) {
            self.upstream = upstream
            self.transform = transform
        }

        /// Subscribes to the upstream through a small subscriber that
        /// builds the pairs.
        public func receive<S: Subscriber>(subscriber: S)
        where S.Input == Output, S.Failure == Failure {
            // exercise.blank: Publishers.KeepUpstreamAndMap.receive(subscriber:)
            upstream.subscribe(
                Inner(downstream: subscriber, transform: transform))
            // exercise.end
        }
    }
    // snippet.end
}

// snippet.keep-upstream-inner
extension Publishers.KeepUpstreamAndMap {
    /// Builds one pair per value; the subscription and the completion go
    /// through untouched.
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

        func receive(_ value: Upstream.Output) -> Subscribers.Demand {
            // exercise.blank: KeepUpstreamAndMap's Inner, receive(_:)
            let pair = (original: value, mapped: transform(value))
            return downstream.receive(pair)
            // exercise.end
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            // exercise.blank: KeepUpstreamAndMap's Inner, receive(completion:)
            downstream.receive(completion: completion)
            // exercise.end
        }
    }
}
// snippet.end
