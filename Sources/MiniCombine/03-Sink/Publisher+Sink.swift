// snippet.sink-operators
extension Publisher {
    /// Attaches a ``Subscribers/Sink`` that calls `receiveValue` for each
    /// value and `receiveCompletion` when the stream ends.
    ///
    /// Values flow as long as you keep the returned ``AnyCancellable``;
    /// releasing it cancels the subscription.
    public func sink(
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
        receiveValue: @escaping (Output) -> Void
    ) -> AnyCancellable {
        // exercise.blank: sink(receiveCompletion:receiveValue:)
        let sink = Subscribers.Sink<Output, Failure>(
            receiveCompletion: receiveCompletion,
            receiveValue: receiveValue
        )
        subscribe(sink)
        return AnyCancellable(sink)
        // exercise.end
    }
}

extension Publisher where Failure == Never {
    /// Attaches a ``Subscribers/Sink`` that calls `receiveValue` for each
    /// value of a publisher that cannot fail.
    ///
    /// Values flow as long as you keep the returned ``AnyCancellable``.
    public func sink(receiveValue: @escaping (Output) -> Void) -> AnyCancellable
    {
        // exercise.blank: sink(receiveValue:)
        sink(receiveCompletion: { _ in }, receiveValue: receiveValue)
        // exercise.end
    }
}
// snippet.end
