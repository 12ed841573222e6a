import MiniCombine

/// A publisher that sends `values` in order, never more than its subscriber
/// has asked for, and then `completion` right after the last value.
///
/// Each subscriber gets its own subscription and its own copy of the values.
/// A request made from inside `receive(_:)` adds to the demand without
/// sending anything re-entrantly.
struct SequencePublisher<Output, Failure: Error>: Publisher {
    let values: [Output]
    let completion: Subscribers.Completion<Failure>

    init(
        _ values: [Output],
        completion: Subscribers.Completion<Failure> = .finished
    ) {
        self.values = values
        self.completion = completion
    }

    func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
        subscriber.receive(
            subscription: Inner(
                values: values, completion: completion, downstream: subscriber)
        )
    }

    private final class Inner<Downstream: Subscriber>: Subscription
    where Downstream.Input == Output, Downstream.Failure == Failure {
        private var remaining: ArraySlice<Output>
        private let completion: Subscribers.Completion<Failure>
        private var downstream: Downstream?
        private var demand = Subscribers.Demand.none
        private var isSending = false

        init(
            values: [Output], completion: Subscribers.Completion<Failure>,
            downstream: Downstream
        ) {
            remaining = values[...]
            self.completion = completion
            self.downstream = downstream
        }

        func request(_ demand: Subscribers.Demand) {
            precondition(demand > 0, "API Violation: demand must not be zero")
            self.demand += demand
            guard !isSending else { return }
            isSending = true
            defer { isSending = false }
            while let downstream, self.demand > 0,
                let value = remaining.popFirst()
            {
                self.demand -= 1
                self.demand += downstream.receive(value)
            }
            if remaining.isEmpty, let downstream = downstream.take() {
                downstream.receive(completion: completion)
            }
        }

        func cancel() {
            downstream = nil
            remaining = []
        }
    }
}
