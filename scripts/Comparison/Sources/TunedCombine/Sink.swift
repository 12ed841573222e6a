import Synchronization

extension Subscribers {
    /// A subscriber that asks for every value and hands each one to a closure.
    ///
    /// Any method may be called from any thread; `cancel()` never waits for a delivery.
    public final class Sink<Input, Failure: Error>: Subscriber, Cancellable {
        /// Called with each value.
        @inlinable public var receiveValue: (Input) -> Void {
            lock.locked { handlers }?.receiveValue ?? { _ in }
        }
        /// Called with the completion.
        @inlinable public var receiveCompletion:
            (Subscribers.Completion<Failure>) -> Void
        {
            lock.locked { handlers }?.receiveCompletion ?? { _ in }
        }
        // In the object, not in a `Lock` of its own: no allocation.
        @usableFromInline let lock = Mutex<Void>(())
        @usableFromInline var handlers: Handlers?
        @usableFromInline var subscription: (any Subscription)?
        @usableFromInline var isTerminated = false

        /// Both closures, in a class: a delivery retains one object, not a closure per call.
        @usableFromInline final class Handlers {
            @usableFromInline let receiveValue: (Input) -> Void
            @usableFromInline let receiveCompletion:
                (Subscribers.Completion<Failure>) -> Void

            @inlinable init(
                receiveValue: @escaping (Input) -> Void,
                receiveCompletion:
                    @escaping (Subscribers.Completion<Failure>) -> Void
            ) {
                self.receiveValue = receiveValue
                self.receiveCompletion = receiveCompletion
            }
        }

        /// Creates a sink that calls `receiveValue` with each value and `receiveCompletion` at the end.
        @inlinable public init(
            receiveCompletion:
                @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Input) -> Void
        ) {
            handlers = Handlers(
                receiveValue: receiveValue, receiveCompletion: receiveCompletion
            )
        }

        /// Keeps the first subscription and asks it for everything; cancels any other.
        @inlinable public func receive(subscription: any Subscription) {
            let isFirst = lock.locked {
                guard self.subscription == nil, !isTerminated else {
                    return false
                }
                self.subscription = subscription
                return true
            }
            if isFirst {
                subscription.request(.unlimited)
            } else {
                subscription.cancel()
            }
        }

        /// Hands `input` to `receiveValue` and asks for nothing more: it asked for everything.
        @inlinable public func receive(_ input: Input) -> Subscribers.Demand {
            // Retained, so that a cancel from inside the closure, or from another thread,
            // cannot free it while it runs; it is let go of when the call returns.
            let handlers = lock.locked { self.handlers }
            handlers?.receiveValue(input)
            return .none
        }

        /// Hands `completion` to `receiveCompletion`, then lets go of both closures.
        @inlinable public func receive(
            completion: Subscribers.Completion<Failure>
        ) {
            // The subscription leaves the lock too: it may be the last reference.
            let (handlers, _) = lock.locked { terminate() }
            handlers?.receiveCompletion(completion)
        }

        /// Cancels the subscription and lets go of both closures.
        @inlinable public func cancel() {
            // Called through `any Cancellable`, so unspecialised: no generic call here, which
            // would look up the types of `Handlers` and the tuple at run time.
            var handlers: Handlers?
            var subscription: (any Subscription)?
            lock.locked {
                isTerminated = true
                handlers = self.handlers
                self.handlers = nil
                subscription = self.subscription
                self.subscription = nil
            }
            // Both are let go of here, outside the lock: releasing a closure can run a
            // `deinit` that calls back into the sink.
            _ = handlers
            subscription?.cancel()
        }

        /// Takes out the closures and the subscription; called with the lock held.
        @inlinable func terminate() -> (Handlers?, (any Subscription)?) {
            isTerminated = true
            return (handlers.take(), subscription.take())
        }
    }
}

extension Publisher {
    /// Subscribes a `Sink` with both closures and returns its cancellable.
    @inlinable public func sink(
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
        receiveValue: @escaping (Output) -> Void
    ) -> AnyCancellable {
        let sink = Subscribers.Sink<Output, Failure>(
            receiveCompletion: receiveCompletion, receiveValue: receiveValue)
        subscribe(sink)
        return AnyCancellable(sink)
    }
}

extension Publisher where Failure == Never {
    /// Subscribes a `Sink` that calls `receiveValue` with each value.
    @inlinable public func sink(receiveValue: @escaping (Output) -> Void)
        -> AnyCancellable
    {
        sink(receiveCompletion: { _ in }, receiveValue: receiveValue)
    }
}

/// A cancellable that cancels when it is released.
public final class AnyCancellable: Cancellable, Hashable {
    @usableFromInline let lock = Mutex<Void>(())
    @usableFromInline var cancelAction: (() -> Void)?
    // A cancellable kept as itself rather than in a closure around its `cancel`: a class such
    // as `Sink` fits in the existential, so building a pipeline allocates one object fewer.
    @usableFromInline var canceller: (any Cancellable)?

    /// Creates a cancellable that runs `cancel` once, when cancelled or released.
    @inlinable public init(_ cancel: @escaping () -> Void) {
        cancelAction = cancel
    }

    /// Creates a cancellable that cancels `canceller` when cancelled or released.
    @inlinable public init<C: Cancellable>(_ canceller: C) {
        self.canceller = canceller
    }

    deinit {
        cancel()
    }

    /// Runs the action, once, whichever threads call it.
    public func cancel() {
        let (action, canceller) = lock.locked {
            (cancelAction.take(), self.canceller.take())
        }
        action?()
        canceller?.cancel()
    }

    /// Whether the two are the same object.
    public static func == (lhs: AnyCancellable, rhs: AnyCancellable) -> Bool {
        lhs === rhs
    }

    /// Hashes the object's identity.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}
