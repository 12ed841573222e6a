extension Subscribers {
    /// A sink that counts the values it receives and, at the end, hands the
    /// completion to its closure together with that count.
    ///
    /// Like ``Sink``, it asks for everything when it is subscribed, accepts
    /// one subscription only, and lets go of the subscription and both
    /// closures once it completes or is cancelled.
    public final class CountingSink<Input, Failure: Error>: Subscriber,
        Cancellable
    {
        private var receiveValue: (Input) -> Void
        private var receiveCompletion:
            (Subscribers.Completion<Failure>, Int) -> Void
        private var count = 0

        private enum State {
            case awaitingSubscription
            case subscribed(any Subscription)
            case terminated
        }

        private var state = State.awaitingSubscription

        /// Creates a sink that calls `receiveValue` for each value, and
        /// `receiveCompletion` with the completion and the number of values
        /// received when the stream ends.
        public init(
            receiveCompletion:
                @escaping (Subscribers.Completion<Failure>, Int) -> Void,
            receiveValue: @escaping (Input) -> Void
        ) {
            self.receiveCompletion = receiveCompletion
            self.receiveValue = receiveValue
        }

        /// Keeps the first subscription and asks it for everything; cancels
        /// any other.
        public func receive(subscription: any Subscription) {
            guard case .awaitingSubscription = state else {
                subscription.cancel()
                return
            }
            state = .subscribed(subscription)
            subscription.request(.unlimited)
        }

        /// Counts the value and passes it on; asks for nothing more.
        public func receive(_ input: Input) -> Subscribers.Demand {
            guard case .subscribed = state else { return .none }
            count += 1
            receiveValue(input)
            return .none
        }

        /// Passes the completion and the count on, then lets go of
        /// everything.
        public func receive(completion: Subscribers.Completion<Failure>) {
            guard case .subscribed = state else { return }
            let receiveCompletion = self.receiveCompletion
            terminate()
            receiveCompletion(completion, count)
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
            receiveCompletion = { _, _ in }
        }
    }
}
