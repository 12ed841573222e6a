import Foundation

// snippet.subject-conduit
/// What the subject needs from each subscription it has handed out,
/// whatever the type of the subscriber behind it.
private protocol SubjectConduit<Output, Failure>: AnyObject {
    associatedtype Output
    associatedtype Failure: Error

    /// Delivers `value` if the subscriber has demand left; drops it if not.
    func offer(_ value: Output)

    /// Delivers the completion and lets go of the subscriber.
    func finish(with completion: Subscribers.Completion<Failure>)
}
// snippet.end

// snippet.passthrough-subject
/// A subject that passes each value on to the subscribers that have asked
/// for one, and keeps nothing.
///
/// A subscriber with no demand left misses the value. Any method may be
/// called from any thread.
public final class PassthroughSubject<Output, Failure: Error>: Subject {
    private let lock = NSLock()
    private var conduits: [any SubjectConduit<Output, Failure>] = []
    private var completion: Subscribers.Completion<Failure>?
    private var upstreamSubscriptions: [any Subscription] = []
    private var hasDemand = false

    /// Creates a subject with no subscribers.
    public init() {}

    deinit {
        for subscription in upstreamSubscriptions {
            subscription.cancel()
        }
    }
}
// snippet.end

// snippet.passthrough-send
extension PassthroughSubject {
    /// Offers `value` to every current subscriber; those with no demand
    /// left miss it.
    public func send(_ value: Output) {
        // Completing empties the list for good, so no completion check.
        let receivers = lock.withLock { conduits }
        for conduit in receivers {
            conduit.offer(value)
        }
    }

    /// Ends the stream for every subscriber; later sends are ignored.
    public func send(completion: Subscribers.Completion<Failure>) {
        let receivers = lock.withLock {
            () -> [any SubjectConduit<Output, Failure>] in
            guard self.completion == nil else { return [] }
            self.completion = completion
            defer { conduits = [] }
            return conduits
        }
        for conduit in receivers {
            conduit.finish(with: completion)
        }
    }
}
// snippet.end

// snippet.passthrough-conduit
extension PassthroughSubject {
    /// One subscriber's subscription: it counts that subscriber's demand and
    /// delivers the values it has room for.
    fileprivate final class Conduit<Downstream: Subscriber>: SubjectConduit,
        Subscription
    where Downstream.Input == Output, Downstream.Failure == Failure {
        private let lock = NSLock()
        private let deliveryLock = NSRecursiveLock()
        private var subject: PassthroughSubject?
        private var downstream: Downstream?
        private var demand = Subscribers.Demand.none

        init(subject: PassthroughSubject, downstream: Downstream) {
            self.subject = subject
            self.downstream = downstream
        }

        /// Runs `join`, which lists this conduit or returns the subject's
        /// completion, then hands this subscription over if it was listed;
        /// both inside `deliveryLock`.
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
    }
}
// snippet.end

// snippet.passthrough-receive
extension PassthroughSubject {
    /// Gives the subscriber its own subscription, or, if the subject has
    /// already completed, an empty subscription and the completion.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
        let conduit = Conduit(subject: self, downstream: subscriber)
        let earlierCompletion = conduit.start {
            lock.withLock { () -> Subscribers.Completion<Failure>? in
                if self.completion == nil {
                    conduits.append(conduit)
                }
                return self.completion
            }
        }
        if let completion = earlierCompletion {
            subscriber.receive(subscription: Subscriptions.empty)
            subscriber.receive(completion: completion)
        }
    }
}
// snippet.end

// snippet.passthrough-conduit-delivery
extension PassthroughSubject.Conduit {
    // Inside `deliveryLock`, a value racing the completion either goes
    // first or finds the subscriber gone.
    func offer(_ value: Output) {
        deliveryLock.withLock {
            let receiver = lock.withLock { () -> Downstream? in
                guard demand > 0, let downstream else { return nil }
                demand -= 1
                return downstream
            }
            guard let receiver else { return }
            let more = receiver.receive(value)
            if more > 0 {
                lock.withLock { demand += more }
            }
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
}
// snippet.end

// snippet.passthrough-conduit-requests
extension PassthroughSubject.Conduit {
    func request(_ more: Subscribers.Demand) {
        precondition(more > 0, "API Violation: demand must not be zero")
        let subject = lock.withLock {
            () -> PassthroughSubject<Output, Failure>? in
            guard downstream != nil else { return nil }
            demand += more
            return self.subject
        }
        subject?.noteDemand()
    }

    func cancel() {
        // Let go of the subscriber outside the lock: its `deinit` might
        // call back.
        let (subject, subscriber) = lock.withLock {
            () -> (PassthroughSubject<Output, Failure>?, Downstream?) in
            guard let downstream = downstream.take() else {
                return (nil, nil)
            }
            return (self.subject.take(), downstream)
        }
        withExtendedLifetime(subscriber) {}
        subject?.remove(self)
    }
}
// snippet.end

// snippet.passthrough-upstream
extension PassthroughSubject {
    /// Keeps an upstream subscription, asking it for everything once any
    /// subscriber of the subject has asked for something.
    public func send(subscription: any Subscription) {
        let shouldRequest = lock.withLock {
            upstreamSubscriptions.append(subscription)
            return hasDemand
        }
        if shouldRequest {
            subscription.request(.unlimited)
        }
    }

    fileprivate func noteDemand() {
        let upstreams = lock.withLock { () -> [any Subscription] in
            guard !hasDemand else { return [] }
            hasDemand = true
            return upstreamSubscriptions
        }
        for subscription in upstreams {
            subscription.request(.unlimited)
        }
    }

    fileprivate func remove(_ conduit: any SubjectConduit<Output, Failure>) {
        lock.withLock {
            conduits.removeAll { $0 === conduit }
        }
    }
}

extension PassthroughSubject: @unchecked Sendable where Output: Sendable {}
// snippet.end
