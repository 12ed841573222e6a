import Foundation

extension Publisher {
    /// Delivers values and the completion through `scheduler`, such as a
    /// `DispatchQueue`.
    ///
    /// `cancel()` drops values waiting in the scheduler, unless the upstream
    /// has already completed.
    public func receive<S: Scheduler>(
        on scheduler: S,
        options: S.SchedulerOptions? = nil
    ) -> Publishers.ReceiveOn<Self, S> {
        // exercise.blank: receive(on:options:)
        Publishers.ReceiveOn(
            upstream: self, scheduler: scheduler, options: options)
        // exercise.end
    }
}

// snippet.receive-on-types
extension Publishers {
    /// A publisher that hands every value and the completion of its
    /// upstream to a scheduler, which delivers them downstream.
    public struct ReceiveOn<Upstream: Publisher, Context: Scheduler>: Publisher
    {
        /// The upstream's values pass through unchanged.
        public typealias Output = Upstream.Output

        /// The upstream's failure passes through unchanged.
        public typealias Failure = Upstream.Failure
        // snippet.end

        /// The publisher whose events are moved.
        public let upstream: Upstream

        /// The scheduler that delivers them.
        public let scheduler: Context

        /// The options passed with every scheduled delivery.
        public let options: Context.SchedulerOptions?

        /// Creates a publisher that delivers `upstream`'s events through
        /// `scheduler`.
        public init(
            upstream: Upstream, scheduler: Context,
            options: Context.SchedulerOptions?
        ) {
            self.upstream = upstream
            self.scheduler = scheduler
            self.options = options
        }

        /// Subscribes to the upstream through an `Inner`.
        public func receive<S: Subscriber>(subscriber: S)
        where S.Input == Output, S.Failure == Failure {
            // exercise.blank: Publishers.ReceiveOn.receive(subscriber:)
            let inner = Inner(
                scheduler: scheduler, options: options, downstream: subscriber)
            upstream.subscribe(inner)
            // exercise.end
        }
    }
}

extension Publishers.ReceiveOn {
    /// Subscriber upstream, subscription downstream: it schedules each
    /// delivery, and passes requests and cancellation up.
    private final class Inner<Downstream: Subscriber>: Subscriber, Subscription
    where Downstream.Input == Output, Downstream.Failure == Failure {
        typealias Input = Upstream.Output
        typealias Failure = Upstream.Failure

        // exercise.hide
        private let scheduler: Context
        private let options: Context.SchedulerOptions?
        private let downstream: Downstream
        private let lock = NSLock()
        private var status = SubscriptionStatus.awaitingSubscription
        // Set when the upstream's completion has been scheduled: nothing
        // more is accepted from upstream, but values already scheduled
        // are still delivered before it.
        private var isCompleting = false
        // exercise.end

        init(
            scheduler: Context, options: Context.SchedulerOptions?,
            downstream: Downstream
        ) {
            // exercise.blank: ReceiveOn's Inner, init(scheduler:options:downstream:)
            self.scheduler = scheduler
            self.options = options
            self.downstream = downstream
            // exercise.end
        }

        func receive(subscription: any Subscription) {
            // exercise.blank: ReceiveOn's Inner, receive(subscription:)
            let isFirst = lock.withLock { status.accept(subscription) }
            if isFirst {
                downstream.receive(subscription: self)
            } else {
                subscription.cancel()
            }
            // exercise.end
        }

        func receive(_ input: Upstream.Output) -> Subscribers.Demand {
            // exercise.blank: ReceiveOn's Inner, receive(_:)
            let isLive = lock.withLock {
                status.subscription != nil && !isCompleting
            }
            guard isLive else { return .none }
            scheduler.schedule(options: options) { self.deliver(input) }
            // The demand comes later, from the delivery.
            return .none
            // exercise.end
        }

        // exercise.hide
        private func deliver(_ input: Upstream.Output) {
            // Dropped if a cancel ended the status while it waited.
            guard lock.withLock({ status.subscription }) != nil else { return }
            let additionalDemand = downstream.receive(input)
            guard additionalDemand > 0 else { return }
            lock.withLock { status.subscription }?.request(additionalDemand)
        }
        // exercise.end

        func receive(completion: Subscribers.Completion<Upstream.Failure>) {
            // exercise.blank: ReceiveOn's Inner, receive(completion:)
            let isFirst = lock.withLock {
                guard status.subscription != nil, !isCompleting else {
                    return false
                }
                isCompleting = true
                return true
            }
            guard isFirst else { return }
            scheduler.schedule(options: options) { self.deliver(completion) }
            // exercise.end
        }

        // exercise.hide
        private func deliver(
            _ completion: Subscribers.Completion<Upstream.Failure>
        ) {
            let upstream = lock.withLock { status.terminate() }
            withExtendedLifetime(upstream) {}
            downstream.receive(completion: completion)
        }
        // exercise.end

        func request(_ demand: Subscribers.Demand) {
            // exercise.blank: ReceiveOn's Inner, request(_:)
            lock.withLock { status.subscription }?.request(demand)
            // exercise.end
        }

        func cancel() {
            // exercise.blank: ReceiveOn's Inner, cancel()
            // Once the upstream has completed, what is scheduled goes through.
            let upstream = lock.withLock {
                isCompleting ? nil : status.terminate()
            }
            upstream?.cancel()
            // exercise.end
        }
    }
}
