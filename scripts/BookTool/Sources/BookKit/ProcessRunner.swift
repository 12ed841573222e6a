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
        let output = Locked(Data())
        let errors = Locked(Data())
        for (handle, data) in [
            (outputPipe.fileHandleForReading, output),
            (errorPipe.fileHandleForReading, errors),
        ] {
            DispatchQueue.global().async(group: reading) {
                let bytes = handle.readDataToEndOfFile()
                data.change { $0 = bytes }
            }
        }
        let pid = process.processIdentifier
        InterruptCleanup.add(child: pid)
        let watchdog = Locked((armed: true, fired: false))
        let fire: @Sendable () -> Void = {
            watchdog.change { state in
                guard state.armed else { return }
                state.fired = true
                InterruptCleanup.endProcessGroup(of: pid)
            }
        }
        if let timeout {
            DispatchQueue.global().asyncAfter(
                deadline: .now() + timeout, execute: fire)
        }
        let poll = stopWhen.map { stopWhen in
            let timer = DispatchSource.makeTimerSource(queue: .global())
            timer.schedule(deadline: .now() + 0.5, repeating: 0.5)
            timer.setEventHandler {
                if stopWhen() { fire() }
            }
            timer.resume()
            return timer
        }
        process.waitUntilExit()
        poll?.cancel()
        let timedOut = watchdog.change { state in
            state.armed = false
            return state.fired
        }
        InterruptCleanup.remove(child: pid)
        reading.wait()
        func text(_ data: Locked<Data>) -> String {
            String(decoding: data.change { $0 }, as: UTF8.self)
        }
        return ProcessResult(
            exitStatus: process.terminationStatus,
            standardOutput: text(output), standardError: text(errors),
            timedOut: timedOut)
    }
}

/// Applies `transform` to every element, running up to as many at once as there are cores.
package func concurrentMap<Element: Sendable, Result: Sendable>(
    _ elements: [Element], _ transform: @escaping @Sendable (Element) -> Result
) -> [Result] {
    let results = Locked([Result?](repeating: nil, count: elements.count))
    DispatchQueue.concurrentPerform(iterations: elements.count) { index in
        let result = transform(elements[index])
        results.change { $0[index] = result }
    }
    return results.change { $0.map { $0! } }
}

/// A value shared between threads, changed only behind its lock.
final class Locked<State>: @unchecked Sendable {
    private let lock = NSLock()
    private var state: State

    init(_ state: State) { self.state = state }

    @discardableResult
    func change<Result>(_ body: (inout State) -> Result) -> Result {
        lock.withLock { body(&state) }
    }
}
