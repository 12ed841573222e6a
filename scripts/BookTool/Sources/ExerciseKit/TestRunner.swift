import BookKit
import Foundation

/// What happened to one test function.
struct TestOutcome: Equatable, Sendable {
    enum Status: Equatable, Sendable {
        case passed, skipped
        /// It ran to its end and recorded these issues.
        case failed([String])
        /// The test process stopped inside it, saying this.
        case crashed(String)
        case timedOut(seconds: Int)
    }

    /// Swift Testing's identifier: `Module.Suite/name()/File.swift:LINE:COLUMN`.
    var id: String
    var name: String
    var displayName: String? = nil
    var status: Status

    var passed: Bool { status == .passed }

    /// Its display name, or its function name in words: `justSendsNothing()` reads
    /// "just sends nothing".
    var behaviour: String {
        displayName
            ?? name.prefix { $0 != "(" }.reduce(into: "") { words, letter in
                if letter.isUppercase, !words.isEmpty { words += " " }
                words += letter.lowercased()
            }
    }

    /// The suite's name in words: `M.Chapter07ReduceLatestStressTests/…` reads
    /// "ReduceLatestStress".
    var suite: String {
        var name = String(
            id.prefix { $0 != "/" }.split(separator: ".").last ?? "")
        if name.hasPrefix("Chapter"), name.count > 9 {
            name.removeFirst(9)
        }
        return name.hasSuffix("Tests") ? String(name.dropLast(5)) : name
    }
}

/// Runs a Swift Testing binary and records every test's outcome, surviving tests that crash
/// or hang.
///
/// A blanked body stops the whole test process with `fatalError`, so the runner runs the
/// tests one at a time, reads Swift Testing's event stream as it is written, and when the
/// process stops inside a test, or a test runs past the time limit, records that test as
/// crashed or timed out and starts the process again, skipping the tests already done.
/// Once one test has hung, the others get one second each: a loop every test reaches would
/// otherwise cost the whole limit per test.
struct TestRunner {
    var binary: URL
    var directory: URL
    var testTimeLimit: TimeInterval = 30

    /// For the tests and programs: the runtime's backtrace of a blank's fatal error, which
    /// nobody reads here, costs 0.08 s a time.
    static let environment = ["SWIFT_BACKTRACE": "enable=no"]

    func run(filter: String) throws -> [TestOutcome] {
        var outcomes: [TestOutcome] = []
        var limit = testTimeLimit
        while true {
            let file = FileManager.default.temporaryDirectory
                .appendingPathComponent("exercise-events-\(UUID()).jsonl")
            InterruptCleanup.add(temporaryFile: file)
            defer {
                try? FileManager.default.removeItem(at: file)
                InterruptCleanup.remove(temporaryFile: file)
            }
            let skips = outcomes.flatMap {
                ["--skip", NSRegularExpression.escapedPattern(for: $0.id)]
            }
            let stream = EventStream(file: file, timeLimit: limit)
            let process = ProcessRunner.run(
                binary.path,
                [
                    "--testing-library", "swift-testing", "--no-parallel",
                    "--filter", filter, "--event-stream-output-path", file.path,
                    "--event-stream-version", "0",
                ] + skips, in: directory, environment: Self.environment,
                stopWhen: { stream.isStuck() })
            let (ended, running, sawRunEnd) = stream.finish()
            let done = Set(outcomes.map(\.id))
            outcomes += ended.filter { !done.contains($0.id) }
            guard var running else {
                if process.timedOut {
                    throw ExerciseError(
                        "the test process made no progress for \(Int(limit)) "
                            + "seconds outside any test; is something waiting "
                            + "forever?")
                }
                if sawRunEnd || process.exitStatus == 0 { return outcomes }
                throw ExerciseError(
                    "the test process stopped outside any test: "
                        + process.failureReason(
                            program: binary.lastPathComponent))
            }
            running.status =
                process.timedOut
                ? .timedOut(seconds: Int(limit))
                : .crashed(Self.stopMessage(process))
            if process.timedOut { limit = min(testTimeLimit, 1) }
            outcomes.append(running)
        }
    }

