extension Subscribers {
    // snippet.sink
    /// A subscriber that asks for every value at once and hands each one,
    /// and then the completion, to a closure.
    ///
    /// A `Sink` requests ``Subscribers/Demand/unlimited`` as soon as it is
    /// subscribed and returns ``Subscribers/Demand/none`` from every
    /// `receive(_:)`: it has already asked for everything. It accepts one
    /// subscription only; any later one is cancelled on arrival.
    ///
    /// After it completes or is cancelled, it lets go of its subscription
    /// and its closures, so nothing they capture is kept alive.
    public final class Sink<Input, Failure: Error>: Subscriber, Cancellable {
        /// Called with each value.
        public private(set) var receiveValue: (Input) -> Void

        /// Called once, when the stream ends.
        public private(set) var receiveCompletion: (Subscribers.Completion<Failure>) -> Void

        // exercise.hide
        private enum State {
            case awaitingSubscription
            case subscribed(any Subscription)
            case terminated
        }

        private var state = State.awaitingSubscription
        // exercise.end

        /// Creates a sink that calls `receiveValue` for each value and
        /// `receiveCompletion` when the stream ends.
        public init(
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Input) -> Void
        ) {
            // exercise.blank: Sink.init(receiveCompletion:receiveValue:)
            self.receiveCompletion = receiveCompletion
            self.receiveValue = receiveValue
            // exercise.end
        }

        /// Keeps the first subscription and requests everything from it;
        /// cancels any other.
        public func receive(subscription: any Subscription) {
            // exercise.blank: Sink.receive(subscription:)
            guard case .awaitingSubscription = state else {
                subscription.cancel()
                return
            }
            state = .subscribed(subscription)
            subscription.request(.unlimited)
            // exercise.end
        }

        /// Passes the value to `receiveValue` and asks for nothing more.
        public func receive(_ input: Input) -> Subscribers.Demand {
            // exercise.blank: Sink.receive(_:)
            receiveValue(input)
            return .none
            // exercise.end
        }

        /// Passes the completion to `receiveCompletion`, then lets go of
        /// the subscription and both closures.
        public func receive(completion: Subscribers.Completion<Failure>) {
            // exercise.blank: Sink.receive(completion:)
            let receiveCompletion = self.receiveCompletion
            terminate()
            receiveCompletion(completion)
            // exercise.end
        }

        /// Cancels the subscription and lets go of it and of both closures.
        public func cancel() {
            // exercise.blank: Sink.cancel()
            guard case .subscribed(let subscription) = state else { return }
            terminate()
            subscription.cancel()
            // exercise.end
        }

        // exercise.hide
        private func terminate() {
            state = .terminated
            receiveValue = { _ in }
            receiveCompletion = { _ in }
        }
        // exercise.end
    }
    // snippet.end
}
