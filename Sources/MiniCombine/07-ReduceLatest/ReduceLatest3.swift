// snippet.reduce-latest-operator
import Foundation

extension Publisher {
    /// Combines this publisher with two others, and sends a new result
    /// whenever any of the three sends a value.
    ///
    /// `transform` receives the latest value of each publisher, or `nil` for
    /// one that has not sent anything yet. Not part of Combine.
    public func reduceLatest<B: Publisher, C: Publisher, Result>(
        _ b: B,
        _ c: C,
        _ transform: @escaping (Output?, B.Output?, C.Output?) -> Result
    ) -> Publishers.ReduceLatest3<Self, B, C, Result>
    where B.Failure == Failure, C.Failure == Failure {
        // exercise.blank: reduceLatest(_:_:_:)
        Publishers.ReduceLatest3(self, b, c, transform: transform)
        // exercise.end
    }
}
// snippet.end

// snippet.reduce-latest
extension Publishers {
    /// A publisher that combines the latest values of three upstreams.
    ///
    /// Values that arrive while the subscriber has no demand make one
    /// result, built from the newest values once demand comes. If the stream
    /// fails or finishes first, that result is never sent.
    public struct ReduceLatest3<
        A: Publisher, B: Publisher, C: Publisher, Output
    >: Publisher
    where A.Failure == B.Failure, A.Failure == C.Failure {
        /// It fails with the first failure of any upstream.
        public typealias Failure = A.Failure

        /// The first upstream publisher.
        public let a: A

        /// The second upstream publisher.
        public let b: B

        /// The third upstream publisher.
        public let c: C

        /// Builds a result from the latest values, `nil` where none came yet.
        public let transform: (A.Output?, B.Output?, C.Output?) -> Output

        /// Creates a publisher that combines `a`, `b` and `c` with `transform`.
        public init(
            _ a: A, _ b: B, _ c: C,
            transform: @escaping (A.Output?, B.Output?, C.Output?) -> Output
        ) {
            self.a = a
            self.b = b
            self.c = c
            self.transform = transform
        }
    }
}
// snippet.end

// snippet.reduce-latest-receive
extension Publishers.ReduceLatest3 {
    /// Hands the subscriber its subscription first, then subscribes to
    /// the three upstreams on its behalf.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
        // exercise.blank: Publishers.ReduceLatest3.receive(subscriber:)
        let inner = Inner(downstream: subscriber, transform: transform)
        subscriber.receive(subscription: inner)
        inner.subscribe(to: a, b, c)
        // exercise.end
    }
}
// snippet.end

// snippet.reduce-latest-inner
extension Publishers.ReduceLatest3 {
    /// The subscription, which combines the upstreams' values for one
    /// subscriber.
    ///
    /// It calls the subscriber from one thread at a time: news that arrives
    /// during a delivery joins the next result.
    fileprivate final class Inner<Downstream: Subscriber>: Subscription
    where Downstream.Input == Output, Downstream.Failure == Failure {
        // exercise.hide
        private let lock = NSLock()
        private let transform: (A.Output?, B.Output?, C.Output?) -> Output
        private var downstream: Downstream?
        private var latest = Latest()
        private var upstreams = [UpstreamState](
            repeating: UpstreamState(), count: 3)
        private var demand = Subscribers.Demand.none
        private var hasUndeliveredChange = false
        private var pendingCompletion: Subscribers.Completion<Failure>?
        private var isDelivering = false
        // exercise.end

        init(
            downstream: Downstream,
            transform: @escaping (A.Output?, B.Output?, C.Output?) -> Output
        ) {
            // exercise.blank: ReduceLatest3's subscription, init(downstream:transform:)
            self.downstream = downstream
            self.transform = transform
            // exercise.end
        }
    }
}
// snippet.end

// snippet.reduce-latest-state
extension Publishers.ReduceLatest3.Inner {
    /// Which of the three upstreams a message comes from.
    enum Source: Int {
        case a, b, c
    }

    /// The latest value of each upstream.
    struct Latest {
        var a: A.Output?
        var b: B.Output?
        var c: C.Output?
    }

