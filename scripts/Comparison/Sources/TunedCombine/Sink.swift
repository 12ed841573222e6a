extension Subscribers {
    /// A subscriber that asks for every value and hands each one to a closure.
    public final class Sink<Input, Failure: Error>: Subscriber, Cancellable {
        /// Called with each value.
        @inlinable public var receiveValue: (Input) -> Void {
            handlers?.receiveValue ?? { _ in }
        }
        /// Called with the completion.
        @inlinable public var receiveCompletion:
            (Subscribers.Completion<Failure>) -> Void
        {
            handlers?.receiveCompletion ?? { _ in }
        }
        @usableFromInline var handlers: Handlers?
        @usableFromInline var subscription: (any Subscription)?
        @usableFromInline var isTerminated = false
        // A value is handed to the closure without retaining it. If the closure cancels the
        // sink, the closures wait here until it returns.
        @usableFromInline var isReceiving = false
        @usableFromInline var terminatedHandlers: Handlers?

        /// Both closures, in a class, so that a call through it needs no retain of a closure.
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
            guard self.subscription == nil, !isTerminated else {
                subscription.cancel()
                return
            }
            self.subscription = subscription
            subscription.request(.unlimited)
        }

        /// Hands `input` to `receiveValue` and asks for nothing more: it asked for everything.
        @inlinable public func receive(_ input: Input) -> Subscribers.Demand {
            guard let handlers = handlers.map(Unmanaged.passUnretained) else {
                return .none
            }
            let wasReceiving = isReceiving
            isReceiving = true
            handlers._withUnsafeGuaranteedRef { $0.receiveValue(input) }
            isReceiving = wasReceiving
            if !wasReceiving, terminatedHandlers != nil {
                terminatedHandlers = nil
            }
            return .none
        }

        /// Hands `completion` to `receiveCompletion`, then lets go of both closures.
        @inlinable public func receive(
            completion: Subscribers.Completion<Failure>
        ) {
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
            if isReceiving, let handlers {
                terminatedHandlers = handlers
            }
            handlers = nil
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

    /// Runs the action, once.
    public func cancel() {
        cancelAction.take()?()
        canceller.take()?.cancel()
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
