// snippet.cancellable
/// Something that can be stopped early.
///
/// In this library, `cancel()` may be called from any thread, at any time,
/// also while a value is being delivered on another thread. Once it has
/// returned, no new value or completion is sent; one that another thread
/// had already begun to deliver may still arrive. Calling it again does
/// nothing. (Combine asks only that it be thread-safe, never block, and
/// take effect quickly.)
public protocol Cancellable {
    /// Stops the activity and frees what it holds.
    func cancel()
}
// snippet.end
