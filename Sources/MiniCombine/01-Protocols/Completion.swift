// snippet.completion
extension Subscribers {
    /// How a stream ended: normally, or with an error of type `Failure`.
    public enum Completion<Failure: Error> {
        /// The publisher sent everything it had.
        case finished

        /// The publisher stopped because of an error.
        case failure(Failure)
    }
}

extension Subscribers.Completion: Sendable {}
extension Subscribers.Completion: Equatable where Failure: Equatable {}
extension Subscribers.Completion: Hashable where Failure: Hashable {}
// snippet.end
