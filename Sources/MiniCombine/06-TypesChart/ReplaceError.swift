import Foundation

extension Publisher {
    /// Turns a failure into one last value, `output`, followed by `.finished`.
    ///
    /// The replacement counts as a value: if the subscriber has no demand
    /// left, it waits for the next request.
    public func replaceError(with output: Output)
        -> Publishers.ReplaceError<Self>
    {
        // exercise.blank: replaceError(with:)
        Publishers.ReplaceError(upstream: self, output: output)
        // exercise.end
    }
}

// snippet.replace-error
extension Publishers {
    /// A publisher that cannot fail: it replaces its upstream's failure with
    /// a value and finishes.
    public struct ReplaceError<Upstream: Publisher>: Publisher {
        /// The upstream's values pass through unchanged.
        public typealias Output = Upstream.Output

        /// The failure is replaced, so none is left to send.
        public typealias Failure = Never

        /// The publisher whose failure is replaced.
        public let upstream: Upstream

        /// The value sent in place of the failure.
        public let output: Upstream.Output

        /// Creates a publisher that sends `output` if `upstream` fails.
        public init(upstream: Upstream, output: Upstream.Output) {
            self.upstream = upstream
            self.output = output
        }

        /// Subscribes to the upstream through an `Inner`.
        public func receive<S: Subscriber>(subscriber: S)
        where S.Input == Output, S.Failure == Never {
            // exercise.blank: Publishers.ReplaceError.receive(subscriber:)
            upstream.subscribe(Inner(output: output, downstream: subscriber))
            // exercise.end
        }
    }
}
// snippet.end

extension Publishers.ReplaceError {
    /// Subscriber upstream, subscription downstream: it counts demand.
    private final class Inner<Downstream: Subscriber>: Subscriber, Subscription
    where Downstream.Input == Output, Downstream.Failure == Never {
        typealias Input = Upstream.Output
        typealias Failure = Upstream.Failure

        // exercise.hide
        private let output: Output
        private let downstream: Downstream
        private let lock = NSLock()
        private var status = SubscriptionStatus.awaitingSubscription
        private var demand = Subscribers.Demand.none
        // Set when the upstream failed while the downstream had no demand:
        // the replacement waits for the next request.
        private var replacementIsWaiting = false
        // exercise.end

        init(output: Output, downstream: Downstream) {
            // exercise.blank: ReplaceError's Inner, init(output:downstream:)
            self.output = output
            self.downstream = downstream
            // exercise.end
        }

        func receive(subscription: any Subscription) {
            // exercise.blank: ReplaceError's Inner, receive(subscription:)
            let isFirst = lock.withLock { status.accept(subscription) }
            if isFirst {
                downstream.receive(subscription: self)
            } else {
                subscription.cancel()
            }
            // exercise.end
        }

        func receive(_ input: Upstream.Output) -> Subscribers.Demand {
            // exercise.blank: ReplaceError's Inner, receive(_:)
            let isLive = lock.withLock {
                guard status.subscription != nil, !replacementIsWaiting else {
                    return false
                }
                demand -= 1
                return true
            }
            guard isLive else { return .none }
            let additionalDemand = downstream.receive(input)
            lock.withLock { demand += additionalDemand }
            return additionalDemand
            // exercise.end
        }

        func receive(completion: Subscribers.Completion<Upstream.Failure>) {
            // exercise.blank: ReplaceError's Inner, receive(completion:)
            // The ended subscription leaves the lock too, as in `Sink`.
            let (sendsNow, upstream) = lock.withLock {
                () -> (Bool, (any Subscription)?) in
                guard status.subscription != nil, !replacementIsWaiting else {
                    return (false, nil)
                }
                if case .failure = completion, demand == .none {
                    replacementIsWaiting = true
                    return (false, nil)
                }
                return (true, status.terminate())
            }
            withExtendedLifetime(upstream) {}
            guard sendsNow else { return }
            switch completion {
            case .finished:
                downstream.receive(completion: .finished)
            case .failure:
                sendReplacement()
            }
            // exercise.end
        }

        // exercise.hide
        private func sendReplacement() {
            _ = downstream.receive(output)
            downstream.receive(completion: .finished)
        }
        // exercise.end

        func request(_ demand: Subscribers.Demand) {
            // exercise.blank: ReplaceError's Inner, request(_:)
            precondition(demand > 0, "API Violation: demand must not be zero")
            let (upstream, sendsReplacement, ended) = lock.withLock {
                () -> ((any Subscription)?, Bool, (any Subscription)?) in
                if replacementIsWaiting, status.subscription != nil {
                    return (nil, true, status.terminate())
                }
                self.demand += demand
                return (status.subscription, false, nil)
            }
            withExtendedLifetime(ended) {}
            upstream?.request(demand)
            if sendsReplacement {
                sendReplacement()
            }
            // exercise.end
        }

        func cancel() {
            // exercise.blank: ReplaceError's Inner, cancel()
            lock.withLock { status.terminate() }?.cancel()
            // exercise.end
        }
    }
}
