import Foundation

/// A subject that always has a value: the one it was created with, or the
/// latest one sent.
///
/// A new subscriber receives the current value as soon as it asks for
/// one, then every later value it has demand for. A subscriber that has no
/// demand when values are sent misses them, but not the last one: its next
/// request delivers the subject's current value. After a completion, sends
/// are ignored and `value` no longer changes.
///
/// Any method may be called from any thread, as with
/// ``PassthroughSubject``: deliveries to one subscriber never overlap.
public final class CurrentValueSubject<Output, Failure: Error>: Subject {
    private let lock = NSLock()
    private var current: Output
    private var conduits: [any CurrentValueConduit<Output, Failure>] = []
    private var completion: Subscribers.Completion<Failure>?
    private var upstreamSubscriptions: [any Subscription] = []

    /// The latest value; setting it sends the new value to the subscribers.
    public var value: Output {
        get { lock.withLock { current } }
        set { send(newValue) }
    }

    /// Creates a subject whose current value is `value`.
    public init(_ value: Output) {
        current = value
    }

    deinit {
        for subscription in upstreamSubscriptions {
            subscription.cancel()
        }
    }

    /// Gives the subscriber its own subscription, or, if the subject has
    /// already completed, an empty subscription and the completion.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
        let conduit = Conduit(subject: self, downstream: subscriber)
        let earlierCompletion = conduit.start {
            lock.withLock { () -> Subscribers.Completion<Failure>? in
                if completion == nil {
                    conduits.append(conduit)
                }
                return completion
            }
        }
        if let completion = earlierCompletion {
            subscriber.receive(subscription: Subscriptions.empty)
            subscriber.receive(completion: completion)
        }
    }

    /// Makes `value` the current value and offers it to every subscriber.
    public func send(_ value: Output) {
        let receivers = lock.withLock {
            () -> [any CurrentValueConduit<Output, Failure>] in
            guard completion == nil else { return [] }
            current = value
            return conduits
        }
        for conduit in receivers {
            conduit.offer(value)
        }
    }

    /// Ends the stream for every subscriber; later sends are ignored.
    public func send(completion: Subscribers.Completion<Failure>) {
        let receivers = lock.withLock {
            () -> [any CurrentValueConduit<Output, Failure>] in
            guard self.completion == nil else { return [] }
            self.completion = completion
            defer { conduits = [] }
            return conduits
        }
        for conduit in receivers {
            conduit.finish(with: completion)
        }
    }

    /// Keeps an upstream subscription and asks it for everything: the
    /// subject always takes the latest value, whoever is listening.
    public func send(subscription: any Subscription) {
        lock.withLock { upstreamSubscriptions.append(subscription) }
        subscription.request(.unlimited)
    }

    fileprivate func remove(_ conduit: any CurrentValueConduit<Output, Failure>)
    {
        lock.withLock {
            conduits.removeAll { $0 === conduit }
        }
    }
}

extension CurrentValueSubject: @unchecked Sendable where Output: Sendable {}

/// What the subject needs from each subscription it has handed out.
private protocol CurrentValueConduit<Output, Failure>: AnyObject {
    associatedtype Output
    associatedtype Failure: Error

    func offer(_ value: Output)
    func finish(with completion: Subscribers.Completion<Failure>)
}

extension CurrentValueSubject {
    /// One subscriber's subscription: it counts that subscriber's demand,
    /// and remembers whether the subscriber has seen the current value.
    private final class Conduit<Downstream: Subscriber>: Subscription,
        CurrentValueConduit
    where Downstream.Input == Output, Downstream.Failure == Failure {
        private let lock = NSLock()
        // Serialises calls into the subscriber, as in `PassthroughSubject`.
        private let deliveryLock = NSRecursiveLock()
        private var subject: CurrentValueSubject?
        private var downstream: Downstream?
        private var demand = Subscribers.Demand.none
        // `false` until the first request, and again whenever a value is
        // sent while the subscriber has no demand: its next request then
        // delivers the subject's current value.
        private var hasCurrentValue = false

        init(subject: CurrentValueSubject, downstream: Downstream) {
            self.subject = subject
            self.downstream = downstream
        }

        /// Joins the subject and hands this subscription over, both inside
        /// `deliveryLock`.
        ///
        /// As in `PassthroughSubject`, a completion sent from another thread
        /// once the conduit is listed waits for the subscription. Returns
        /// `join`'s earlier completion, if any; then nothing is handed over.
        func start(joining join: () -> Subscribers.Completion<Failure>?)
            -> Subscribers.Completion<Failure>?
        {
            deliveryLock.withLock {
                let completion = join()
                if completion == nil {
                    lock.withLock { downstream }?.receive(subscription: self)
                }
                return completion
            }
        }

        func offer(_ value: Output) {
            deliveryLock.withLock {
                let receiver = lock.withLock { () -> Downstream? in
                    guard let downstream else { return nil }
                    guard demand > 0 else {
                        hasCurrentValue = false
                        return nil
                    }
                    demand -= 1
                    hasCurrentValue = true
                    return downstream
                }
                guard let receiver else { return }
                deliver(value, to: receiver)
            }
        }

        func finish(with completion: Subscribers.Completion<Failure>) {
            deliveryLock.withLock {
                let receiver = lock.withLock { () -> Downstream? in
                    subject = nil
                    return downstream.take()
                }
                receiver?.receive(completion: completion)
            }
        }

        func request(_ more: Subscribers.Demand) {
            precondition(more > 0, "API Violation: demand must not be zero")
            deliveryLock.withLock {
                let catchUp = lock.withLock {
                    () -> (Downstream, CurrentValueSubject)? in
                    guard let downstream else { return nil }
                    demand += more
                    guard !hasCurrentValue, let subject else { return nil }
                    hasCurrentValue = true
                    demand -= 1
                    return (downstream, subject)
                }
                guard let (receiver, subject) = catchUp else { return }
                // Read outside this conduit's lock: the subject has a lock
                // of its own. A send racing this read waits for
                // `deliveryLock`, so its value still arrives after this one.
                deliver(subject.value, to: receiver)
            }
        }

        func cancel() {
            let subject = lock.withLock { () -> CurrentValueSubject? in
                guard downstream.take() != nil else { return nil }
                return self.subject.take()
            }
            subject?.remove(self)
        }

        /// Sends one value whose demand is already counted, then adds the
        /// subscriber's answer.
        ///
        /// Called inside `deliveryLock`.
        private func deliver(_ value: Output, to receiver: Downstream) {
            let more = receiver.receive(value)
            if more > 0 {
                lock.withLock { demand += more }
            }
        }
    }
}
