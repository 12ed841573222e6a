// exercise.needs-chapter: 6
import Foundation
import MiniCombine

/// A scheduler that runs its actions one at a time, in order, on a
/// Foundation `Thread` of its own: unlike a dispatch queue on Linux, a
/// thread ThreadSanitizer sees through.
final class ThreadScheduler: Scheduler, @unchecked Sendable {
    typealias SchedulerOptions = Never

    private let condition = NSCondition()
    private var pending: [() -> Void] = []
    private var isStopped = false

    init() {
        let thread = Thread { [self] in run() }
        thread.name = "ThreadScheduler"
        thread.start()
    }

    func schedule(options: Never?, _ action: @escaping () -> Void) {
        condition.lock()
        pending.append(action)
        condition.signal()
        condition.unlock()
    }

    /// Waits until every action scheduled so far has run, then stops the
    /// thread; returns `false` if that takes longer than `seconds`.
    func drainAndStop(seconds: Double = 20) -> Bool {
        let done = Latch()
        schedule(options: nil) { [self] in
            condition.lock()
            isStopped = true
            condition.unlock()
            done.open()
        }
        return done.wait(seconds: seconds)
    }

    private func run() {
        while true {
            condition.lock()
            while pending.isEmpty {
                condition.wait()
            }
            let action = pending.removeFirst()
            condition.unlock()
            action()
            condition.lock()
            let stop = isStopped
            condition.unlock()
            if stop { return }
        }
    }
}
