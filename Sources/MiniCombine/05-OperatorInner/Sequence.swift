// snippet.sequence-struct
import Foundation

extension Sequence {
    /// A publisher that sends the elements of this sequence.
    public var publisher: Publishers.Sequence<Self, Never> {
        // exercise.blank: Sequence.publisher
        Publishers.Sequence(sequence: self)
        // exercise.end
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
            // exercise.blank: Publishers.Sequence.receive(subscriber:)
            var elements = sequence.makeIterator()
            guard let first = elements.next() else {
                subscriber.receive(subscription: Subscriptions.empty)
                subscriber.receive(completion: .finished)
                return
            }
            let inner = Inner(
                first: first, rest: elements, downstream: subscriber)
            subscriber.receive(subscription: inner)
            // exercise.end
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
        // exercise.hide
        private let lock = NSLock()
        private var iterator: Elements.Iterator
        private var nextElement: Elements.Element?
        private var downstream: Downstream?
        private var demand = Subscribers.Demand.none
        private var isSending = false
        // exercise.end

        init(
            first: Elements.Element, rest: Elements.Iterator,
            downstream: Downstream
        ) {
            // exercise.blank: Publishers.Sequence's subscription, init(first:rest:downstream:)
            nextElement = first
            iterator = rest
            self.downstream = downstream
            // exercise.end
        }
        // snippet.end

        // snippet.sequence-request
        func request(_ more: Subscribers.Demand) {
            // exercise.blank: Publishers.Sequence's subscription, request(_:)
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
                lock.lock()
                demand += additionalDemand
            }
            isSending = false
            let finished = nextElement == nil ? downstream.take() : nil
            lock.unlock()
            finished?.receive(completion: .finished)
            // exercise.end
        }

        func cancel() {
            // exercise.blank: Publishers.Sequence's subscription, cancel()
            _ = lock.withLock { downstream.take() }
            // exercise.end
        }
        // snippet.end
    }
}
