// snippet.map
extension Publishers {
    /// A publisher that transforms every value from its upstream.
    public struct Map<Upstream: Publisher, Output>: Publisher {
        /// `Map` fails exactly when its upstream fails.
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are transformed.
        public let upstream: Upstream

        /// The closure applied to each value.
        public let transform: (Upstream.Output) -> Output

        /// Creates a publisher that applies `transform` to each value of
        /// `upstream`.
        public init(
            upstream: Upstream, transform: @escaping (Upstream.Output) -> Output
        ) {
            self.upstream = upstream
            self.transform = transform
        }

        /// Subscribes to the upstream on the subscriber's behalf, through
        /// a small subscriber that applies the transform.
        public func receive<S: Subscriber>(subscriber: S)
        where S.Input == Output, S.Failure == Failure {
            // exercise.blank: Map.receive(subscriber:)
            upstream.subscribe(
                Inner(downstream: subscriber, transform: transform))
            // exercise.end
        }
    }
}
// snippet.end

// snippet.map-inner
extension Publishers.Map {
    /// The subscriber `Map` attaches to its upstream on behalf of `Downstream`.
    private struct Inner<Downstream: Subscriber>: Subscriber
    where Downstream.Input == Output, Downstream.Failure == Upstream.Failure {
        typealias Input = Upstream.Output
        typealias Failure = Upstream.Failure

        // exercise.hide
        let downstream: Downstream
        let transform: (Upstream.Output) -> Output
        // exercise.end

        func receive(subscription: any Subscription) {
            // exercise.blank: Map's Inner, receive(subscription:)
            downstream.receive(subscription: subscription)
            // exercise.end
        }

        func receive(_ input: Upstream.Output) -> Subscribers.Demand {
            // exercise.blank: Map's Inner, receive(_:)
            downstream.receive(transform(input))
            // exercise.end
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            // exercise.blank: Map's Inner, receive(completion:)
            downstream.receive(completion: completion)
            // exercise.end
        }
    }
}
// snippet.end

// snippet.map-operator
extension Publisher {
    /// Transforms every value from this publisher with `transform`.
    public func map<T>(_ transform: @escaping (Output) -> T)
        -> Publishers.Map<Self, T>
    {
        // exercise.blank: map(_:)
        Publishers.Map(upstream: self, transform: transform)
        // exercise.end
    }
}
// snippet.end
