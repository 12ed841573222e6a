import Foundation

extension Publisher {
    /// Combines this publisher with another, and sends a new result
    /// whenever either sends a value.
    ///
    /// `transform` receives the latest value of each publisher, or `nil` for
    /// one that has not sent anything yet. The two-upstream sibling of
    /// `reduceLatest(_:_:_:)`; not part of Combine.
    public func reduceLatest<B: Publisher, Result>(
        _ b: B,
        _ transform: @escaping (Output?, B.Output?) -> Result
    ) -> Publishers.ReduceLatest<Self, B, Result> where B.Failure == Failure {
        Publishers.ReduceLatest(self, b, transform: transform)
    }
}

extension Publishers {
    /// A publisher that sends a result built from the latest values of two
    /// upstream publishers whenever either of them sends a value.
    ///
    /// It behaves as ``ReduceLatest3`` does, with two upstreams: it never
    /// sends more results than its subscriber asked for, delivers the latest
    /// combination once when demand comes back, finishes when both upstreams
    /// have finished, and fails as soon as one fails, cancelling the other.
    /// Upstreams may send from any thread.
    public struct ReduceLatest<A: Publisher, B: Publisher, Output>: Publisher
    where A.Failure == B.Failure {
        /// It fails with the first failure of either upstream.
        public typealias Failure = A.Failure

        /// The first upstream publisher.
        public let a: A

        /// The second upstream publisher.
        public let b: B

        /// Builds a result from the latest value of each upstream, `nil`
        /// for one that has not sent a value yet.
        public let transform: (A.Output?, B.Output?) -> Output

        /// Creates a publisher that combines `a` and `b` with `transform`.
        public init(_ a: A, _ b: B, transform: @escaping (A.Output?, B.Output?) -> Output) {
            self.a = a
            self.b = b
            self.transform = transform
        }

        /// Hands the subscriber its subscription first, then subscribes to
        /// both upstreams on its behalf.
        public func receive<S: Subscriber>(subscriber: S)
        where S.Input == Output, S.Failure == Failure {
            let inner = Inner(downstream: subscriber, transform: transform)
            subscriber.receive(subscription: inner)
            inner.subscribe(to: a, b)
        }
    }
}

extension Publishers.ReduceLatest {
    /// Which of the two upstreams a message comes from.
    fileprivate enum Source: Int {
        case a, b
    }

    /// The latest value of each upstream.
    fileprivate struct Latest {
        var a: A.Output?
        var b: B.Output?
    }

    /// What the subscription knows about one upstream: its subscription
    /// while it is live, and whether it has finished.
    fileprivate struct Upstream {
        var subscription: (any Subscription)?
        var isFinished = false
    }
}

extension Publishers.ReduceLatest {
    /// The subscription: the latest values, the downstream's demand and the
    /// upstream subscriptions, all behind one lock.
    ///
    /// Only the number of upstreams differs from `ReduceLatest3`'s: the
    /// lock is never held while calling out, and one thread at a time
    /// delivers, picking up before it leaves whatever news other threads
    /// left in the state.
    private final class Inner<Downstream: Subscriber>: Subscription
    where Downstream.Input == Output, Downstream.Failure == Failure {
        private let lock = NSLock()
        private let transform: (A.Output?, B.Output?) -> Output
        private var downstream: Downstream?
        private var latest = Latest()
        private var upstreams = [Upstream](repeating: Upstream(), count: 2)
        private var demand = Subscribers.Demand.none
        private var hasUndeliveredChange = false
        private var pendingCompletion: Subscribers.Completion<Failure>?
        private var isDelivering = false

        init(downstream: Downstream, transform: @escaping (A.Output?, B.Output?) -> Output) {
            self.downstream = downstream
            self.transform = transform
        }

        func subscribe(to a: A, _ b: B) {
            a.subscribe(Side(inner: self, source: .a, slot: \.a))
            b.subscribe(Side(inner: self, source: .b, slot: \.b))
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

        /// Sends what is due: the latest combination while there is demand,
        /// then a pending completion.
        ///
        /// Called with the lock held; returns with it released.
        private func deliverAndUnlock() {
            guard !isDelivering else { return lock.unlock() }
            isDelivering = true
            while let downstream {
                if hasUndeliveredChange, demand > 0, !pendingCompletionIsFailure {
                    hasUndeliveredChange = false
                    demand -= 1
                    let snapshot = latest
                    lock.unlock()
                    let more = downstream.receive(transform(snapshot.a, snapshot.b))
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
