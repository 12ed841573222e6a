import Foundation

extension Publisher {
    /// Combines the latest values of three publishers with `transform` whenever one sends.
    @inlinable public func reduceLatest<B: Publisher, C: Publisher, Result>(
        _ b: B, _ c: C,
        _ transform: @escaping (Output?, B.Output?, C.Output?) -> Result
    ) -> Publishers.ReduceLatest3<Self, B, C, Result>
    where B.Failure == Failure, C.Failure == Failure {
        Publishers.ReduceLatest3(self, b, c, transform: transform)
    }
}

extension Publishers {
    /// The publisher `reduceLatest(_:_:_:)` returns.
    public struct ReduceLatest3<
        A: Publisher, B: Publisher, C: Publisher, Output
    >: Publisher
    where A.Failure == B.Failure, A.Failure == C.Failure {
        /// The upstreams' failure.
        public typealias Failure = A.Failure
        /// The first upstream.
        public let a: A
        /// The second upstream.
        public let b: B
        /// The third upstream.
        public let c: C
        /// Combines the latest values.
        public let transform: (A.Output?, B.Output?, C.Output?) -> Output

        /// Creates the publisher.
        @inlinable public init(
            _ a: A, _ b: B, _ c: C,
            transform: @escaping (A.Output?, B.Output?, C.Output?) -> Output
        ) {
            self.a = a
            self.b = b
            self.c = c
            self.transform = transform
        }

        /// Subscribes to the three upstreams on `subscriber`'s behalf.
        @inlinable public func receive<S: Subscriber>(subscriber: S)
        where S.Input == Output, S.Failure == Failure {
            let inner = Inner(downstream: subscriber, transform: transform)
            subscriber.receive(subscription: inner)
            inner.subscribe(to: a, b, c)
        }
    }
}

extension Publishers.ReduceLatest3 {
    @usableFromInline enum Source: Int {
        case a, b, c
    }

    @usableFromInline struct Latest {
        @usableFromInline var a: A.Output?
        @usableFromInline var b: B.Output?
        @usableFromInline var c: C.Output?
        @inlinable init() {}
    }

    @usableFromInline struct Upstream {
        @usableFromInline var subscription: (any Subscription)?
        @usableFromInline var isFinished = false
        @inlinable init(
            subscription: (any Subscription)? = nil, isFinished: Bool = false
        ) {
            self.subscription = subscription
            self.isFinished = isFinished
        }
    }

