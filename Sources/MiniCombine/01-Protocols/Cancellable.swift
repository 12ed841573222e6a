// snippet.cancellable
/// Something that can be stopped early.
///
/// After `cancel()`, no more values and no completion arrive. Calling it
/// again does nothing.
public protocol Cancellable {
    /// Stops the activity and frees what it holds.
    func cancel()
}
// snippet.end
