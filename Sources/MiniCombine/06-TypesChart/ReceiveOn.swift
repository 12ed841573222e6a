import Foundation

// snippet.receive-on-operator
extension Publisher {
    /// Delivers values and completion through `scheduler`, for example on
    /// a given `DispatchQueue`.
    ///
    /// Only the delivery moves: the subscription reaches the subscriber at
    /// once, on the subscribing thread, and `request` and `cancel` go
    /// straight to the upstream from whichever thread calls them. Demand the
    /// subscriber returns from a delivered value is requested from the
    /// upstream after the delivery. After `cancel()`, values still waiting
    /// in the scheduler are dropped; a completion the upstream had already
    /// sent is still delivered, as in Combine.
    public func receive<S: Scheduler>(
        on scheduler: S,
        options: S.SchedulerOptions? = nil
    ) -> Publishers.ReceiveOn<Self, S> {
        // exercise.blank: receive(on:options:)
        Publishers.ReceiveOn(upstream: self, scheduler: scheduler, options: options)
        // exercise.end
    }
}
// snippet.end

// snippet.receive-on
extension Publishers {
    /// A publisher that hands every value and the completion of its
    /// upstream to a scheduler, which delivers them downstream.
    public struct ReceiveOn<Upstream: Publisher, Context: Scheduler>: Publisher {
        /// The upstream's values pass through unchanged.
        public typealias Output = Upstream.Output

        /// The upstream's failure passes through unchanged.
        public typealias Failure = Upstream.Failure

        /// The publisher whose events are moved to the scheduler.
        public let upstream: Upstream

        /// The scheduler that delivers each value and the completion.
        public let scheduler: Context

        /// The options passed with every scheduled delivery.
        public let options: Context.SchedulerOptions?

        /// Creates a publisher that delivers `upstream`'s events through
        /// `scheduler`, with `options`.
        public init(upstream: Upstream, scheduler: Context, options: Context.SchedulerOptions?) {
            self.upstream = upstream
            self.scheduler = scheduler
            self.options = options
        }

        /// Subscribes to the upstream through an `Inner` that schedules each
        /// delivery.
        public func receive<S: Subscriber>(subscriber: S)
        where S.Input == Output, S.Failure == Failure {
            // exercise.blank: Publishers.ReceiveOn.receive(subscriber:)
            let inner = Inner(scheduler: scheduler, options: options, downstream: subscriber)
            upstream.subscribe(inner)
            // exercise.end
        }
    }
}
// snippet.end

// snippet.receive-on-inner
extension Publishers.ReceiveOn {
    /// Subscriber to the upstream and subscription to the downstream: it
    /// schedules each delivery, and passes requests and cancellation up.
    ///
    /// Its state is reached from two threads: the scheduler's, which
    /// delivers, and whichever thread calls `request` or `cancel`. A lock
    /// guards it, held only to read or change the state and never while
    /// calling the upstream or the downstream, which may call back in.
    /// `NSLock` works on every platform the book runs on without an
    /// availability check (`Mutex` needs macOS 15); chapter 7 is about locks.
    private final class Inner<Downstream: Subscriber>: Subscriber, Subscription
    where Downstream.Input == Output, Downstream.Failure == Failure {
        typealias Input = Upstream.Output
        typealias Failure = Upstream.Failure

        // exercise.hide
        private enum State {
            case awaitingSubscription
            case subscribed(any Subscription)
            /// The upstream has completed; the completion is in the scheduler.
            case completing(any Subscription)
            case terminated
        }

        private let scheduler: Context
        private let options: Context.SchedulerOptions?
        private let downstream: Downstream
        private let lock = NSLock()
        private var state = State.awaitingSubscription
        // exercise.end

        init(scheduler: Context, options: Context.SchedulerOptions?, downstream: Downstream) {
            // exercise.blank: ReceiveOn's Inner, init(scheduler:options:downstream:)
            self.scheduler = scheduler
            self.options = options
            self.downstream = downstream
            // exercise.end
        }

        // exercise.hide
        /// Runs `body` with the lock held; `body` only reads or changes the
        /// state.
        private func withState<Result>(_ body: (inout State) -> Result) -> Result {
            lock.lock()
            defer { lock.unlock() }
            return body(&state)
        }
        // exercise.end

        func receive(subscription: any Subscription) {
            // exercise.blank: ReceiveOn's Inner, receive(subscription:)
            let isFirst = withState { state in
                guard case .awaitingSubscription = state else { return false }
                state = .subscribed(subscription)
                return true
            }
            guard isFirst else {
                subscription.cancel()
                return
            }
            downstream.receive(subscription: self)
            // exercise.end
        }

        func receive(_ input: Upstream.Output) -> Subscribers.Demand {
            // exercise.blank: ReceiveOn's Inner, receive(_:)
            let isSubscribed = withState { state in
                if case .subscribed = state { true } else { false }
            }
            guard isSubscribed else { return .none }
            scheduler.schedule(options: options) { self.deliver(input) }
            // The demand comes later, from the delivery.
            return .none
            // exercise.end
        }

        // exercise.hide
        private func deliver(_ input: Upstream.Output) {
            guard liveSubscription() != nil else { return }
            let additionalDemand = downstream.receive(input)
            guard additionalDemand > 0 else { return }
            liveSubscription()?.request(additionalDemand)
        }
        // exercise.end

        func receive(completion: Subscribers.Completion<Upstream.Failure>) {
            // exercise.blank: ReceiveOn's Inner, receive(completion:)
            let isFirst = withState { state in
                guard case .subscribed(let subscription) = state else { return false }
                state = .completing(subscription)
                return true
            }
            guard isFirst else { return }
            scheduler.schedule(options: options) { self.deliver(completion) }
            // exercise.end
        }

        // exercise.hide
        private func deliver(_ completion: Subscribers.Completion<Upstream.Failure>) {
            withState { $0 = .terminated }
            downstream.receive(completion: completion)
        }
        // exercise.end

        func request(_ demand: Subscribers.Demand) {
            // exercise.blank: ReceiveOn's Inner, request(_:)
            let subscription = withState { state -> (any Subscription)? in
                guard case .subscribed(let subscription) = state else { return nil }
                return subscription
            }
            subscription?.request(demand)
            // exercise.end
        }

        func cancel() {
            // exercise.blank: ReceiveOn's Inner, cancel()
            let subscription = withState { state -> (any Subscription)? in
                guard case .subscribed(let subscription) = state else { return nil }
                state = .terminated
                return subscription
            }
            subscription?.cancel()
            // exercise.end
        }

        // exercise.hide
        /// The upstream's subscription, while values may still be delivered.
        private func liveSubscription() -> (any Subscription)? {
            withState { state in
                switch state {
                case .subscribed(let subscription), .completing(let subscription):
                    subscription
                case .awaitingSubscription, .terminated:
                    nil
                }
            }
        }
        // exercise.end
    }
}
// snippet.end
