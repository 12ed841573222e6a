// snippet.cancellable
/// Something that can be stopped early.
///
/// In this library, `cancel()` may be called from any thread, at any time,
/// also while a value is being delivered. Once it has returned, no new
/// delivery begins. One already begun may still finish: a value another
/// thread is sending, or the `.finished` that `Just` sends right after the
/// value during which its subscriber cancelled. Calling it again does
/// nothing. (Combine asks only that it be thread-safe, never block, and
/// take effect quickly.)
public protocol Cancellable {
    /// Stops the activity and frees what it holds.
    func cancel()
}
// snippet.end
