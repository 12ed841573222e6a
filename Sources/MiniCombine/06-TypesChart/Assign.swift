// snippet.assign
extension Publisher where Failure == Never {
    /// Writes every value into the property at `keyPath` of `object`.
    ///
    /// `object` is held strongly until the stream completes or the returned
    /// ``AnyCancellable`` is cancelled or released: assigning to an object
    /// that owns the cancellable makes a cycle until then.
    public func assign<Root>(
        to keyPath: ReferenceWritableKeyPath<Root, Output>,
        on object: Root
    ) -> AnyCancellable {
        // exercise.blank: assign(to:on:)
        let assign = Subscribers.Assign(object: object, keyPath: keyPath)
        subscribe(assign)
        return AnyCancellable(assign)
        // exercise.end
    }
}

extension Subscribers {
    /// A subscriber that asks for every value at once and writes each one
    /// into a property of an object.
    ///
    /// Like ``Sink``, it requests ``Subscribers/Demand/unlimited`` on
    /// subscription, returns ``Subscribers/Demand/none`` from every value, and
    /// cancels any subscription after the first. Its publisher cannot fail:
    /// there would be nothing to write.
    public final class Assign<Root, Input>: Subscriber, Cancellable {
        /// `Assign` accepts only publishers that cannot fail.
        public typealias Failure = Never

        /// The object written to; `nil` once the stream has completed or
        /// been cancelled, when `Assign` lets go of it.
        public private(set) var object: Root?

        /// The property written with each value.
        public let keyPath: ReferenceWritableKeyPath<Root, Input>

        // exercise.hide
        private enum State {
            case awaitingSubscription
            case subscribed(any Subscription)
            case terminated
        }

        private var state = State.awaitingSubscription
        // exercise.end

        /// Creates a subscriber that writes each value into `object` at
        /// `keyPath`, holding `object` until the stream ends.
        public init(object: Root, keyPath: ReferenceWritableKeyPath<Root, Input>) {
            // exercise.blank: Assign.init(object:keyPath:)
            self.object = object
            self.keyPath = keyPath
            // exercise.end
        }

        /// Keeps the first subscription and requests everything from it;
        /// cancels any other.
        public func receive(subscription: any Subscription) {
            // exercise.blank: Assign.receive(subscription:)
            guard case .awaitingSubscription = state else {
                subscription.cancel()
                return
            }
            state = .subscribed(subscription)
            subscription.request(.unlimited)
            // exercise.end
        }

        /// Writes the value into the object and asks for nothing more.
        public func receive(_ input: Input) -> Subscribers.Demand {
            // exercise.blank: Assign.receive(_:)
            guard case .subscribed = state, let object else { return .none }
            object[keyPath: keyPath] = input
            return .none
            // exercise.end
        }

        /// Lets go of the subscription and the object.
        public func receive(completion: Subscribers.Completion<Never>) {
            // exercise.blank: Assign.receive(completion:)
            guard case .subscribed = state else { return }
            terminate()
            // exercise.end
        }

        /// Cancels the subscription and lets go of it and of the object.
        public func cancel() {
            // exercise.blank: Assign.cancel()
            guard case .subscribed(let subscription) = state else { return }
            terminate()
            subscription.cancel()
            // exercise.end
        }

        // exercise.hide
        private func terminate() {
            // The state changes first: releasing the object can run its
            // `deinit`, which may call back into this subscriber.
            state = .terminated
            object = nil
        }
        // exercise.end
    }
}
// snippet.end
