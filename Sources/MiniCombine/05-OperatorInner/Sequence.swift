import Foundation

// snippet.sequence-publisher-property
extension Sequence {
    /// A publisher that sends the elements of this sequence, one per unit
    /// of demand, and then finishes.
    public var publisher: Publishers.Sequence<Self, Never> {
        // exercise.blank: Sequence.publisher
        Publishers.Sequence(sequence: self)
        // exercise.end
    }
}
// snippet.end

extension Publishers {
    // snippet.sequence
    /// A publisher that sends the elements of a sequence, then finishes.
    ///
    /// Each subscriber gets its own pass over the sequence, and never more
    /// elements than it has asked for. `.finished` follows the last element
    /// at once, without waiting for more demand; an empty sequence finishes
    /// as soon as it is subscribed to. A subscriber may request and cancel
    /// from any thread.
    public struct Sequence<Elements: Swift.Sequence, Failure: Error>: Publisher
    {
        /// The publisher sends the sequence's elements.
        public typealias Output = Elements.Element

        /// The elements to send.
        public let sequence: Elements

        /// Creates a publisher that sends the elements of `sequence`.
        public init(sequence: Elements) {
            self.sequence = sequence
        }

        /// Gives the subscriber a subscription that walks the sequence as it
        /// is asked to; if the sequence is empty, finishes at once instead.
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
    // snippet.end
}

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

        func request(_ more: Subscribers.Demand) {
            // exercise.blank: Publishers.Sequence's subscription, request(_:)
            lock.lock()
            guard downstream != nil else { return lock.unlock() }
            demand += more
            // A request made while the loop below runs, from inside
            // `receive(_:)` or from another thread, only adds to the demand:
            // the loop will honour it.
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
    }
}
// snippet.end
