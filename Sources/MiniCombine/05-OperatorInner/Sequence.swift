// snippet.sequence-struct
import Foundation

extension Sequence {
    /// A publisher that sends the elements of this sequence.
    public var publisher: Publishers.Sequence<Self, Never> {
        Publishers.Sequence(sequence: self)
    }
}

extension Publishers {
    /// A publisher that sends a sequence's elements, one per unit of
    /// demand, then finishes.
    public struct Sequence<Elements: Swift.Sequence, Failure: Error>: Publisher
    {
        /// The sequence's elements.
        public typealias Output = Elements.Element

        /// The elements to send.
        public let sequence: Elements

        /// Creates a publisher that sends the elements of `sequence`.
        public init(sequence: Elements) {
            self.sequence = sequence
        }

        /// Hands `subscriber` a subscription that walks the sequence, or
        /// finishes at once if it is empty.
        public func receive<S: Subscriber>(subscriber: S)
        where S.Input == Elements.Element, S.Failure == Failure {
            var elements = sequence.makeIterator()
            guard let first = elements.next() else {
                subscriber.receive(subscription: Subscriptions.empty)
                subscriber.receive(completion: .finished)
                return
            }
            let inner = Inner(
                first: first, rest: elements, downstream: subscriber)
            subscriber.receive(subscription: inner)
        }
    }
}
// snippet.end

extension Publishers.Sequence: Equatable where Elements: Equatable {}

// snippet.sequence-inner
extension Publishers.Sequence {
    /// Walks the sequence for one subscriber, one element per unit of demand.
    private final class Inner<Downstream: Subscriber>: Subscription
    where Downstream.Input == Elements.Element, Downstream.Failure == Failure {
        private let lock = NSLock()
        private var iterator: Elements.Iterator
        private var nextElement: Elements.Element?
        private var downstream: Downstream?
        private var demand = Subscribers.Demand.none
        private var isSending = false

        init(
            first: Elements.Element, rest: Elements.Iterator,
            downstream: Downstream
        ) {
            nextElement = first
            iterator = rest
            self.downstream = downstream
        }
        // snippet.end

        // snippet.sequence-request
        func request(_ more: Subscribers.Demand) {
            lock.lock()
            guard downstream != nil else { return lock.unlock() }
            demand += more
            // Made while the loop below runs, a request only adds to demand.
            guard !isSending else { return lock.unlock() }
            isSending = true
            while demand > 0, let downstream, let element = nextElement {
                demand -= 1
                nextElement = iterator.next()
                lock.unlock()
                let additionalDemand = downstream.receive(element)
                // A cancel may have left this copy the last reference.
                _ = consume downstream
                lock.lock()
                demand += additionalDemand
            }
            isSending = false
            let finished = nextElement == nil ? downstream.take() : nil
            lock.unlock()
            finished?.receive(completion: .finished)
        }

        func cancel() {
            let downstream = lock.withLock { self.downstream.take() }
            withExtendedLifetime(downstream) {}
        }
        // snippet.end
    }
}
