// snippet.scheduler
/// Something that runs actions: on a queue, a thread or a run loop.
///
/// A subset of Combine's `Scheduler`: only what `receive(on:)` needs.
public protocol Scheduler {
    /// Extra settings a caller can pass along with each action, such as a
    /// quality of service.
    associatedtype SchedulerOptions

    /// Runs `action` as soon as the scheduler can, using `options` if given:
    /// possibly on another thread, and possibly after `schedule` returns.
    func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void)
}
// snippet.end