    /// What the subscription knows about one upstream.
    struct UpstreamState {
        var subscription: (any Subscription)?
        var isFinished = false
    }
}
// snippet.end

// snippet.reduce-latest-side
extension Publishers.ReduceLatest3.Inner {
    /// The subscriber attached to one upstream: it says which upstream is
    /// speaking, and where its values go.
    struct Side<Input>: Subscriber {
        typealias Failure = Downstream.Failure

        // Written in full: with a bare `Inner`, the compiler reports
        // "cannot find type 'Inner' in scope".
        let inner: Publishers.ReduceLatest3<A, B, C, Output>.Inner<Downstream>
        let source: Source
        let slot: WritableKeyPath<Latest, Input?>

        func receive(subscription: any Subscription) {
            inner.upstream(source, sent: subscription)
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            inner.upstream(source, sent: input, into: slot)
            return .none
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            inner.upstream(source, completedWith: completion)
        }
    }
}
// snippet.end

// snippet.reduce-latest-subscribe
extension Publishers.ReduceLatest3.Inner {
    func subscribe(to a: A, _ b: B, _ c: C) {
        // exercise.blank: ReduceLatest3's subscription, subscribe(to:_:_:)
        a.subscribe(Side(inner: self, source: .a, slot: \.a))
        b.subscribe(Side(inner: self, source: .b, slot: \.b))
        c.subscribe(Side(inner: self, source: .c, slot: \.c))
        // exercise.end
    }
}
// snippet.end

// snippet.reduce-latest-delivery
extension Publishers.ReduceLatest3.Inner {
    // exercise.hide
    /// Sends what is due: the latest combination while there is demand,
    /// then a pending completion.
    ///
    /// Called with the lock held; returns with it released.
    private func deliverAndUnlock() {
        guard !isDelivering else { return lock.unlock() }
        isDelivering = true
        while downstream != nil {
            if hasUndeliveredChange, demand > 0, !failureIsPending {
                sendLatestCombination()
            } else if let completion = pendingCompletion {
                return sendCompletionAndUnlock(completion)
            } else {
                break
            }
        }
        isDelivering = false
        lock.unlock()
    }
    // exercise.end
}
// snippet.end

// snippet.reduce-latest-send-combination
extension Publishers.ReduceLatest3.Inner {
    // exercise.hide
    /// Sends one result made from the latest values.
    ///
    /// Called with the lock held; returns with it held.
    private func sendLatestCombination() {
        hasUndeliveredChange = false
        demand -= 1  // `.unlimited` minus one stays `.unlimited`.
        let more: Subscribers.Demand
        do {  // Its locals are released by its end, before relocking.
            let (receiver, snapshot) = (downstream, latest)
            lock.unlock()
            more =
                receiver?.receive(
                    transform(snapshot.a, snapshot.b, snapshot.c))
                ?? .none
        }
        lock.lock()
        demand += more
    }
    // exercise.end
}
// snippet.end

// snippet.reduce-latest-send-completion
extension Publishers.ReduceLatest3.Inner {
    // exercise.hide
    /// Sends the completion, the subscriber's last message.
    ///
    /// Called with the lock held; returns with it released.
    private func sendCompletionAndUnlock(
        _ completion: Subscribers.Completion<Downstream.Failure>
    ) {
        // Used last after the unlock, so released unlocked.
        let receiver = downstream.take()
        isDelivering = false
        lock.unlock()
        receiver?.receive(completion: completion)
    }
    // exercise.end
}
// snippet.end

// snippet.reduce-latest-failure-pending
extension Publishers.ReduceLatest3.Inner {
    // exercise.hide
    private var failureIsPending: Bool {
        if case .failure = pendingCompletion { true } else { false }
    }
    // exercise.end
}
// snippet.end