    @usableFromInline final class Inner<Downstream: Subscriber>: Subscription
    where Downstream.Input == Output, Downstream.Failure == Failure {
        @usableFromInline let lock = NSLock()
        @usableFromInline let transform:
            (A.Output?, B.Output?, C.Output?) -> Output
        @usableFromInline var downstream: Downstream?
        @usableFromInline var latest = Latest()
        @usableFromInline var upstreams = [Upstream](
            repeating: Upstream(), count: 3)
        @usableFromInline var demand = Subscribers.Demand.none
        @usableFromInline var hasUndeliveredChange = false
        @usableFromInline var pendingCompletion:
            Subscribers.Completion<Failure>?
        @usableFromInline var isDelivering = false

        @inlinable init(
            downstream: Downstream,
            transform: @escaping (A.Output?, B.Output?, C.Output?) -> Output
        ) {
            self.downstream = downstream
            self.transform = transform
        }

        @inlinable func subscribe(to a: A, _ b: B, _ c: C) {
            a.subscribe(Side(inner: self, source: .a, slot: \.a))
            b.subscribe(Side(inner: self, source: .b, slot: \.b))
            c.subscribe(Side(inner: self, source: .c, slot: \.c))
        }

        @inlinable func request(_ more: Subscribers.Demand) {
            precondition(more > 0, "API Violation: demand must not be zero")
            lock.lock()
            guard downstream != nil else { return lock.unlock() }
            demand += more
            deliverAndUnlock()
        }

        @inlinable func cancel() {
            lock.lock()
            // The subscriber is let go of after the lock: its `deinit` may call back.
            guard let receiver = downstream.take() else { return lock.unlock() }
            let subscriptions = takeUpstreamSubscriptions()
            lock.unlock()
            withExtendedLifetime(receiver) {}
            for subscription in subscriptions {
                subscription.cancel()
            }
        }

        @inlinable func upstream(
            _ source: Source, sent subscription: any Subscription
        ) {
            lock.lock()
            let upstream = upstreams[source.rawValue]
            let accepted =
                downstream != nil && pendingCompletion == nil
                && upstream.subscription == nil
                && !upstream.isFinished
            if accepted {
                upstreams[source.rawValue].subscription = subscription
            }
            lock.unlock()
            if accepted {
                subscription.request(.unlimited)
            } else {
                subscription.cancel()
            }
        }

        @inlinable func upstream<Value>(
            _ source: Source, sent value: Value,
            into slot: WritableKeyPath<Latest, Value?>
        ) {
            lock.lock()
            guard downstream != nil, !upstreams[source.rawValue].isFinished
            else {
                return lock.unlock()
            }
            // One walk of the key path swaps the new value in; the old one is
            // released on leaving, after the lock: letting go calls out.
            var released: Value? = value
            swap(&latest[keyPath: slot], &released)
            defer { withExtendedLifetime(released) {} }
            hasUndeliveredChange = true
            deliverAndUnlock()
        }

        @inlinable func upstream(
            _ source: Source,
            completedWith completion: Subscribers.Completion<Failure>
        ) {
            lock.lock()
            guard downstream != nil, pendingCompletion == nil,
                !upstreams[source.rawValue].isFinished
            else { return lock.unlock() }
            upstreams[source.rawValue] = Upstream(
                subscription: nil, isFinished: true)
            switch completion {
            case .finished:
                if upstreams.allSatisfy(\.isFinished) {
                    pendingCompletion = .finished
                }
                deliverAndUnlock()
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
            }
        }

        @inlinable func deliverAndUnlock() {
            guard !isDelivering else { return lock.unlock() }
            isDelivering = true
            while downstream != nil {
                if hasUndeliveredChange, demand > 0, !pendingCompletionIsFailure
                {
                    hasUndeliveredChange = false
                    demand -= 1
                    let more: Subscribers.Demand
                    do {  // `receiver` is let go of at `}`, before relocking.
                        let (receiver, snapshot) = (downstream, latest)
                        lock.unlock()
                        more =
                            receiver?.receive(
                                transform(snapshot.a, snapshot.b, snapshot.c))
                            ?? .none
                    }
                    lock.lock()
                    demand += more
                } else if let completion = pendingCompletion {
                    let receiver = downstream
                    downstream = nil
                    isDelivering = false
                    lock.unlock()
                    receiver?.receive(completion: completion)
                    return
                } else {
                    break
                }
            }
            isDelivering = false
            lock.unlock()
        }

        @inlinable var pendingCompletionIsFailure: Bool {
            if case .failure = pendingCompletion { true } else { false }
        }

        @inlinable func takeUpstreamSubscriptions() -> [any Subscription] {
            var taken: [any Subscription] = []
            for index in upstreams.indices {
                if let subscription = upstreams[index].subscription.take() {
                    taken.append(subscription)
                }
            }
            return taken
        }
    }

    @usableFromInline struct Side<Downstream: Subscriber, Input>: Subscriber
    where Downstream.Input == Output, Downstream.Failure == Failure {
        @usableFromInline typealias Failure = A.Failure
        @usableFromInline let inner: Inner<Downstream>
        @usableFromInline let source: Source
        @usableFromInline let slot: WritableKeyPath<Latest, Input?>

        @inlinable init(
            inner: Inner<Downstream>, source: Source,
            slot: WritableKeyPath<Latest, Input?>
        ) {
            self.inner = inner
            self.source = source
            self.slot = slot
        }

        @inlinable func receive(subscription: any Subscription) {
            inner.upstream(source, sent: subscription)
        }

        @inlinable func receive(_ input: Input) -> Subscribers.Demand {
            inner.upstream(source, sent: input, into: slot)
            return .none
        }

        @inlinable func receive(completion: Subscribers.Completion<Failure>) {
            inner.upstream(source, completedWith: completion)
        }
    }
}
