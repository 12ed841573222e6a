import Foundation

/// Collects the events of one run, in the order they happen.
///
/// Events may arrive from a scheduler's thread, so appending is guarded by a lock.
public final class TraceRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [String] = []

    /// Creates an empty recorder.
    public init() {}

    /// Appends one event.
    public func record(_ event: String) {
        lock.withLock { recorded.append(event) }
    }

    /// The events recorded so far.
    public var events: [String] {
        lock.withLock { recorded }
    }
}
