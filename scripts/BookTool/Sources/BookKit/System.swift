import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

package struct ProcessResult: Sendable {
    /// The exit status, or -1 if the process could not be started.
    package var exitStatus: Int32
    package var standardOutput: String
    /// What it wrote to standard error, or why it could not be started.
    package var standardError: String
    /// Whether it was stopped for running longer than allowed.
    package var timedOut: Bool

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
    /// adding `environment` to this process's variables.
    ///
    /// After `timeout` seconds, or when `stopWhen` (asked twice a second) says so, it ends the
    /// child's process group, and the result is `timedOut`.
    package static func run(
        _ executable: String, _ arguments: [String], in directory: URL? = nil,
        timeout: TimeInterval? = nil, environment: [String: String] = [:],
        stopWhen: (@Sendable () -> Bool)? = nil
    ) -> ProcessResult {
        let process = Process()
        let isPath = executable.hasPrefix("/")
        process.executableURL = URL(
            fileURLWithPath: isPath ? executable : "/usr/bin/env")
        process.arguments = isPath ? arguments : [executable] + arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(
                environment
            ) { $1 }
        }
        process.currentDirectoryURL = directory
        let pipes = [Pipe(), Pipe()]
        process.standardOutput = pipes[0]
        process.standardError = pipes[1]
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return ProcessResult(
                exitStatus: -1, standardOutput: "",
                standardError: "cannot run \(executable): \(error)",
                timedOut: false)
        }
        let pid = process.processIdentifier
        InterruptCleanup.registry.change { _ = $0.children.insert(pid) }
        // Once the child has exited, its pid may be reused: the watchdog is disarmed first.
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
        let timer = stopWhen.map { stopWhen in
            let timer = DispatchSource.makeTimerSource(queue: .global())
            timer.schedule(deadline: .now() + 0.5, repeating: 0.5)
            timer.setEventHandler { if stopWhen() { fire() } }
            timer.resume()
            return timer
        }
        // Both pipes are drained at once, so a child filling one is never left waiting.
        let reading = DispatchGroup()
        let output = Locked(["", ""])
        for (index, handle) in pipes.map(\.fileHandleForReading).enumerated() {
            DispatchQueue.global().async(group: reading) {
                let text = String(
                    decoding: handle.readDataToEndOfFile(), as: UTF8.self)
                output.change { $0[index] = text }
            }
        }
        process.waitUntilExit()
        timer?.cancel()
        let timedOut = watchdog.change { state in
            state.armed = false
            return state.fired
        }
        InterruptCleanup.registry.change { _ = $0.children.remove(pid) }
        reading.wait()
        return output.change { output in
            ProcessResult(
                exitStatus: process.terminationStatus,
                standardOutput: output[0], standardError: output[1],
                timedOut: timedOut)
        }
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

final class Locked<State>: @unchecked Sendable {
    private let lock = NSLock()
    private var state: State

    init(_ state: State) { self.state = state }

    @discardableResult
    func change<Result>(_ body: (inout State) -> Result) -> Result {
        lock.withLock { body(&state) }
    }
}

/// What an interrupted tool must undo: the child processes it started and the temporary files
/// it has not yet renamed or removed.
///
/// A child started with `Process` leads its own process group, which a Ctrl-C at the terminal
/// does not reach; ending the group ends it and its own children.
package enum InterruptCleanup {
    fileprivate static let registry = Locked(
        (
            children: Set<Int32>(), files: Set<String>(),
            sources: [any DispatchSourceSignal]()
        ))

    package static func add(temporaryFile url: URL) {
        registry.change { _ = $0.files.insert(url.path) }
    }

    package static func remove(temporaryFile url: URL) {
        registry.change { _ = $0.files.remove(url.path) }
    }

    /// A new path in the temporary folder, `prefix-UUID.pathExtension`, removed on an
    /// interrupt until `discard(_:)` removes it.
    package static func temporaryItem(
        _ prefix: String, pathExtension: String = ""
    )
        -> URL
    {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(prefix)-\(UUID().uuidString)")
            .appendingPathExtension(pathExtension)
        add(temporaryFile: url)
        return url
    }

    /// Removes the temporary item at `url`, and forgets it.
    package static func discard(_ url: URL) {
        try? FileManager.default.removeItem(at: url)
        remove(temporaryFile: url)
    }

    /// Removes the registered temporary files, those under `folder` if it is given.
    static func removeTemporaryFiles(under folder: URL? = nil) {
        let prefix = folder.map { $0.standardizedFileURL.path + "/" } ?? "/"
        let files = registry.change { state in
            let chosen = state.files.filter { $0.hasPrefix(prefix) }
            state.files.subtract(chosen)
            return chosen
        }
        for path in files {
            try? FileManager.default.removeItem(atPath: path)
        }
    }

    static func isRunning(child pid: Int32) -> Bool {
        registry.change { $0.children.contains(pid) }
    }

    /// Ends `pid` and every process in its group, if it leads one.
    static func endProcessGroup(of pid: Int32) {
        kill(getpgid(pid) == pid ? -pid : pid, SIGKILL)
    }

    /// From now on, SIGINT, SIGTERM and SIGHUP end every registered child's process group and
    /// remove the temporary files, then end the tool with status 128 + the signal's number, as a
    /// shell reports an interrupted command.
    package static func installSignalHandlers() {
        for number in [SIGINT, SIGTERM, SIGHUP] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(
                signal: number, queue: .global())
            source.setEventHandler {
                registry.change { state in
                    defer { state.children = [] }
                    return state.children
                }.forEach(endProcessGroup)
                removeTemporaryFiles()
                exit(128 + number)
            }
            source.resume()
            registry.change { $0.sources.append(source) }
        }
    }
}

