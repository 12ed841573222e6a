import Foundation

extension Publisher {
    /// Combines this publisher with two others, and sends the latest value
    /// of each, as a tuple, whenever any of them sends a value, once all
    /// three have sent at least one.
    public func combineLatest<B: Publisher, C: Publisher>(
        _ b: B, _ c: C
    ) -> Publishers.CombineLatest3<Self, B, C>
    where B.Failure == Failure, C.Failure == Failure {
        Publishers.CombineLatest3(self, b, c)
    }

    /// Combines this publisher with two others, and sends the result of
    /// `transform` on the latest value of each whenever any of them sends a
    /// value, once all three have sent at least one.
    ///
    /// Unlike `reduceLatest`'s, `transform` never sees a missing value.
    public func combineLatest<B: Publisher, C: Publisher, Result>(
        _ b: B, _ c: C,
        _ transform: @escaping (Output, B.Output, C.Output) -> Result
    ) -> Publishers.Map<Publishers.CombineLatest3<Self, B, C>, Result>
    where B.Failure == Failure, C.Failure == Failure {
        combineLatest(b, c).map(transform)
    }
}

extension Publishers {
    /// A publisher that sends the latest values of three upstream
    /// publishers whenever any of them sends a value, once every one of them
    /// has sent a value.
    ///
    /// Demand, completion and threads are handled as in ``ReduceLatest3``:
    /// never more results than requested, the latest combination once when
    /// demand comes back, `.finished` when all three have finished, and the
    /// first failure at once, cancelling the other upstreams.
    public struct CombineLatest3<A: Publisher, B: Publisher, C: Publisher>: Publisher
    where A.Failure == B.Failure, A.Failure == C.Failure {
        /// The latest value of each upstream.
        public typealias Output = (A.Output, B.Output, C.Output)

        /// It fails with the first failure of any upstream.
        public typealias Failure = A.Failure

        /// The first upstream publisher.
        public let a: A

        /// The second upstream publisher.
        public let b: B

        /// The third upstream publisher.
        public let c: C

        /// Creates a publisher that combines the latest values of `a`, `b`
        /// and `c`.
        public init(_ a: A, _ b: B, _ c: C) {
            self.a = a
            self.b = b
            self.c = c
        }

        /// Hands the subscriber its subscription first, then subscribes to
        /// the three upstreams on its behalf.
        public func receive<S: Subscriber>(subscriber: S)
        where S.Input == Output, S.Failure == Failure {
            let inner = Inner(downstream: subscriber)
            subscriber.receive(subscription: inner)
            inner.subscribe(to: a, b, c)
        }
    }
}

extension Publishers.CombineLatest3 {
    /// Which of the three upstreams a message comes from.
    fileprivate enum Source: Int {
        case a, b, c
    }

    /// The latest value of each upstream, `nil` until it has sent one.
    fileprivate struct Latest {
        var a: A.Output?
        var b: B.Output?
        var c: C.Output?

        /// The three values, once every upstream has sent one.
        var combination: Output? {
            guard let a, let b, let c else { return nil }
            return (a, b, c)
        }
    }

    /// What the subscription knows about one upstream.
    fileprivate struct Upstream {
        var subscription: (any Subscription)?
        var isFinished = false
    }
}

