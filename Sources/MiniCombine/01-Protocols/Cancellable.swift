// snippet.cancellable
/// Something that can be stopped early.
public protocol Cancellable {
    /// Stops the activity and frees what it holds.
    ///
    /// In this library, it may be called from any thread, and more than once.
    func cancel()
}
// snippet.end
