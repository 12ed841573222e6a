import Foundation
import Testing

/// A one-shot signal: one thread opens it, others wait for it with a time
/// limit, so that a deadlock fails a test instead of hanging the run.
///
/// It is built on `NSCondition`, that is on pthreads, which ThreadSanitizer
/// understands. `DispatchSemaphore` is not used: on Linux its fast path is
/// an atomic inside libdispatch that ThreadSanitizer does not see, so it
/// would report races that are not there.
final class Latch: @unchecked Sendable {
    private let condition = NSCondition()
    private var isOpen = false

    /// Opens the latch, waking every waiter, now and later.
    func open() {
        condition.lock()
        isOpen = true
        condition.broadcast()
        condition.unlock()
    }

    /// Waits until the latch is open or `seconds` have passed, and returns
    /// whether it opened.
    func wait(seconds: Double) -> Bool {
        wait(until: Date(timeIntervalSinceNow: seconds))
    }

    /// Waits until the latch is open or `deadline` has passed, and returns
    /// whether it opened.
    func wait(until deadline: Date) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while !isOpen {
            if !condition.wait(until: deadline) {
                return isOpen
            }
        }
        return true
    }
}

/// Runs `body` on a new Foundation `Thread`, and returns a latch that opens
/// when `body` has returned.
///
/// A Foundation `Thread` rather than a dispatch queue: on Linux,
/// ThreadSanitizer does not reliably see races on libdispatch's threads.
@discardableResult
func startThread(named name: String, _ body: @escaping @Sendable () -> Void)
    -> Latch
{
    let done = Latch()
    let thread = Thread {
        body()
        done.open()
    }
    thread.name = name
    thread.start()
    return done
}

/// Runs `body` on a new thread and returns its result, or `nil` if it has
/// not returned within `seconds`: a deadlock inside `body` then fails the
/// test with an issue that says it timed out, while the stuck thread is
/// left behind.
///
/// `body` must not record issues itself (a bare thread belongs to no test):
/// it returns what the test should check.
func onAnotherThread<Result>(
    within seconds: Double = 10, _ body: @escaping () -> Result
) -> Result? {
    let work = UncheckedSendable(body)
    let result = LockedBox<Result?>(nil)
    let done = startThread(named: "onAnotherThread") {
        let value = work.value()
        result.set(value)
    }
    guard done.wait(seconds: seconds) else {
        Issue.record(
            """
            Timed out: the code under test did not return within \(Int(seconds)) s. \
            A deadlock? A lock held while calling out to a subscriber?
            """)
        return nil
    }
    return result.get()
}

/// A value moved between threads by a test that knows only one thread uses
/// it at a time (for example, handed over through a ``Latch``).
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }
}

/// A value that any thread may read and replace, one at a time.
final class LockedBox<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    /// The current value.
    func get() -> Value {
        lock.withLock { value }
    }

    /// Replaces the value.
    func set(_ newValue: Value) {
        lock.withLock { value = newValue }
    }

    /// Changes the value in place and returns what `change` returns.
    func modify<Result>(_ change: (inout Value) -> Result) -> Result {
        lock.withLock { change(&value) }
    }
}

/// Says `true` the first time it is asked and `false` after that, from any
/// thread: a test that starts a thread from inside a call starts only one,
/// even if a broken publisher repeats the call without end.
final class FirstTime: @unchecked Sendable {
    private let lock = NSLock()
    private var wasAsked = false

    /// Whether this is the first time of asking.
    func check() -> Bool {
        lock.withLock {
            defer { wasAsked = true }
            return !wasAsked
        }
    }
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
