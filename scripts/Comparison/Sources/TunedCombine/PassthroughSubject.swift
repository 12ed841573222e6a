import Synchronization

/// A publisher that you send values into by calling its methods.
public protocol Subject<Output, Failure>: AnyObject, Publisher {
    /// Sends `value` to every subscriber that has demand.
    func send(_ value: Output)
    /// Ends the stream for every subscriber.
    func send(completion: Subscribers.Completion<Failure>)
    /// Accepts a subscription when the subject subscribes to a publisher.
    func send(subscription: any Subscription)
}

/// A subject that passes each value on to the subscribers it has when the value is sent.
///
/// Where the book's subject keeps its subscribers as existentials of a protocol that each
/// subscriber's conduit adopts, this one has one conduit class, generic only over `Output`
/// and `Failure`, holding the subscriber in closures made where its type is known. `send` is
/// then specialised end to end, and a delivery is one call through a closure.
public final class PassthroughSubject<Output, Failure: Error>: Subject {
    @usableFromInline let lock = Lock()
    @usableFromInline var conduits: [Conduit] = []
    @usableFromInline var completion: Subscribers.Completion<Failure>?
    @usableFromInline var upstreamSubscriptions: [any Subscription] = []
    @usableFromInline var hasDemand = false

    /// Creates a subject with no subscribers.
    @inlinable public init() {}

    deinit {
        for subscription in upstreamSubscriptions {
            subscription.cancel()
        }
    }

    /// Adds `subscriber`, or completes it at once if the subject has completed.
    @inlinable public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
        let conduit = Conduit(
            subject: self,
            receiver: Receiver(
                receiveValue: { subscriber.receive($0) },
                receiveCompletion: { subscriber.receive(completion: $0) }))
        // The subscription is handed over inside the conduit's delivery lock, so a completion
        // sent from another thread meanwhile waits for it.
        let earlierCompletion = conduit.deliveryLock.withLock {
            () -> Subscribers.Completion<Failure>? in
            let completion = lock.withLock {
                () -> Subscribers.Completion<Failure>? in
                if self.completion == nil {
                    conduits.append(conduit)
                }
                return self.completion
            }
            if completion == nil {
                subscriber.receive(subscription: conduit)
            }
            return completion
        }
        if let completion = earlierCompletion {
            subscriber.receive(subscription: Subscriptions.empty)
            subscriber.receive(completion: completion)
        }
    }

    /// Offers `value` to every current subscriber.
    @inlinable public func send(_ value: Output) {
        let receivers = lock.withLock { conduits }
        for index in receivers.indices {
            // `receivers` keeps every conduit alive, so the loop need not retain each one.
            Unmanaged.passUnretained(receivers[index])._withUnsafeGuaranteedRef
            {
                $0.offer(value)
            }
        }
    }

    /// Completes every subscriber, once; later subscribers get the completion at once.
    @inlinable public func send(completion: Subscribers.Completion<Failure>) {
        let receivers = lock.withLock { () -> [Conduit] in
            guard self.completion == nil else { return [] }
            self.completion = completion
            defer { conduits = [] }
            return conduits
        }
        for conduit in receivers {
            conduit.finish(with: completion)
        }
    }

    /// Keeps `subscription`, and asks it for everything once a subscriber has demand.
    @inlinable public func send(subscription: any Subscription) {
        let shouldRequest = lock.withLock {
            upstreamSubscriptions.append(subscription)
            return hasDemand
        }
        if shouldRequest {
            subscription.request(.unlimited)
        }
    }

    @inlinable func noteDemand() {
        let upstreams = lock.withLock { () -> [any Subscription] in
            defer { hasDemand = true }
            return hasDemand ? [] : upstreamSubscriptions
        }
        for subscription in upstreams {
            subscription.request(.unlimited)
        }
    }

    @inlinable func remove(_ conduit: Conduit) {
        lock.withLock { conduits.removeAll { $0 === conduit } }
    }

    /// The subscriber, as two closures made where its type is known.
    ///
    /// A class with constant closures, so that a call through a reference the caller already
    /// holds needs no retain of the closure's context.
    @usableFromInline final class Receiver {
        @usableFromInline let receiveValue: (Output) -> Subscribers.Demand
        @usableFromInline let receiveCompletion:
            (Subscribers.Completion<Failure>) -> Void

        @inlinable init(
            receiveValue: @escaping (Output) -> Subscribers.Demand,
            receiveCompletion:
                @escaping (Subscribers.Completion<Failure>) -> Void
        ) {
            self.receiveValue = receiveValue
            self.receiveCompletion = receiveCompletion
        }
    }

    /// One subscriber's subscription to the subject.
    @usableFromInline final class Conduit: Subscription {
        // Two locks, as in the book. `lock` guards the state and is held only briefly, so
        // `request(_:)` and `cancel()` never wait for a delivery. `deliveryLock` serialises
        // calls into the subscriber; it is recursive, so that a subscriber may send to the
        // same subject from inside `receive(_:)`. `lock` is a `Mutex` stored in the conduit.
        @usableFromInline let lock = Mutex<Void>(())
        @usableFromInline let deliveryLock = RecursiveLock()
        @usableFromInline var subject: PassthroughSubject<Output, Failure>?
        @usableFromInline var receiver: Receiver?
        @usableFromInline var demand = Subscribers.Demand.none

        @inlinable init(
            subject: PassthroughSubject<Output, Failure>, receiver: Receiver
        ) {
            self.subject = subject
            self.receiver = receiver
        }

        // Inside `deliveryLock`, a value racing the completion on another thread either goes
        // first or finds the subscriber gone.
        @inlinable func offer(_ value: Output) {
            deliveryLock.withLock {
                // Retained, so that a cancel during the call cannot free the subscriber.
                let receiver = lock.locked { () -> Receiver? in
                    guard demand > 0, let receiver = self.receiver else {
                        return nil
                    }
                    demand -= 1
                    return receiver
                }
                guard let receiver else { return }
                let more = receiver.receiveValue(value)
                if more > 0 {
                    lock.locked { demand += more }
                }
            }
        }

        @inlinable func finish(with completion: Subscribers.Completion<Failure>)
        {
            deliveryLock.withLock {
                let receiver = lock.locked { () -> Receiver? in
                    subject = nil
                    return self.receiver.take()
                }
                receiver?.receiveCompletion(completion)
            }
        }

        @inlinable func request(_ more: Subscribers.Demand) {
            precondition(more > 0, "API Violation: demand must not be zero")
            let subject = lock.locked { () -> PassthroughSubject? in
                guard receiver != nil else { return nil }
                demand += more
                return self.subject
            }
            subject?.noteDemand()
        }

        @inlinable func cancel() {
            // The subscriber is let go of outside the lock: its `deinit` may call back.
            let (subject, _) = lock.locked {
                () -> (PassthroughSubject?, Receiver?) in
                guard let taken = receiver.take() else { return (nil, nil) }
                return (self.subject.take(), taken)
            }
            subject?.remove(self)
        }
    }
}

extension PassthroughSubject: @unchecked Sendable where Output: Sendable {}
