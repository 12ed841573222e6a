import Foundation

// snippet.sink
extension Subscribers {
    /// A subscriber that asks for every value at once and hands each one,
    /// and then the completion, to a closure.
    ///
    /// A `Sink` requests ``Subscribers/Demand/unlimited`` as soon as it is
    /// subscribed and returns ``Subscribers/Demand/none`` from every
    /// `receive(_:)`: it has already asked for everything. It accepts one
    /// subscription only; any later one is cancelled on arrival. When the
    /// stream completes or is cancelled, it lets go of its subscription and
    /// of both closures.
    public final class Sink<Input, Failure: Error>: Subscriber, Cancellable {
        // exercise.hide
        private var status = SubscriptionStatus.awaitingSubscription
        private var receiveValue: ((Input) -> Void)?
        private var receiveCompletion:
            ((Subscribers.Completion<Failure>) -> Void)?
        // exercise.end

        /// Creates a sink that calls `receiveValue` for each value and
        /// `receiveCompletion` when the stream ends.
        public init(
            receiveCompletion:
                @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Input) -> Void
        ) {
            // exercise.blank: Sink.init(receiveCompletion:receiveValue:)
            (self.receiveCompletion, self.receiveValue) =
                (receiveCompletion, receiveValue)
            // exercise.end
        }
        // snippet.end

        // exercise.hide
        // snippet.sink-lock
        private let lock = NSLock()
        // snippet.end
        // exercise.end
    }
}

// snippet.sink-methods
extension Subscribers.Sink {
    /// Keeps the first subscription and requests everything from it;
    /// cancels any other.
    public func receive(subscription: any Subscription) {
        // exercise.blank: Sink.receive(subscription:)
        let isFirst = lock.withLock { status.accept(subscription) }
        if isFirst {
            subscription.request(.unlimited)
        } else {
            subscription.cancel()
        }
        // exercise.end
    }

    /// Passes the value to `receiveValue` and asks for nothing more.
    public func receive(_ input: Input) -> Subscribers.Demand {
        // exercise.blank: Sink.receive(_:)
        // snippet.sink-receive-value
        let receiveValue = lock.withLock { self.receiveValue }
        receiveValue?(input)
        // snippet.end
        return .none
        // exercise.end
    }

    /// Passes the completion to `receiveCompletion` and lets go of the
    /// subscription and both closures.
    public func receive(completion: Subscribers.Completion<Failure>) {
        // exercise.blank: Sink.receive(completion:)
        let (receiveCompletion, old, receiveValue) = lock.withLock {
            (
                self.receiveCompletion.take(),
                exchange(&status, with: .terminated), self.receiveValue.take()
            )
        }
        withExtendedLifetime(receiveValue) {}
        withExtendedLifetime(old) {}
        receiveCompletion?(completion)
        // exercise.end
    }

    /// Cancels the subscription and lets go of it and of both closures.
    ///
    /// `cancel()` may be called from any thread, also while a value or the
    /// completion is being delivered on another; that delivery may still
    /// reach its closure. Once `cancel()` returns, nothing that arrives
    /// later reaches the closures. A cancel before any subscription leaves
    /// the sink waiting for one, which it accepts but passes nothing from.
    public func cancel() {
        // exercise.blank: Sink.cancel()
        let (upstream, receiveValue, receiveCompletion) = lock.withLock {
            (
                status.terminate(), self.receiveValue.take(),
                self.receiveCompletion.take()
            )
        }
        withExtendedLifetime(receiveValue) {}
        withExtendedLifetime(receiveCompletion) {}
        upstream?.cancel()
        // exercise.end
    }
}
// snippet.end
