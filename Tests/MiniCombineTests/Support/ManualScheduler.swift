// exercise.needs-chapter: 6
import MiniCombine

/// A scheduler that keeps every action until the test runs it, and records
/// the options each action was scheduled with.
final class ManualScheduler: Scheduler {
    typealias SchedulerOptions = String

    /// The options of every `schedule` call so far, in order.
    private(set) var scheduledOptions: [String?] = []
    private var pending: [() -> Void] = []

    /// How many actions are waiting to run.
    var pendingCount: Int { pending.count }

    func schedule(options: String?, _ action: @escaping () -> Void) {
        scheduledOptions.append(options)
        pending.append(action)
    }

    /// Runs the waiting actions in order, including any they schedule.
    func runAll() {
        while !pending.isEmpty {
            pending.removeFirst()()
        }
    }
}
