import Foundation

// snippet.passthrough-subject
/// A subject that passes each value on to the subscribers that have asked
/// for one, and keeps nothing.
///
/// A value sent while a subscriber has no outstanding demand is dropped for
/// that subscriber, not saved for later. A completion reaches every
/// subscriber whatever its demand; after it, sends are ignored, and a late
/// subscriber receives its subscription and then the same completion at once.
///
/// Any method may be called from any thread. Deliveries to one subscriber
/// never overlap: a send from another thread waits until the current
/// delivery to that subscriber has returned.
public final class PassthroughSubject<Output, Failure: Error>: Subject {
    private let lock = NSLock()
    private var conduits: [SubjectConduit<Output, Failure>] = []
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

    /// Gives the subscriber its own subscription, or, if the subject has
    /// already completed, an empty subscription and the completion.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
        lock.lock()
        if let completion {
            lock.unlock()
            subscriber.receive(subscription: Subscriptions.empty)
            subscriber.receive(completion: completion)
            return
        }
        let conduit = Conduit(subject: self, downstream: subscriber)
        conduits.append(conduit)
        lock.unlock()
        subscriber.receive(subscription: conduit)
    }

    /// Offers `value` to every current subscriber; those with no demand
    /// left miss it.
    public func send(_ value: Output) {
        // No need to check `completion`: completing empties the list for good.
        lock.lock()
        let receivers = conduits
        lock.unlock()
        for conduit in receivers {
            conduit.offer(value)
        }
    }

    /// Ends the stream for every subscriber; later sends are ignored.
    public func send(completion: Subscribers.Completion<Failure>) {
        let receivers = lock.withLock { () -> [SubjectConduit<Output, Failure>] in
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

    fileprivate func remove(_ conduit: SubjectConduit<Output, Failure>) {
        lock.withLock {
            conduits.removeAll { $0 === conduit }
        }
    }
}

extension PassthroughSubject: @unchecked Sendable where Output: Sendable {}

/// What the subject needs from each subscription it has handed out,
/// whatever the subscriber's type.
///
/// `Conduit` below overrides both methods. This base class gives the list
/// of subscribers one type to hold, and a delivery is a plain call through
/// the class's table of methods.
private class SubjectConduit<Output, Failure: Error> {
    func offer(_ value: Output) {
        fatalError("a subclass must override offer(_:)")
    }

    func finish(with completion: Subscribers.Completion<Failure>) {
        fatalError("a subclass must override finish(with:)")
    }
}

/// A value kept in a class, so that copying it copies one reference.
private final class Box<Contents> {
    let contents: Contents

    init(_ contents: Contents) {
        self.contents = contents
    }
}

// snippet.passthrough-conduit
extension PassthroughSubject {
    /// One subscriber's subscription: it counts that subscriber's demand and
    /// delivers the values it has room for.
    private final class Conduit<Downstream: Subscriber>:
        SubjectConduit<Output, Failure>, Subscription
    where Downstream.Input == Output, Downstream.Failure == Failure {
        private let lock = NSLock()
        // Serialises calls into the subscriber. It is recursive so that a
        // subscriber may send to the same subject from inside `receive(_:)`.
        private let deliveryLock = NSRecursiveLock()
        private var subject: PassthroughSubject?
        // In a box, so that taking the subscriber out copies one reference.
        // Copying a `Downstream?` would make the unspecialised code look up
        // that optional's type on every value.
        private var downstream: Box<Downstream>?
        private var demand = Subscribers.Demand.none

        init(subject: PassthroughSubject, downstream: Downstream) {
            self.subject = subject
            self.downstream = Box(downstream)
        }

        // Both deliveries check the state inside `deliveryLock`, so a value
        // racing the completion on another thread either goes first or finds
        // the subscriber gone: it never arrives after the completion.
        override func offer(_ value: Output) {
            deliveryLock.withLock {
                // lock() and unlock(), not a closure returning the box: the
                // appendix shows what such a closure costs per value.
                lock.lock()
                guard demand > 0, let receiver = downstream else { return lock.unlock() }
                demand -= 1
                lock.unlock()
                let more = receiver.contents.receive(value)
                if more > 0 {
                    lock.withLock { demand += more }
                }
            }
        }

        override func finish(with completion: Subscribers.Completion<Failure>) {
            deliveryLock.withLock {
                let receiver = lock.withLock { () -> Box<Downstream>? in
                    subject = nil
                    return downstream.take()
                }
                receiver?.contents.receive(completion: completion)
            }
        }

        func request(_ more: Subscribers.Demand) {
            precondition(more > 0, "API Violation: demand must not be zero")
            let subject = lock.withLock { () -> PassthroughSubject? in
                guard downstream != nil else { return nil }
                demand += more
                return self.subject
            }
            subject?.noteDemand()
        }

        func cancel() {
            let subject = lock.withLock { () -> PassthroughSubject? in
                guard downstream.take() != nil else { return nil }
                return self.subject.take()
            }
            subject?.remove(self)
        }
    }
}
// snippet.end
