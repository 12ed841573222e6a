import Dispatch
import Foundation

/// What a finished child process left behind.
package struct ProcessResult: Sendable {
    /// The exit status, or -1 if the process could not be started.
    package var exitStatus: Int32
    /// Everything it wrote to standard output.
    package var standardOutput: String
    /// Everything it wrote to standard error, or why it could not be started.
    package var standardError: String
    /// Whether it was stopped for running longer than allowed.
    package var timedOut: Bool

    /// Whether it exited with status 0 in time.
    package var succeeded: Bool { exitStatus == 0 && !timedOut }

    /// Why a failed run of `program` failed, in one line: the first non-blank line of its
    /// standard error, or its exit status if it wrote nothing there.
    package func failureReason(program: String) -> String {
        TextLines(standardError).lines.first { !$0.isBlankLine }?
            .trimmedWhitespace
            ?? "\(program) exited with status \(exitStatus)"
    }
}

/// Runs child processes synchronously, reading their output without deadlocking.
package enum ProcessRunner {
    /// Runs `executable` (an absolute path, or a name looked up in `PATH`) with `arguments`,
    /// adding `environment` to the variables this process has.
    ///
    /// After `timeout` seconds, or when
    /// `stopWhen` (asked twice a second) says so, it ends the child's group: `timedOut`.
    package static func run(
        _ executable: String, _ arguments: [String], in directory: URL? = nil,
        timeout: TimeInterval? = nil, environment: [String: String] = [:],
        stopWhen: (@Sendable () -> Bool)? = nil
    ) -> ProcessResult {
        let process = Process()
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(
                environment
            ) { $1 }
        }
        if executable.hasPrefix("/") {
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
        } else {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [executable] + arguments
        }
        process.currentDirectoryURL = directory
        let outputPipe = Pipe()
        let errorPipe = Pipe()
        process.standardOutput = outputPipe
        process.standardError = errorPipe
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return ProcessResult(
                exitStatus: -1, standardOutput: "",
                standardError: "cannot run \(executable): \(error)",
                timedOut: false)
        }
        let reading = DispatchGroup()
        let output = DataCollector(
            outputPipe.fileHandleForReading, group: reading)
        let errors = DataCollector(
            errorPipe.fileHandleForReading, group: reading)
        InterruptCleanup.add(child: process.processIdentifier)
        let watchdog = Watchdog(process)
        if let timeout {
            DispatchQueue.global().asyncAfter(deadline: .now() + timeout) {
                watchdog.fire()
            }
        }
        let poll = stopWhen.map { stopWhen in
            let timer = DispatchSource.makeTimerSource(queue: .global())
            timer.schedule(deadline: .now() + 0.5, repeating: 0.5)
            timer.setEventHandler {
                if stopWhen() { watchdog.fire() }
            }
            timer.resume()
            return timer
        }
        process.waitUntilExit()
        poll?.cancel()
        watchdog.disarm()
        InterruptCleanup.remove(child: process.processIdentifier)
        reading.wait()
        return ProcessResult(
            exitStatus: process.terminationStatus, standardOutput: output.text,
            standardError: errors.text,
            timedOut: watchdog.fired)
    }
}

private final class DataCollector: @unchecked Sendable {
    private var data = Data()

    init(_ handle: FileHandle, group: DispatchGroup) {
        DispatchQueue.global().async(group: group) {
            self.data = handle.readDataToEndOfFile()
        }
    }

    /// The collected bytes as UTF-8; call only after the group has finished.
    var text: String { String(decoding: data, as: UTF8.self) }
}

private final class Watchdog: @unchecked Sendable {
    private let lock = NSLock()
    private let process: Process
    private var armed = true
    private(set) var fired = false

    init(_ process: Process) {
        self.process = process
    }

    func fire() {
        lock.withLock {
            guard armed else { return }
            fired = true
            InterruptCleanup.endProcessGroup(of: process.processIdentifier)
        }
    }

    func disarm() {
        lock.withLock { armed = false }
    }
}

/// Applies `transform` to every element, running up to as many at once as there are cores.
package func concurrentMap<Element: Sendable, Result: Sendable>(
    _ elements: [Element], _ transform: @escaping @Sendable (Element) -> Result
) -> [Result] {
    let results = ResultSlots<Result>(count: elements.count)
    DispatchQueue.concurrentPerform(iterations: elements.count) { index in
        results.store(transform(elements[index]), at: index)
    }
    return results.values
}

private final class ResultSlots<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [Value?]

    init(count: Int) {
        slots = Array(repeating: nil, count: count)
    }

    func store(_ value: Value, at index: Int) {
        lock.withLock { slots[index] = value }
    }

    var values: [Value] { lock.withLock { slots.map { $0! } } }
}
