extension Publisher where Failure == Never {
    /// Writes every value into the property at `keyPath` of `object`,
    /// without keeping `object` alive.
    ///
    /// Once `object` has gone away, the next value cancels the
    /// subscription. Because the subscriber holds `object` weakly, `object`
    /// may store the returned ``AnyCancellable`` without making a cycle.
    public func assign<Root: AnyObject>(
        to keyPath: ReferenceWritableKeyPath<Root, Output>,
        onWeak object: Root
    ) -> AnyCancellable {
        let subscriber = Subscribers.WeakAssign(
            object: object, keyPath: keyPath)
        subscribe(subscriber)
        return AnyCancellable(subscriber)
    }
}

extension Subscribers {
    /// A subscriber that asks for every value and writes each one into a
    /// property of an object it holds weakly.
    ///
    /// It accepts one subscription only. When a value arrives and the object
    /// is gone, it cancels its subscription: nobody is left to write to.
    public final class WeakAssign<Root: AnyObject, Input>: Subscriber,
        Cancellable
    {
        /// Only publishers that cannot fail: there would be nothing to write.
        public typealias Failure = Never

        /// The property written with each value.
        public let keyPath: ReferenceWritableKeyPath<Root, Input>

        private weak var object: Root?

        private enum State {
            case awaitingSubscription
            case subscribed(any Subscription)
            case terminated
        }

        private var state = State.awaitingSubscription

        /// Creates a subscriber that writes each value into `object` at
        /// `keyPath`, as long as `object` exists.
        public init(
            object: Root, keyPath: ReferenceWritableKeyPath<Root, Input>
        ) {
            self.object = object
            self.keyPath = keyPath
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

        /// Writes the value into the object, or cancels if the object is
        /// gone.
        public func receive(_ input: Input) -> Subscribers.Demand {
            guard case .subscribed = state else { return .none }
            guard let object else {
                cancel()
                return .none
            }
            object[keyPath: keyPath] = input
            return .none
        }

        /// Lets go of the subscription.
        public func receive(completion: Subscribers.Completion<Never>) {
            state = .terminated
        }

        /// Cancels the subscription and lets go of it.
        public func cancel() {
            guard case .subscribed(let subscription) = state else { return }
            state = .terminated
            subscription.cancel()
        }
    }
}
