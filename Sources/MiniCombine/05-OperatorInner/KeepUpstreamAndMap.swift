// snippet.keep-upstream-operator
extension Publisher {
    /// Transforms every value with `transform`, and sends the original value
    /// together with the result.
    ///
    /// Not part of Combine: the book's example of an operator written from
    /// scratch. It is equivalent to
    /// `map { element in (element: element, transformed: transform(element)) }`.
    public func keepUpstreamAndMap<T>(
        _ transform: @escaping (Output) -> T
    ) -> Publishers.KeepUpstreamAndMap<Self, T> {
        // exercise.blank: keepUpstreamAndMap(_:)
        Publishers.KeepUpstreamAndMap(upstream: self, transform: transform)
        // exercise.end
    }
}
// snippet.end

extension Publishers {
    // snippet.keep-upstream
    /// A publisher that sends each upstream value alongside its transformed
    /// version.
    ///
    /// Like `Map`, it adds no subscription of its own: the upstream's
    /// subscription goes straight to the downstream subscriber.
    public struct KeepUpstreamAndMap<Upstream: Publisher, Transformed>: Publisher {
        /// Each value is sent with the result of transforming it.
        public typealias Output = (element: Upstream.Output, transformed: Transformed)

        /// `KeepUpstreamAndMap` fails exactly when its upstream fails.
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are transformed.
        public let upstream: Upstream

        /// The closure applied to each value.
        public let transform: (Upstream.Output) -> Transformed

        /// Creates a publisher that pairs each value of `upstream` with the
        /// result of `transform`.
        public init(upstream: Upstream, transform: @escaping (Upstream.Output) -> Transformed) {
            self.upstream = upstream
            self.transform = transform
        }

        /// Subscribes to the upstream on the subscriber's behalf, through a
        /// small subscriber that pairs each value with its transform.
        public func receive<S: Subscriber>(subscriber: S)
        where S.Input == Output, S.Failure == Failure {
            // exercise.blank: Publishers.KeepUpstreamAndMap.receive(subscriber:)
            upstream.subscribe(Inner(downstream: subscriber, transform: transform))
            // exercise.end
        }
    }
    // snippet.end
}

// snippet.keep-upstream-inner
extension Publishers.KeepUpstreamAndMap {
    /// Pairs each value with its transform and passes everything else through.
    private struct Inner<Downstream: Subscriber>: Subscriber
    where Downstream.Input == Output, Downstream.Failure == Failure {
        typealias Input = Upstream.Output
        typealias Failure = Upstream.Failure

        // exercise.hide
        let downstream: Downstream
        let transform: (Upstream.Output) -> Transformed
        // exercise.end

        func receive(subscription: any Subscription) {
            // exercise.blank: KeepUpstreamAndMap's Inner, receive(subscription:)
            downstream.receive(subscription: subscription)
            // exercise.end
        }

        func receive(_ input: Upstream.Output) -> Subscribers.Demand {
            // exercise.blank: KeepUpstreamAndMap's Inner, receive(_:)
            downstream.receive((element: input, transformed: transform(input)))
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
