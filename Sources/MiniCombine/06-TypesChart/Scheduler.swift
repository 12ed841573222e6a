// snippet.scheduler
/// Something that runs actions for a publisher: on a queue, a thread, or a
/// run loop of its choosing.
///
/// This is a subset of Combine's `Scheduler`, with only what `receive(on:)`
/// needs. Combine's also has a `SchedulerTimeType`, a `now`, a minimum
/// tolerance, and methods that run an action after a delay or repeatedly;
/// they are left out here.
public protocol Scheduler {
    /// Extra settings a caller can pass along with each action, such as a
    /// quality of service.
    associatedtype SchedulerOptions

    /// Runs `action` as soon as the scheduler can, using `options` if given.
    ///
    /// Where and when `action` runs is up to the scheduler: possibly on
    /// another thread, and possibly after `schedule` has returned.
    func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void)
}

extension Scheduler {
    /// Runs `action` as soon as the scheduler can, with no options.
    public func schedule(_ action: @escaping () -> Void) {
        schedule(options: nil, action)
    }
}
// snippet.end
