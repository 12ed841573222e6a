import MiniCombine

/// One call a subscriber received, in the order it arrived.
enum Event<Input, Failure: Error> {
    /// `receive(subscription:)` was called.
    case subscription

    /// `receive(_:)` was called with this value.
    case value(Input)

    /// `receive(completion:)` was called with this completion.
    case completion(Subscribers.Completion<Failure>)
}

extension Event: Equatable where Input: Equatable, Failure: Equatable {}

/// An error with cases that can be told apart, for failing streams.
enum TestError: Error, Equatable {
    case boom
    case other
}

/// An object with no behaviour, whose lifetime tells whether something still
/// holds it.
final class Token {}

/// An ordered list of what happened, shared by the closures of one test.
final class Trace<Entry> {
    private(set) var entries: [Entry] = []

    func append(_ entry: Entry) {
        entries.append(entry)
    }
}
