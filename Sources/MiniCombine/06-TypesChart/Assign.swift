// snippet.assign
import Foundation

extension Publisher where Failure == Never {
    /// Writes every value into the property at `keyPath` of `object`.
    ///
    /// `object` is held strongly until the stream completes or is cancelled.
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
// snippet.end

extension Subscribers {
    /// A subscriber that asks for every value at once and writes each one
    /// into a property of an object.
    ///
    /// Like ``Sink``, it requests ``Subscribers/Demand/unlimited`` and cancels
    /// any subscription after the first.
    public final class Assign<Root, Input>: Subscriber, Cancellable {
        /// `Assign` accepts only publishers that cannot fail.
        public typealias Failure = Never

        /// The property written with each value.
        public let keyPath: ReferenceWritableKeyPath<Root, Input>

        // exercise.hide
        private let lock = NSLock()
        private var status = SubscriptionStatus.awaitingSubscription
        private var root: Root?
        // exercise.end

        /// Creates a subscriber that writes each value into `object` at
        /// `keyPath`.
        public init(
            object: Root, keyPath: ReferenceWritableKeyPath<Root, Input>
        ) {
            // exercise.blank: Assign.init(object:keyPath:)
            root = object
            self.keyPath = keyPath
            // exercise.end
        }

        /// The object written to; `nil` once `Assign` has let go of it.
        public var object: Root? {
            // exercise.blank: Assign.object
            lock.withLock { root }
            // exercise.end
        }

        /// Requests everything from the first subscription; cancels any other.
        public func receive(subscription: any Subscription) {
            // exercise.blank: Assign.receive(subscription:)
            let isFirst = lock.withLock { status.accept(subscription) }
            if isFirst {
                subscription.request(.unlimited)
            } else {
                subscription.cancel()
            }
            // exercise.end
        }

        /// Writes the value into the object and asks for nothing more.
        public func receive(_ input: Input) -> Subscribers.Demand {
            // exercise.blank: Assign.receive(_:)
            let root = lock.withLock {
                status.subscription == nil ? nil : self.root
            }
            root?[keyPath: keyPath] = input
            return .none
            // exercise.end
        }

        /// Lets go of the subscription and the object.
        public func receive(completion: Subscribers.Completion<Never>) {
            // exercise.blank: Assign.receive(completion:)
            // As in `Sink`, what is let go of leaves the lock first.
            let (old, root) = lock.withLock {
                (exchange(&status, with: .terminated), self.root.take())
            }
            withExtendedLifetime(old) {}
            withExtendedLifetime(root) {}
            // exercise.end
        }

        /// Cancels the subscription and lets go of the object.
        public func cancel() {
            // exercise.blank: Assign.cancel()
            let (subscription, root) = lock.withLock {
                (status.terminate(), self.root.take())
            }
            withExtendedLifetime(root) {}
            subscription?.cancel()
            // exercise.end
        }
    }
}
