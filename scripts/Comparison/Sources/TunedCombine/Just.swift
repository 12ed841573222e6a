import Synchronization

/// A publisher that sends one value, then finishes.
public struct Just<Output>: Publisher {
    /// Just never fails.
    public typealias Failure = Never

    /// The value it sends.
    public let output: Output

    /// Creates a publisher that sends `output`.
    @inlinable public init(_ output: Output) {
        self.output = output
    }

    /// Gives `subscriber` a subscription that sends `output` on the first request.
    @inlinable public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Never {
        subscriber.receive(
            subscription: Inner(output: output, downstream: subscriber))
    }

    /// Applies `transform` now, as Combine does: mapping a `Just` gives a `Just`.
    @inlinable public func map<T>(_ transform: (Output) -> T) -> Just<T> {
        Just<T>(transform(output))
    }

    @usableFromInline final class Inner<Downstream: Subscriber>: Subscription
    where Downstream.Input == Output, Downstream.Failure == Never {
        @usableFromInline let lock = Mutex<Void>(())
        @usableFromInline let output: Output
        @usableFromInline var downstream: Downstream?

        @inlinable init(output: Output, downstream: Downstream) {
            self.output = output
            self.downstream = downstream
        }

        @inlinable func request(_ demand: Subscribers.Demand) {
            precondition(demand > 0, "API Violation: demand must not be zero")
            guard let downstream = lock.locked({ downstream.take() }) else {
                return
            }
            _ = downstream.receive(output)
            downstream.receive(completion: .finished)
        }

        @inlinable func cancel() {
            // Released outside the lock: the subscriber's `deinit` may call back.
            _ = lock.locked { downstream.take() }
        }
    }
}