/// Replaces files' contents all at once: writes a temporary file beside each (creating its
/// folder if need be), then renames them over.
package struct AtomicFileWriter {
    /// A file to replace, its new contents, and the text it must still hold when it is replaced
    /// (`nil`: whatever it holds).
    package struct Replacement {
        package var url: URL
        package var text: String
        package var expectedText: String?

        package init(url: URL, text: String, expectedText: String? = nil) {
            self.url = url
            self.text = text
            self.expectedText = expectedText
        }
    }

    /// What `replace` did, by index into the replacements it was given: the files replaced,
    /// and why each of the others was not.
    package struct Outcome {
        var replaced: [Int]
        package var failures: [Int: String]
    }

    /// Writes a temporary file's bytes; tests substitute one that fails.
    var writeData: (Data, URL) throws -> Void = { try $0.write(to: $1) }

    package init() {}

    /// Writes every temporary file first and, just before renaming them over their files, reads
    /// each file again; renames only if all were written and none changed, otherwise removes them
    /// all and changes nothing.
    package func replace(_ replacements: [Replacement]) -> Outcome {
        var staged: [(temporary: URL, target: URL)] = []
        var failures: [Int: String] = [:]
        for (index, replacement) in replacements.enumerated() {
            let target = replacement.url.resolvingSymlinksInPath()
            let temporary = target.deletingLastPathComponent()
                .appendingPathComponent(
                    ".\(target.lastPathComponent).book-tool-\(UUID().uuidString)"
                )
            InterruptCleanup.add(temporaryFile: temporary)
            staged.append((temporary, target))
            do {
                try FileManager.default.createDirectory(
                    at: target.deletingLastPathComponent(),
                    withIntermediateDirectories: true)
                try writeData(Data(replacement.text.utf8), temporary)
                if let permissions = try? FileManager.default.attributesOfItem(
                    atPath: target.path)[.posixPermissions]
                {
                    try FileManager.default.setAttributes(
                        [.posixPermissions: permissions],
                        ofItemAtPath: temporary.path)
                }
            } catch {
                failures[index] = plainReason(error)
            }
        }
        let allStaged = failures.isEmpty
        for (index, replacement) in replacements.enumerated() where allStaged {
            if let expected = replacement.expectedText,
                (try? String(contentsOf: staged[index].target, encoding: .utf8))
                    != expected
            {
                failures[index] =
                    "it changed since it was read; run the command again"
            }
        }
        let succeeded = failures.isEmpty
        for (index, file) in staged.enumerated() {
            if !succeeded || rename(file.temporary.path, file.target.path) != 0
            {
                if succeeded {
                    failures[index] = String(cString: strerror(errno))
                }
                try? FileManager.default.removeItem(at: file.temporary)
            }
            InterruptCleanup.remove(temporaryFile: file.temporary)
        }
        return Outcome(
            replaced: succeeded
                ? staged.indices.filter { failures[$0] == nil } : [],
            failures: failures)
    }
}

/// Why a file operation failed, in a few plain words: the system's message for the underlying
/// error, such as "Permission denied", rather than a framework error's dump.
package func plainReason(_ error: any Error) -> String {
    let error = error as NSError
    if let posix = error.userInfo[NSUnderlyingErrorKey] as? NSError,
        posix.domain == NSPOSIXErrorDomain
    {
        return String(cString: strerror(Int32(posix.code)))
    }
    if error.domain == NSPOSIXErrorDomain {
        return String(cString: strerror(Int32(error.code)))
    }
    switch CocoaError.Code(rawValue: error.code) {
    case .fileWriteNoPermission, .fileReadNoPermission:
        return "Permission denied"
    case .fileWriteOutOfSpace: return "No space left on device"
    case .fileWriteVolumeReadOnly: return "Read-only file system"
    case .fileNoSuchFile, .fileReadNoSuchFile:
        return "No such file or directory"
    default: return error.localizedDescription
    }
}
