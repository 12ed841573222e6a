import Foundation

// snippet.try-map
extension Publisher {
    /// Transforms every value with a closure that can throw.
    ///
    /// If `transform` throws, the stream ends there: `tryMap` cancels its
    /// upstream and sends the error downstream as a failure. Because any
    /// error can be thrown, the failure type becomes `any Error`.
    public func tryMap<T>(
        _ transform: @escaping (Output) throws -> T
    ) -> Publishers.TryMap<Self, T> {
        // exercise.blank: tryMap(_:)
        Publishers.TryMap(upstream: self, transform: transform)
        // exercise.end
    }
}

extension Publishers {
    /// A publisher that transforms every value with a throwing closure, and
    /// fails with the first error it throws.
    public struct TryMap<Upstream: Publisher, Output>: Publisher {
        /// `TryMap` fails with whatever its transform throws, or with its
        /// upstream's failure.
        public typealias Failure = any Error

        /// The publisher whose values are transformed.
        public let upstream: Upstream

        /// The transform; throwing ends the stream.
        public let transform: (Upstream.Output) throws -> Output

        /// Creates a publisher that applies `transform` to each value of
        /// `upstream`, failing with the first error it throws.
        public init(
            upstream: Upstream,
            transform: @escaping (Upstream.Output) throws -> Output
        ) {
            self.upstream = upstream
            self.transform = transform
        }

        /// Subscribes to the upstream through an inner object that
        /// applies the transform, ends the stream on an error, and stands as
        /// the subscriber's subscription.
        public func receive<S: Subscriber>(subscriber: S)
        where S.Input == Output, S.Failure == any Error {
            // exercise.blank: Publishers.TryMap.receive(subscriber:)
            upstream.subscribe(
                Inner(downstream: subscriber, transform: transform))
            // exercise.end
        }
    }
}
// snippet.end

// snippet.try-map-inner
extension Publishers.TryMap {
    /// Stands between the upstream and the subscriber: a subscriber facing
    /// up, the subscriber's subscription facing down.
    private final class Inner<Downstream: Subscriber>: Subscriber, Subscription
    where Downstream.Input == Output, Downstream.Failure == any Error {
        typealias Input = Upstream.Output
        typealias Failure = Upstream.Failure

        // exercise.hide
        private let downstream: Downstream
        private let transform: (Upstream.Output) throws -> Output
        private let lock = NSLock()
        private var status = SubscriptionStatus.awaitingSubscription
        // exercise.end

        init(
            downstream: Downstream,
            transform: @escaping (Upstream.Output) throws -> Output
        ) {
            // exercise.blank: TryMap's Inner, init(downstream:transform:)
            self.downstream = downstream
            self.transform = transform
            // exercise.end
        }

        // Facing up: messages from the upstream.

        func receive(subscription: any Subscription) {
            // exercise.blank: TryMap's Inner, receive(subscription:)
            let isFirst = lock.withLock { status.accept(subscription) }
            if isFirst {
                downstream.receive(subscription: self)
            } else {
                subscription.cancel()
            }
            // exercise.end
        }

        func receive(_ input: Upstream.Output) -> Subscribers.Demand {
            // exercise.blank: TryMap's Inner, receive(_:)
            guard lock.withLock({ status.subscription }) != nil else {
                return .none
            }
            do {
                return downstream.receive(try transform(input))
            } catch {
                // A cancel from another thread may have come first.
                guard let upstream = lock.withLock({ status.terminate() })
                else { return .none }
                upstream.cancel()
                downstream.receive(completion: .failure(error))
                return .none
            }
            // exercise.end
        }

        func receive(completion: Subscribers.Completion<Upstream.Failure>) {
            // exercise.blank: TryMap's Inner, receive(completion:)
            guard lock.withLock({ status.terminate() }) != nil else { return }
            switch completion {
            case .finished:
                downstream.receive(completion: .finished)
            case .failure(let failure):
                downstream.receive(completion: .failure(failure))
            }
            // exercise.end
        }

        // Facing down: messages from the subscriber.

        func request(_ demand: Subscribers.Demand) {
            // exercise.blank: TryMap's Inner, request(_:)
            lock.withLock { status.subscription }?.request(demand)
            // exercise.end
        }

        func cancel() {
            // exercise.blank: TryMap's Inner, cancel()
            lock.withLock { status.terminate() }?.cancel()
            // exercise.end
        }
    }
}
// snippet.end
