import Synchronization

extension Sequence {
    /// A publisher that sends the sequence's elements, then finishes.
    @inlinable public var publisher: Publishers.Sequence<Self, Never> {
        Publishers.Sequence(sequence: self)
    }
}

extension Publishers {
    /// A publisher that sends a sequence's elements as they are asked for.
    public struct Sequence<Elements: Swift.Sequence, Failure: Error>: Publisher
    {
        /// The sequence's elements.
        public typealias Output = Elements.Element
        /// The elements to send.
        public let sequence: Elements

        /// Creates a publisher of `sequence`'s elements.
        @inlinable public init(sequence: Elements) {
            self.sequence = sequence
        }

        /// Sends an empty sequence's completion at once; otherwise gives `subscriber` a subscription.
        @inlinable public func receive<S: Subscriber>(subscriber: S)
        where S.Input == Elements.Element, S.Failure == Failure {
            let inner = Inner(sequence: sequence, downstream: subscriber)
            if inner.isExhausted {
                subscriber.receive(subscription: Subscriptions.empty)
                subscriber.receive(completion: .finished)
            } else {
                subscriber.receive(subscription: inner)
            }
        }

        @usableFromInline
        final class Inner<Downstream: Subscriber>: Subscription
        where
            Downstream.Input == Elements.Element, Downstream.Failure == Failure
        {
            @usableFromInline let lock = Mutex<Void>(())
            @usableFromInline var iterator: Elements.Iterator
            @usableFromInline var nextElement: Elements.Element?
            @usableFromInline var downstream: Downstream?
            @usableFromInline var demand = Subscribers.Demand.none
            @usableFromInline var isSending = false

            @inlinable init(sequence: Elements, downstream: Downstream) {
                iterator = sequence.makeIterator()
                nextElement = iterator.next()
                self.downstream = downstream
            }

            @inlinable var isExhausted: Bool { nextElement == nil }

            @inlinable func request(_ more: Subscribers.Demand) {
                // One copy of the subscriber per request, not one per value.
                let receiver = lock.locked { () -> Downstream? in
                    guard downstream != nil else { return nil }
                    demand += more
                    // Made while the loop below runs, a request only adds to demand.
                    guard !isSending else { return nil }
                    isSending = true
                    return downstream
                }
                guard let receiver else { return }
                // One lock pair per value: the demand a value returns is added when the next
                // one is taken.
                var returned = Subscribers.Demand.none
                while true {
                    let (element, finished) = lock.locked {
                        () -> (Elements.Element?, Downstream?) in
                        demand += returned
                        if downstream != nil, demand > 0,
                            let element = nextElement
                        {
                            demand -= 1
                            nextElement = iterator.next()
                            return (element, nil)
                        }
                        isSending = false
                        return (nil, isExhausted ? downstream.take() : nil)
                    }
                    guard let element else {
                        finished?.receive(completion: .finished)
                        return
                    }
                    returned = receiver.receive(element)
                }
            }

            @inlinable func cancel() {
                // Released outside the lock: the subscriber's `deinit` may call back.
                _ = lock.locked { downstream.take() }
            }
        }
    }
}

/// Subscriptions that publishers share.
public enum Subscriptions {
    /// A subscription that does nothing, for a publisher that completes at once.
    @inlinable public static var empty: any Subscription { EmptySubscription() }
}

@usableFromInline struct EmptySubscription: Subscription {
    @inlinable init() {}
    @inlinable func request(_ demand: Subscribers.Demand) {}
    @inlinable func cancel() {}
}
