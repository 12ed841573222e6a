import Foundation

// snippet.just
/// A publisher that sends one value to each subscriber, then finishes.
///
/// `Just` waits for demand: it sends nothing until its subscriber asks,
/// and then sends its value followed at once by `.finished`. It can never
/// fail.
public struct Just<Output>: Publisher {
    /// `Just` cannot fail.
    public typealias Failure = Never

    /// The value sent to every subscriber.
    public let output: Output

    /// Creates a publisher that sends `output` once to each subscriber.
    public init(_ output: Output) {
        self.output = output
    }

    /// Gives the subscriber its own subscription; the value waits there
    /// until the subscriber requests it.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Never {
        // exercise.blank: Just.receive(subscriber:)
        subscriber.receive(subscription: Inner(output: output, downstream: subscriber))
        // exercise.end
    }
}
// snippet.end

extension Just: Equatable where Output: Equatable {}

// snippet.just-inner
extension Just {
    /// The subscription `Just` hands to each subscriber: it holds the value
    /// and the subscriber until the first request.
    private final class Inner<Downstream: Subscriber>: Subscription
    where Downstream.Input == Output, Downstream.Failure == Never {
        // exercise.hide
        private let output: Output
        private let lock = NSLock()
        private var downstream: Downstream?
        // exercise.end

        init(output: Output, downstream: Downstream) {
            // exercise.blank: Just's subscription, init(output:downstream:)
            self.output = output
            self.downstream = downstream
            // exercise.end
        }

        func request(_ demand: Subscribers.Demand) {
            // exercise.blank: Just's subscription, request(_:)
            precondition(demand > 0, "API Violation: demand must not be zero")
            // Whoever takes the subscriber out sends the value; a second
            // request, even from inside `receive(_:)`, finds nothing left.
            guard let downstream = lock.withLock({ self.downstream.take() }) else { return }
            _ = downstream.receive(output)
            downstream.receive(completion: .finished)
            // exercise.end
        }

        func cancel() {
            // exercise.blank: Just's subscription, cancel()
            _ = lock.withLock { downstream.take() }
            // exercise.end
        }
    }
}
// snippet.end
