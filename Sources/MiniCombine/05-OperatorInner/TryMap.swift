// snippet.try-map-operator
import Foundation

extension Publisher {
    /// Transforms every value with a closure that can throw.
    ///
    /// The first error cancels the upstream and ends the stream as a failure.
    public func tryMap<T>(
        _ transform: @escaping (Output) throws -> T
    ) -> Publishers.TryMap<Self, T> {
        // exercise.blank: tryMap(_:)
        Publishers.TryMap(upstream: self, transform: transform)
        // exercise.end
    }
}
// snippet.end

// snippet.try-map-publisher
extension Publishers {
    /// A publisher that transforms values with a throwing closure.
    public struct TryMap<Upstream: Publisher, Output>: Publisher {
        /// What the transform throws, or the upstream's failure.
        public typealias Failure = any Error

        /// The publisher whose values are transformed.
        public let upstream: Upstream

        /// The transform; throwing ends the stream.
        public let transform: (Upstream.Output) throws -> Output

        /// Creates a publisher that transforms the values of `upstream`.
        public init(
            upstream: Upstream,
            transform: @escaping (Upstream.Output) throws -> Output
        ) {
            self.upstream = upstream
            self.transform = transform
        }

        /// Subscribes an `Inner` that stands between upstream and subscriber.
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
        // snippet.end

        // snippet.try-map-receive
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
        // snippet.end

        // snippet.try-map-rest
        func receive(completion: Subscribers.Completion<Upstream.Failure>) {
            // exercise.blank: TryMap's Inner, receive(completion:)
            guard let upstream = lock.withLock({ status.terminate() }) else {
                return
            }
            withExtendedLifetime(upstream) {}
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
        // snippet.end
    }
}
