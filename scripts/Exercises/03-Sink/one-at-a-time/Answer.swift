extension Subscribers {
    /// A sink that asks for one value at a time: `.max(1)` when it is
    /// subscribed, and `.max(1)` more from every `receive(_:)`.
    ///
    /// Like ``Sink``, it hands each value and then the completion to its
    /// closures, accepts one subscription only, and lets go of the
    /// subscription and both closures once it completes or is cancelled.
    public final class OneAtATimeSink<Input, Failure: Error>: Subscriber,
        Cancellable
    {
        private var receiveValue: (Input) -> Void
        private var receiveCompletion: (Subscribers.Completion<Failure>) -> Void

        private enum State {
            case awaitingSubscription
            case subscribed(any Subscription)
            case terminated
        }

        private var state = State.awaitingSubscription

        /// Creates a sink that calls `receiveValue` for each value and
        /// `receiveCompletion` when the stream ends.
        public init(
            receiveCompletion:
                @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Input) -> Void
        ) {
            self.receiveCompletion = receiveCompletion
            self.receiveValue = receiveValue
        }

        /// Keeps the first subscription and asks it for one value; cancels
        /// any other.
        public func receive(subscription: any Subscription) {
            guard case .awaitingSubscription = state else {
                subscription.cancel()
                return
            }
            state = .subscribed(subscription)
            subscription.request(.max(1))
        }

        /// Passes the value on and asks for one more, unless the sink has
        /// already completed or been cancelled.
        public func receive(_ input: Input) -> Subscribers.Demand {
            guard case .subscribed = state else { return .none }
            receiveValue(input)
            return .max(1)
        }

        /// Passes the completion on, then lets go of everything.
        public func receive(completion: Subscribers.Completion<Failure>) {
            guard case .subscribed = state else { return }
            let receiveCompletion = self.receiveCompletion
            terminate()
            receiveCompletion(completion)
        }

        /// Cancels the subscription and lets go of it and of both closures.
        public func cancel() {
            guard case .subscribed(let subscription) = state else { return }
            terminate()
            subscription.cancel()
        }

        private func terminate() {
            state = .terminated
            receiveValue = { _ in }
            receiveCompletion = { _ in }
        }
    }
}
