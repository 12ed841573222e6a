import Dispatch

extension DispatchQueue: Scheduler {
    /// How a `DispatchQueue` runs a scheduled action.
    ///
    /// Combine's options also carry flags and a group; ours only a quality of
    /// service.
    public struct SchedulerOptions {
        /// The quality of service the action runs at.
        public var qos: DispatchQoS

        /// Creates options with the given quality of service.
        public init(qos: DispatchQoS = .unspecified) {
            self.qos = qos
        }
    }

    /// Runs `action` asynchronously on this queue: `schedule` returns at
    /// once, and `action` runs later on one of the queue's threads.
    public func schedule(
        options: SchedulerOptions?, _ action: @escaping () -> Void
    ) {
        // As in Combine, whoever picks the scheduler answers for what
        // `action` touches.
        nonisolated(unsafe) let action = action
        async(qos: options?.qos ?? .unspecified) { action() }
    }
}
