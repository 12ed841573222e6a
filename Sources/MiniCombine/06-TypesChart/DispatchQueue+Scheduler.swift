import Dispatch

// snippet.dispatch-queue-scheduler
extension DispatchQueue: Scheduler {
    /// How a `DispatchQueue` runs a scheduled action: the arguments it
    /// passes to `async(group:qos:flags:execute:)`.
    public struct SchedulerOptions {
        /// The quality of service the action runs at.
        public var qos: DispatchQoS

        /// Flags for the work item, such as `.barrier`.
        public var flags: DispatchWorkItemFlags

        /// A group the action joins until it has run, if any.
        public var group: DispatchGroup?

        /// Creates options; the defaults are those of a plain `async`.
        public init(
            qos: DispatchQoS = .unspecified,
            flags: DispatchWorkItemFlags = [],
            group: DispatchGroup? = nil
        ) {
            self.qos = qos
            self.flags = flags
            self.group = group
        }
    }

    /// Runs `action` asynchronously on this queue: `schedule` returns at
    /// once, and `action` runs later on one of the queue's threads.
    public func schedule(
        options: SchedulerOptions?, _ action: @escaping () -> Void
    ) {
        let options = options ?? SchedulerOptions()
        // `async` takes only a `@Sendable` closure, and `action` is not one.
        // As in Combine, whoever picks the scheduler answers for what
        // `action` touches; the compiler cannot check it here.
        nonisolated(unsafe) let action = action
        async(group: options.group, qos: options.qos, flags: options.flags) {
            action()
        }
    }
}
// snippet.end
