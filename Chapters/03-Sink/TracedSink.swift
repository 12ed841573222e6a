// For the book's figures only, with Trace.swift: the library's operators this
// chapter uses, with the library's bodies, so that they go through the traced
// subscribe(_:) and, when traced, record the values they see.
import MiniCombine

extension Publisher {
    /// The library's `sink(receiveCompletion:receiveValue:)`, with the same body, so that
    /// it subscribes through the traced `subscribe(_:)` in Trace.swift.
    func sink(
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
        receiveValue: @escaping (Output) -> Void
    ) -> AnyCancellable {
        let sink = Subscribers.Sink<Output, Failure>(
            receiveCompletion: receiveCompletion,
            receiveValue: receiveValue
        )
        subscribe(sink)
        return AnyCancellable(sink)
    }
}

extension Publisher where Failure == Never {
    /// The library's `sink(receiveValue:)`, through the `sink` above.
    func sink(receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
        sink(receiveCompletion: { _ in }, receiveValue: receiveValue)
    }
}