// snippet.reduce-latest-upstream-subscription
extension Publishers.ReduceLatest3.Inner {
    func upstream(_ source: Source, sent subscription: any Subscription) {
        // exercise.blank: ReduceLatest3's subscription, upstream(_:sent:) for a subscription
        let accepted = lock.withLock { () -> Bool in
            guard downstream != nil, pendingCompletion == nil,
                upstreams[source.rawValue].subscription == nil,
                !upstreams[source.rawValue].isFinished
            else { return false }
            upstreams[source.rawValue].subscription = subscription
            return true
        }
        if accepted {
            subscription.request(.unlimited)
        } else {
            subscription.cancel()
        }
        // exercise.end
    }
}
// snippet.end

// snippet.reduce-latest-request
extension Publishers.ReduceLatest3.Inner {
    func request(_ more: Subscribers.Demand) {
        // exercise.blank: ReduceLatest3's subscription, request(_:)
        precondition(more > 0, "API Violation: demand must not be zero")
        lock.lock()
        guard downstream != nil else { return lock.unlock() }
        demand += more
        deliverAndUnlock()
        // exercise.end
    }
}
// snippet.end

// snippet.reduce-latest-upstream-value
extension Publishers.ReduceLatest3.Inner {
    func upstream<Value>(
        _ source: Source, sent value: Value,
        into slot: WritableKeyPath<Latest, Value?>
    ) {
        // exercise.blank: ReduceLatest3's subscription, upstream(_:sent:into:) for a value
        lock.lock()
        guard downstream != nil, !upstreams[source.rawValue].isFinished
        else {
            return lock.unlock()
        }
        let old = latest[keyPath: slot]
        latest[keyPath: slot] = value
        hasUndeliveredChange = true
        deliverAndUnlock()
        // Unlocked now: `old` may go.
        withExtendedLifetime(old) {}
        // exercise.end
    }
}
// snippet.end

// snippet.reduce-latest-take
extension Publishers.ReduceLatest3.Inner {
    // exercise.hide
    /// Removes and returns the upstream subscriptions still held.
    private func takeUpstreamSubscriptions() -> [any Subscription] {
        var taken: [any Subscription] = []
        for index in upstreams.indices {
            if let subscription = upstreams[index].subscription.take() {
                taken.append(subscription)
            }
        }
        return taken
    }
    // exercise.end
}
// snippet.end

// snippet.reduce-latest-cancel
extension Publishers.ReduceLatest3.Inner {
    func cancel() {
        // exercise.blank: ReduceLatest3's subscription, cancel()
        let (subscriber, subscriptions) = lock.withLock {
            () -> (Downstream?, [any Subscription]) in
            guard let subscriber = downstream.take() else {
                return (nil, [])
            }
            return (subscriber, takeUpstreamSubscriptions())
        }
        for subscription in subscriptions {
            subscription.cancel()
        }
        // Unlocked now: `subscriber` may go.
        withExtendedLifetime(subscriber) {}
        // exercise.end
    }
}
// snippet.end

// snippet.reduce-latest-upstream-completion
extension Publishers.ReduceLatest3.Inner {
    func upstream(
        _ source: Source,
        completedWith completion: Subscribers.Completion<Downstream.Failure>
    ) {
        // exercise.blank: ReduceLatest3's subscription, upstream(_:completedWith:)
        lock.lock()
        guard downstream != nil, pendingCompletion == nil,
            !upstreams[source.rawValue].isFinished
        else { return lock.unlock() }
        let old = upstreams[source.rawValue].subscription
        upstreams[source.rawValue] = UpstreamState(
            subscription: nil, isFinished: true)
        switch completion {
        case .finished:
            if upstreams.allSatisfy(\.isFinished) {
                pendingCompletion = .finished
            }
            deliverAndUnlock()
        // snippet.reduce-latest-failure-case
        case .failure:
            pendingCompletion = completion
            // Cancelled and let go of before relocking: both call out.
            do {
                let others = takeUpstreamSubscriptions()
                lock.unlock()
                for subscription in others {
                    subscription.cancel()
                }
            }
            lock.lock()
            deliverAndUnlock()
        // snippet.end
        }
        // Unlocked now: `old` may go.
        withExtendedLifetime(old) {}
        // exercise.end
    }
}
// snippet.end
