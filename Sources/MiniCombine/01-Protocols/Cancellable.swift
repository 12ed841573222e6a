// snippet.cancellable
/// Something that can be stopped early.
///
/// In this library, `cancel()` may be called from any thread, at any time,
/// also while a value is being delivered. Once it has returned, no new
/// delivery begins; one already begun may still finish. One exception, as
/// in OpenCombine 0.14.0: an operator that queues deliveries, such as
/// `receive(on:)`, still delivers a completion it has already queued, and
/// the values queued before it. Calling `cancel()` again does nothing.
public protocol Cancellable {
    /// Stops the activity and frees what it holds.
    func cancel()
}
// snippet.end
