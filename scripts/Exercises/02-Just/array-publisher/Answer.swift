/// A publisher that sends the elements of an array, one per unit of
/// demand, then finishes.
///
/// `.finished` follows the last element at once, without waiting for more
/// demand; an empty array finishes as soon as it is subscribed to. Each
/// subscriber gets its own pass over the array.
public struct ArrayPublisher<Output>: Publisher {
    /// An array publisher cannot fail.
    public typealias Failure = Never

    /// The elements sent to every subscriber, in order.
    public let elements: [Output]

    /// Creates a publisher that sends `elements`.
    public init(_ elements: [Output]) {
        self.elements = elements
    }

    /// Gives the subscriber its own subscription; if there is nothing to
    /// send, finishes at once.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Never {
        let subscription = Inner(elements: elements, downstream: subscriber)
        subscriber.receive(subscription: subscription)
        if elements.isEmpty {
            subscription.finish()
        }
    }
}

extension ArrayPublisher {
    /// One subscriber's pass over the array: the elements still to send,
    /// the demand, and the subscriber until the end.
    private final class Inner<Downstream: Subscriber>: Subscription
    where Downstream.Input == Output, Downstream.Failure == Never {
        private var remaining: ArraySlice<Output>
        private var downstream: Downstream?
        private var demand = Subscribers.Demand.none
        private var isSending = false

        init(elements: [Output], downstream: Downstream) {
            remaining = elements[...]
            self.downstream = downstream
        }

        func request(_ more: Subscribers.Demand) {
            precondition(more > 0, "API Violation: demand must not be zero")
            guard downstream != nil else { return }
            demand += more
            // A request made from inside `receive(_:)` lands here while the
            // loop below is running: it only adds to the demand, and the
            // running loop sends the extra elements, in order.
            guard !isSending else { return }
            isSending = true
            while demand > 0, let downstream, let element = remaining.popFirst()
            {
                demand -= 1
                let extra = downstream.receive(element)
                demand += extra
            }
            isSending = false
            if remaining.isEmpty {
                finish()
            }
        }

        func cancel() {
            downstream = nil
        }

        /// Sends `.finished`, the first time only.
        func finish() {
            downstream.take()?.receive(completion: .finished)
        }
    }
}
