// snippet.just
import Foundation

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
        subscriber.receive(
            subscription: Inner(output: output, downstream: subscriber))
        // exercise.end
    }
}
// snippet.end

extension Just: Equatable where Output: Equatable {}

// snippet.just-inner
extension Just {
    /// The subscription `Just` hands to each subscriber: one delivery of
    /// the value, waiting for the first request.
    private final class Inner<Downstream: Subscriber>: Subscription
    where Downstream.Input == Output, Downstream.Failure == Never {
        // exercise.hide
        /// The value and the subscriber it is for, until the value is sent
        /// or the subscriber cancels.
        private var pending: (output: Output, downstream: Downstream)?
        private let lock = NSLock()
        // exercise.end

        init(output: Output, downstream: Downstream) {
            // exercise.blank: Just's subscription, init(output:downstream:)
            pending = (output, downstream)
            // exercise.end
        }

        func request(_ demand: Subscribers.Demand) {
            // exercise.blank: Just's subscription, request(_:)
            precondition(demand > 0, "API Violation: demand must not be zero")
            // Emptied before anything is sent, so a second request, from
            // inside `receive(_:)` or from another thread, finds nothing
            // left to deliver. The lock makes the emptying one step.
            guard let delivery = lock.withLock({ pending.take() }) else {
                return
            }
            _ = delivery.downstream.receive(delivery.output)
            delivery.downstream.receive(completion: .finished)
            // exercise.end
        }

        func cancel() {
            // exercise.blank: Just's subscription, cancel()
            let delivery = lock.withLock { pending.take() }
            withExtendedLifetime(delivery) {}
            // exercise.end
        }
    }
}
// snippet.end
