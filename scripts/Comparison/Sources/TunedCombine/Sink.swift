extension Subscribers {
    /// A subscriber that asks for every value and hands each one to a closure.
    public final class Sink<Input, Failure: Error>: Subscriber, Cancellable {
        /// Called with each value.
        @inlinable public var receiveValue: (Input) -> Void { valueHandler }
        /// Called with the completion.
        @inlinable public var receiveCompletion: (Subscribers.Completion<Failure>) -> Void {
            completionHandler
        }
        @usableFromInline var valueHandler: (Input) -> Void
        @usableFromInline var completionHandler: (Subscribers.Completion<Failure>) -> Void
        @usableFromInline var subscription: (any Subscription)?
        @usableFromInline var isTerminated = false

        /// Creates a sink that calls `receiveValue` with each value and `receiveCompletion` at the end.
        @inlinable public init(
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Input) -> Void
        ) {
            completionHandler = receiveCompletion
            valueHandler = receiveValue
        }

        /// Keeps the first subscription and asks it for everything; cancels any other.
        @inlinable public func receive(subscription: any Subscription) {
            guard self.subscription == nil, !isTerminated else {
                subscription.cancel()
                return
            }
            self.subscription = subscription
            subscription.request(.unlimited)
        }

        /// Hands `input` to `receiveValue` and asks for nothing more: it asked for everything.
        @inlinable public func receive(_ input: Input) -> Subscribers.Demand {
            valueHandler(input)
            return .none
        }

        /// Hands `completion` to `receiveCompletion`, then lets go of both closures.
        @inlinable public func receive(completion: Subscribers.Completion<Failure>) {
            let receiveCompletion = self.receiveCompletion
            terminate()
            receiveCompletion(completion)
        }

        /// Cancels the subscription and lets go of both closures.
        @inlinable public func cancel() {
            guard let subscription, !isTerminated else { return }
            terminate()
            subscription.cancel()
        }

        @inlinable func terminate() {
            isTerminated = true
            subscription = nil
            valueHandler = { _ in }
            completionHandler = { _ in }
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
    @inlinable public func sink(receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
        sink(receiveCompletion: { _ in }, receiveValue: receiveValue)
    }
}

/// A cancellable that cancels when it is released.
public final class AnyCancellable: Cancellable, Hashable {
    @usableFromInline var cancelAction: (() -> Void)?

    /// Creates a cancellable that runs `cancel` once, when cancelled or released.
    @inlinable public init(_ cancel: @escaping () -> Void) {
        cancelAction = cancel
    }

    /// Creates a cancellable that cancels `canceller` when cancelled or released.
    @inlinable public init<C: Cancellable>(_ canceller: C) {
        cancelAction = canceller.cancel
    }

    deinit {
        cancelAction?()
    }

    /// Runs the action, once.
    public func cancel() {
        cancelAction.take()?()
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
