// snippet.cancellable
/// Something that can be stopped early.
///
/// In this library, `cancel()` may be called from any thread, at any time,
/// also while a value is being delivered. Once it has returned, no new
/// delivery begins (chapter 6's `receive(on:)` has one exception); one
/// already begun may still finish. Calling `cancel()` again does nothing.
public protocol Cancellable {
    /// Stops the activity and frees what it holds.
    func cancel()
}
// snippet.end
