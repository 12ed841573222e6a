import Foundation

extension Publisher {
    /// Subscribes to this publisher, and sends it every request and
    /// cancellation, through `scheduler`.
    ///
    /// It moves the other direction from `receive(on:)`: the messages going
    /// up move, while values and the completion come down untouched, on
    /// whichever thread the upstream sends them. Use it to start a slow
    /// publisher's work somewhere else.
    public func subscribe<S: Scheduler>(
        on scheduler: S,
        options: S.SchedulerOptions? = nil
    ) -> Publishers.SubscribeOn<Self, S> {
        Publishers.SubscribeOn(
            upstream: self, scheduler: scheduler, options: options)
    }
}

extension Publishers {
    /// A publisher that subscribes to its upstream, and passes requests and
    /// cancellation to it, through a scheduler.
    public struct SubscribeOn<Upstream: Publisher, Context: Scheduler>:
        Publisher
    {
        /// The upstream's values pass through unchanged.
        public typealias Output = Upstream.Output

        /// The upstream's failure passes through unchanged.
        public typealias Failure = Upstream.Failure

        /// The publisher subscribed to through the scheduler.
        public let upstream: Upstream

        /// The scheduler that runs the subscription, requests and
        /// cancellation.
        public let scheduler: Context

        /// The options passed with every scheduled action.
        public let options: Context.SchedulerOptions?

        /// Creates a publisher that subscribes to `upstream` through
        /// `scheduler`, with `options`.
        public init(
            upstream: Upstream, scheduler: Context,
            options: Context.SchedulerOptions?
        ) {
            self.upstream = upstream
            self.scheduler = scheduler
            self.options = options
        }

        /// Schedules the subscription to the upstream; the subscriber hears
        /// nothing until the scheduler has run it.
        public func receive<S: Subscriber>(subscriber: S)
        where S.Input == Output, S.Failure == Failure {
            let inner = Inner(
                scheduler: scheduler, options: options, downstream: subscriber)
            let upstream = self.upstream
            scheduler.schedule(options: options) { upstream.subscribe(inner) }
        }
    }
}

extension Publishers.SubscribeOn {
    /// Subscriber to the upstream and subscription to the downstream: it
    /// passes values and the completion straight down, and schedules each
    /// request and cancellation on their way up.
    ///
    /// Like `receive(on:)`'s, its state is reached from two threads (the
    /// scheduler's, where the subscription arrives, and whichever thread
    /// the subscriber calls from), so a lock guards it, and is never held
    /// while calling out. A second lock keeps the scheduled calls into the
    /// upstream one at a time, even on a scheduler that runs actions side
    /// by side.
    private final class Inner<Downstream: Subscriber>: Subscriber, Subscription
    where Downstream.Input == Output, Downstream.Failure == Failure {
        typealias Input = Upstream.Output
        typealias Failure = Upstream.Failure

        private enum State {
            case awaitingSubscription
            case subscribed(any Subscription)
            case terminated
        }

        private let scheduler: Context
        private let options: Context.SchedulerOptions?
        private let downstream: Downstream
        private let lock = NSLock()
        private let upstreamLock = NSLock()
        private var state = State.awaitingSubscription

        init(
            scheduler: Context, options: Context.SchedulerOptions?,
            downstream: Downstream
        ) {
            self.scheduler = scheduler
            self.options = options
            self.downstream = downstream
        }

        /// The upstream's subscription while the stream is live, read under
        /// the lock; `end` also marks the stream as over.
        private func liveSubscription(end: Bool = false) -> (any Subscription)?
        {
            lock.withLock {
                guard case .subscribed(let subscription) = state else {
                    return nil
                }
                if end {
                    state = .terminated
                }
                return subscription
            }
        }

        // Facing up: messages from the upstream, passed straight down.

        func receive(subscription: any Subscription) {
            let isFirst = lock.withLock {
                guard case .awaitingSubscription = state else { return false }
                state = .subscribed(subscription)
                return true
            }
            guard isFirst else {
                subscription.cancel()
                return
            }
            downstream.receive(subscription: self)
        }

        func receive(_ input: Upstream.Output) -> Subscribers.Demand {
            guard liveSubscription() != nil else { return .none }
            return downstream.receive(input)
        }

        func receive(completion: Subscribers.Completion<Upstream.Failure>) {
            guard liveSubscription(end: true) != nil else { return }
            downstream.receive(completion: completion)
        }

        // Facing down: messages from the subscriber, scheduled on their way up.

        func request(_ demand: Subscribers.Demand) {
            guard let subscription = liveSubscription() else { return }
            scheduler.schedule(options: options) { [upstreamLock] in
                upstreamLock.withLock { subscription.request(demand) }
            }
        }

        func cancel() {
            guard let subscription = liveSubscription(end: true) else { return }
            scheduler.schedule(options: options) { [upstreamLock] in
                upstreamLock.withLock { subscription.cancel() }
            }
        }
    }
}