extension Publishers.CombineLatest3 {
    /// The subscription, built like `ReduceLatest3`'s: one lock around the
    /// state, never held while calling out, and one delivering thread at a
    /// time.
    ///
    /// One thing changes: a change is deliverable only once ``Latest`` has a
    /// complete combination. Until then it waits in the state, however much
    /// demand there is.
    private final class Inner<Downstream: Subscriber>: Subscription
    where Downstream.Input == Output, Downstream.Failure == Failure {
        private let lock = NSLock()
        private var downstream: Downstream?
        private var latest = Latest()
        private var upstreams = [Upstream](repeating: Upstream(), count: 3)
        private var demand = Subscribers.Demand.none
        private var hasUndeliveredChange = false
        private var pendingCompletion: Subscribers.Completion<Failure>?
        private var isDelivering = false

        init(downstream: Downstream) {
            self.downstream = downstream
        }

        func subscribe(to a: A, _ b: B, _ c: C) {
            a.subscribe(Side(inner: self, source: .a, slot: \.a))
            b.subscribe(Side(inner: self, source: .b, slot: \.b))
            c.subscribe(Side(inner: self, source: .c, slot: \.c))
        }

        // Messages from the downstream.

        func request(_ more: Subscribers.Demand) {
            precondition(more > 0, "API Violation: demand must not be zero")
            lock.lock()
            guard downstream != nil else { return lock.unlock() }
            demand += more
            deliverAndUnlock()
        }

        func cancel() {
            lock.lock()
            guard downstream != nil else { return lock.unlock() }
            downstream = nil
            let subscriptions = takeUpstreamSubscriptions()
            lock.unlock()
            for subscription in subscriptions {
                subscription.cancel()
            }
        }

        // Messages from the upstreams, through their `Side`s.

        func upstream(_ source: Source, sent subscription: any Subscription) {
            let accepted = lock.withLock { () -> Bool in
                let upstream = upstreams[source.rawValue]
                guard downstream != nil, pendingCompletion == nil, upstream.subscription == nil,
                    !upstream.isFinished
                else { return false }
                upstreams[source.rawValue].subscription = subscription
                return true
            }
            if accepted {
                subscription.request(.unlimited)
            } else {
                subscription.cancel()
            }
        }

        func upstream<Value>(
            _ source: Source, sent value: Value, into slot: WritableKeyPath<Latest, Value?>
        ) {
            lock.lock()
            guard downstream != nil, !upstreams[source.rawValue].isFinished else {
                return lock.unlock()
            }
            latest[keyPath: slot] = value
            hasUndeliveredChange = true
            deliverAndUnlock()
        }

        func upstream(_ source: Source, completedWith completion: Subscribers.Completion<Failure>) {
            lock.lock()
            guard downstream != nil, pendingCompletion == nil,
                !upstreams[source.rawValue].isFinished
            else { return lock.unlock() }
            upstreams[source.rawValue] = Upstream(subscription: nil, isFinished: true)
            switch completion {
            case .finished:
                if upstreams.allSatisfy(\.isFinished) {
                    pendingCompletion = .finished
                }
                deliverAndUnlock()
            case .failure:
                pendingCompletion = completion
                let others = takeUpstreamSubscriptions()
                lock.unlock()
                for subscription in others {
                    subscription.cancel()
                }
                lock.lock()
                deliverAndUnlock()
            }
        }

        // Delivering, one thread at a time.

        /// Sends what is due: the latest complete combination while there
        /// is demand, then a pending completion.
        ///
        /// Called with the lock held; returns with it released.
        private func deliverAndUnlock() {
            guard !isDelivering else { return lock.unlock() }
            isDelivering = true
            while let downstream {
                if hasUndeliveredChange, demand > 0, !pendingCompletionIsFailure,
                    let combination = latest.combination
                {
                    hasUndeliveredChange = false
                    demand -= 1
                    lock.unlock()
                    let more = downstream.receive(combination)
                    lock.lock()
                    demand += more
                } else if let completion = pendingCompletion {
                    self.downstream = nil
                    isDelivering = false
                    lock.unlock()
                    downstream.receive(completion: completion)
                    return
                } else {
                    break
                }
            }
            isDelivering = false
            lock.unlock()
        }

        private var pendingCompletionIsFailure: Bool {
            if case .failure = pendingCompletion { true } else { false }
        }

        /// Removes and returns the upstream subscriptions still held.
        ///
        /// Called with the lock held.
        private func takeUpstreamSubscriptions() -> [any Subscription] {
            var taken: [any Subscription] = []
            for index in upstreams.indices {
                if let subscription = upstreams[index].subscription.take() {
                    taken.append(subscription)
                }
            }
            return taken
        }
    }

    /// The subscriber the subscription attaches to one upstream: it says
    /// which upstream is speaking, and where its values go.
    private struct Side<Downstream: Subscriber, Input>: Subscriber
    where Downstream.Input == Output, Downstream.Failure == Failure {
        typealias Failure = A.Failure

        let inner: Inner<Downstream>
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