    /// What a process that stopped said: its fatal error's message, or its status.
    static func stopMessage(_ process: ProcessResult) -> String {
        guard
            let line = TextLines(process.standardError).lines.first(where: {
                $0.contains("Fatal error:")
            })
        else {
            return "the test process stopped (status \(process.exitStatus)) "
                + "while it ran"
        }
        let message = line.components(separatedBy: "Fatal error:")[1]
            .trimmedWhitespace
        return message.isEmpty ? "it stopped with a fatal error" : message
    }
}

/// Reads Swift Testing's JSON event stream (version 0) while the test process writes it,
/// and says when no event came for longer than the time limit.
final class EventStream: @unchecked Sendable {
    private let lock = NSLock()
    private let file: URL
    private let timeLimit: TimeInterval
    private var offset: UInt64 = 0
    private var pending = Data()
    private var lastEvent = Date()
    private var functions: [String: TestOutcome] = [:]
    private var issues: [String: [String]] = [:]
    private(set) var ended: [TestOutcome] = []
    /// The test that started and has not ended, if any.
    private(set) var running: TestOutcome?
    private(set) var sawRunEnd = false

    init(file: URL, timeLimit: TimeInterval = .infinity) {
        self.file = file
        self.timeLimit = timeLimit
    }

    func isStuck() -> Bool {
        lock.withLock {
            if readNewLines() { lastEvent = Date() }
            return Date().timeIntervalSince(lastEvent) > timeLimit
        }
    }

    /// Reads the rest, once the process has ended.
    func finish() -> ([TestOutcome], TestOutcome?, Bool) {
        lock.withLock {
            _ = readNewLines()
            read(line: String(decoding: pending, as: UTF8.self))
            return (ended, running, sawRunEnd)
        }
    }

    /// Reads the lines added to the file since the last call; whether there were any.
    private func readNewLines() -> Bool {
        guard let handle = try? FileHandle(forReadingFrom: file) else {
            return false
        }
        defer { try? handle.close() }
        try? handle.seek(toOffset: offset)
        let data = (try? handle.readToEnd()) ?? Data()
        offset += UInt64(data.count)
        pending += data
        var sawLine = false
        while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
            read(line: String(decoding: pending[..<newline], as: UTF8.self))
            pending = Data(pending[(newline + 1)...])
            sawLine = true
        }
        return sawLine
    }

    func read(line: String) {
        guard
            let record = try? JSONSerialization.jsonObject(
                with: Data(line.utf8)) as? [String: Any],
            let payload = record["payload"] as? [String: Any]
        else { return }
        let kind = payload["kind"] as? String
        if record["kind"] as? String == "test" {
            if kind == "function", let id = payload["id"] as? String,
                let name = payload["name"] as? String
            {
                functions[id] = TestOutcome(
                    id: id, name: name,
                    displayName: payload["displayName"] as? String,
                    status: .passed)
            }
            return
        }
        if kind == "runEnded" { sawRunEnd = true }
        guard let id = payload["testID"] as? String,
            var test = functions[id]
        else { return }
        switch kind {
        case "testStarted": running = test
        case "issueRecorded":
            issues[id, default: []].append(Self.issueText(payload))
        case "testEnded", "testSkipped":
            if kind == "testSkipped" {
                test.status = .skipped
            } else if let recorded = issues[id] {
                test.status = .failed(recorded)
            }
            ended.append(test)
            if running?.id == id { running = nil }
        default: break
        }
    }

    /// An issue's messages, with where the test recorded it, as ` (Tests/File.swift:LINE)`.
    private static func issueText(_ payload: [String: Any]) -> String {
        var text = (payload["messages"] as? [[String: Any]] ?? [])
            .compactMap { $0["text"] as? String }.joined(separator: "\n")
        if let issue = payload["issue"] as? [String: Any],
            let location = issue["sourceLocation"] as? [String: Any],
            let file = location["fileID"] as? String,
            let line = location["line"] as? Int
        {
            // A file ID is `Module/File.swift`; test modules live in `Tests/Module`.
            text += " (Tests/\(file):\(line))"
        }
        return text
    }
}
