import Foundation
import MiniCombine

/// A count that any thread may raise, and that a test can wait on.
///
/// Built on `NSCondition` (pthreads), which ThreadSanitizer understands.
final class Tally: @unchecked Sendable {
    private let condition = NSCondition()
    private var value = 0

    /// The count now.
    var count: Int {
        condition.lock()
        defer { condition.unlock() }
        return value
    }

    /// Adds one and wakes whoever waits.
    func add() {
        condition.lock()
        value += 1
        condition.broadcast()
        condition.unlock()
    }

    /// Waits until the count reaches `target` or `seconds` pass; returns
    /// whether it reached it.
    @discardableResult
    func wait(untilAtLeast target: Int, seconds: Double = 20) -> Bool {
        let deadline = Date(timeIntervalSinceNow: seconds)
        condition.lock()
        defer { condition.unlock() }
        while value < target {
            if !condition.wait(until: deadline) {
                return value >= target
            }
        }
        return true
    }
}

/// An object that a test hands to a closure and then forgets, to learn
/// through a weak reference when the closure has been let go.
final class Witness: @unchecked Sendable {
    /// Keeps the witness alive for as long as the caller holds `self`.
    func touch() {}
}

/// A weak reference, to check that an object has been released.
final class WeakReference<Object: AnyObject>: @unchecked Sendable {
    private let lock = NSLock()
    private weak var storedObject: Object?

    init(_ object: Object) {
        storedObject = object
    }

    /// The object, if something still holds it.
    var object: Object? {
        lock.withLock { storedObject }
    }
}

/// A subscription that ignores requests and counts cancels, from any thread.
final class CountingSubscription: Subscription, @unchecked Sendable {
    /// How many times `cancel()` has been called.
    let cancels = Tally()

    func request(_ demand: Subscribers.Demand) {}

    func cancel() {
        cancels.add()
    }
}

/// A class with one `Int` property that counts its writes; safe to write
/// from one thread while another reads.
final class LockedModel: @unchecked Sendable {
    /// How many times `value` has been written.
    let writes = Tally()
    private let lock = NSLock()
    private var storedValue = 0

    var value: Int {
        get { lock.withLock { storedValue } }
        set {
            lock.withLock { storedValue = newValue }
            writes.add()
        }
    }
}

/// A subscription that asks nothing of its upstream, and runs `onRelease`
/// when it is deallocated.
final class ReleaseWatchingSubscription: Subscription {
    private let onRelease: () -> Void

    init(onRelease: @escaping () -> Void) {
        self.onRelease = onRelease
    }

    deinit {
        onRelease()
    }

    func request(_ demand: Subscribers.Demand) {}

    func cancel() {}
}
