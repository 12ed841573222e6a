import BookKit
import Foundation

/// What happened to one test function.
struct TestOutcome: Equatable, Sendable {
    enum Status: Equatable, Sendable {
        case passed
        /// The test ran to its end and recorded issues, each already made readable.
        case failed([String])
        /// The test process stopped inside the test; the message is what it said as it stopped.
        case crashed(String)
        /// The test ran longer than the time limit and was stopped.
        case timedOut(seconds: Int)
        case skipped
    }

    /// Swift Testing's identifier: `Module.Suite/name()/File.swift:LINE:COLUMN`.
    var id: String
    /// The function's name, such as `justSendsNothingBeforeARequest()`.
    var name: String
    /// The `@Test("…")` display name, if it has one.
    var displayName: String?
    var status: Status

    /// The behaviour the test proves, in words: its display name, or its function name split
    /// into words (`justSendsNothingBeforeARequest()` reads "just sends nothing before a request").
    var behaviour: String {
        if let displayName { return displayName }
        var words = ""
        for character in name.prefix(while: { $0 != "(" }) {
            if character.isUppercase, !words.isEmpty {
                words.append(" ")
            }
            words.append(contentsOf: character.lowercased())
        }
        return words
    }

    var passed: Bool { status == .passed }

    /// The suite's name in words: `MiniCombineTests.Chapter07ReduceLatestStressTests/…`
    /// reads "ReduceLatestStress".
    var suite: String {
        var name =
            id.prefix { $0 != "/" }.split(separator: ".").last.map(String.init)
            ?? ""
        if name.hasPrefix("Chapter"), name.count > 9 {
            name = String(name.dropFirst(9))
        }
        if name.hasSuffix("Tests") {
            name = String(name.dropLast(5))
        }
        return name
    }
}

/// Runs a Swift Testing binary and records every test's outcome, surviving tests that crash
/// or hang.
///
/// A blanked exercise body stops the whole test process with `fatalError`. So the runner runs
/// the tests one at a time, reads Swift Testing's event stream as it is written, and when the
/// process stops inside a test, or one test runs past the time limit, it marks that test as
/// crashed or timed out and starts the process again without the tests that already have an
/// outcome.
struct TestRunner {
    /// The test binary (`…/debug/<Package>PackageTests.xctest`).
    var binary: URL
    /// Where the tests run; paths in messages are shown relative to it.
    var directory: URL
    /// How long one test may run; also how long the process may go without starting or
    /// ending a test.
    var testTimeLimit: TimeInterval = 30

    /// How long each test may run once one has timed out: a loop in a body that every test
    /// calls would otherwise cost the full limit once per test.
    static let limitAfterAHang: TimeInterval = 1

    /// Runs the tests whose identifiers match `filter`, in the order they ran.
    func run(filter: String) -> Result<[TestOutcome], TestRunnerError> {
        var outcomes: [TestOutcome] = []
        var finished: Set<String> = []
        var limit = testTimeLimit
        while true {
            let eventFile = FileManager.default.temporaryDirectory
                .appendingPathComponent(
                    "exercise-events-\(UUID().uuidString).jsonl")
            InterruptCleanup.add(temporaryFile: eventFile)
            defer {
                try? FileManager.default.removeItem(at: eventFile)
                InterruptCleanup.remove(temporaryFile: eventFile)
            }
            var arguments = [
                "--testing-library", "swift-testing", "--no-parallel",
                "--filter", filter,
                "--event-stream-output-path", eventFile.path,
                "--event-stream-version", "0",
            ]
            for id in finished.sorted() {
                arguments += [
                    "--skip", NSRegularExpression.escapedPattern(for: id),
                ]
            }
            let follower = EventFollower(file: eventFile, timeLimit: limit)
            let process = ProcessRunner.run(
                binary.path, arguments, in: directory,
                environment: Self.environment,
                stopWhen: { follower.isStuck() })
            let stream = follower.finish()
            for outcome in stream.outcomes where !finished.contains(outcome.id)
            {
                outcomes.append(outcome)
                finished.insert(outcome.id)
            }
            guard let running = stream.runningTest else {
                if process.timedOut {
                    return .failure(.timedOut(seconds: Int(limit)))
                }
                if stream.sawRunEnd || process.exitStatus == 0 {
                    return .success(outcomes)
                }
                return .failure(
                    .stoppedOutsideTests(
                        process.failureReason(program: binary.lastPathComponent)
                    ))
            }
            let status: TestOutcome.Status =
                process.timedOut
                ? .timedOut(seconds: Int(limit))
                : .crashed(Self.stopMessage(process))
            if process.timedOut {
                limit = min(testTimeLimit, Self.limitAfterAHang)
            }
            outcomes.append(
                TestOutcome(
                    id: running.id, name: running.name,
                    displayName: running.displayName,
                    status: status))
            finished.insert(running.id)
        }
    }

    /// For the test process and the programs it starts: a blank body stops them with a fatal
    /// error, and the runtime's backtrace of it, which nobody reads here, takes 0.08 s each
    /// time: a second per check when a chapter's tests all stop.
    static let environment = ["SWIFT_BACKTRACE": "enable=no"]

    /// What a process that stopped inside a test said: its fatal error's message, or its status.
    static func stopMessage(_ process: ProcessResult) -> String {
        let lines = TextLines(process.standardError).lines
        if let fatal = lines.first(where: { $0.contains("Fatal error:") }),
            let range = fatal.range(of: "Fatal error:")
        {
            let message = fatal[range.upperBound...].trimmedWhitespace
            return message.isEmpty ? "it stopped with a fatal error" : message
        }
        return
            "the test process stopped (status \(process.exitStatus)) while it ran"
    }
}

/// Reads a growing event stream file while the test process writes it, and says when the
/// process has made no progress (no event) for longer than the time limit.
private final class EventFollower: @unchecked Sendable {
    private let lock = NSLock()
    private let file: URL
    private let timeLimit: TimeInterval
    private var reader = EventStreamReader()
    private var offset: UInt64 = 0
    private var pending = Data()
    private var lastProgress = Date()

    init(file: URL, timeLimit: TimeInterval) {
        self.file = file
        self.timeLimit = timeLimit
    }

    /// Reads what was added to the file; whether the last event is older than the time limit.
    func isStuck() -> Bool {
        lock.withLock {
            if readNewLines() {
                lastProgress = Date()
            }
            return Date().timeIntervalSince(lastProgress) > timeLimit
        }
    }

    /// Reads the rest of the file, once the process has ended.
    func finish() -> EventStreamReader {
        lock.withLock {
            _ = readNewLines()
            if !pending.isEmpty {
                reader.read(line: String(decoding: pending, as: UTF8.self))
                pending = Data()
            }
            return reader
        }
    }

    /// Feeds the complete lines added since the last read to the reader; whether there were any.
    private func readNewLines() -> Bool {
        guard let handle = try? FileHandle(forReadingFrom: file) else {
            return false
        }
        defer { try? handle.close() }
        try? handle.seek(toOffset: offset)
        let data = (try? handle.readToEnd()) ?? Data()
        offset += UInt64(data.count)
        pending.append(data)
        var sawLine = false
        while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
            let line = pending[pending.startIndex..<newline]
            pending = Data(pending[pending.index(after: newline)...])
            reader.read(line: String(decoding: line, as: UTF8.self))
            sawLine = true
        }
        return sawLine
    }
}

/// Why a test run gave no outcomes to report.
enum TestRunnerError: Error, Equatable, CustomStringConvertible {
    case timedOut(seconds: Int)
    case stoppedOutsideTests(String)

    var description: String {
        switch self {
        case .timedOut(let seconds):
            "the test process made no progress for \(seconds) seconds outside any test; "
                + "is something waiting forever?"
        case .stoppedOutsideTests(let reason):
            "the test process stopped outside any test: \(reason)"
        }
    }
}

/// Reads Swift Testing's JSON event stream (version 0), one line at a time.
struct EventStreamReader {
    struct TestFunction {
        var id: String
        var name: String
        var displayName: String?
    }

    /// The outcomes of the test functions that ended, in the order they ended.
    private(set) var outcomes: [TestOutcome] = []
    /// The test function that started and has not ended, if any.
    private(set) var runningTest: TestFunction?
    /// Whether the stream reached its end, so the run finished normally.
    private(set) var sawRunEnd = false
    private var functions: [String: TestFunction] = [:]
    private var issues: [String: [String]] = [:]

    mutating func read(line: String) {
        guard
            let object = try? JSONSerialization.jsonObject(
                with: Data(line.utf8)),
            let record = object as? [String: Any],
            let kind = record["kind"] as? String,
            let payload = record["payload"] as? [String: Any]
        else { return }
        if kind == "test" {
            readTest(payload)
        } else if kind == "event" {
            readEvent(payload)
        }
    }

    private mutating func readTest(_ payload: [String: Any]) {
        guard payload["kind"] as? String == "function",
            let id = payload["id"] as? String,
            let name = payload["name"] as? String
        else { return }
        functions[id] = TestFunction(
            id: id, name: name, displayName: payload["displayName"] as? String)
    }

    private mutating func readEvent(_ payload: [String: Any]) {
        let kind = payload["kind"] as? String
        if kind == "runEnded" {
            sawRunEnd = true
            return
        }
        guard let id = payload["testID"] as? String,
            let function = functions[id]
        else { return }
        switch kind {
        case "testStarted":
            runningTest = function
        case "issueRecorded":
            issues[id, default: []].append(Self.issueText(payload))
        case "testEnded":
            let recorded = issues[id] ?? []
            outcomes.append(
                TestOutcome(
                    id: id, name: function.name,
                    displayName: function.displayName,
                    status: recorded.isEmpty ? .passed : .failed(recorded)))
            runningTest = nil
        case "testSkipped":
            outcomes.append(
                TestOutcome(
                    id: id, name: function.name,
                    displayName: function.displayName,
                    status: .skipped))
        default:
            break
        }
    }

    /// An issue's messages on one or more lines, with where the test recorded it.
    private static func issueText(_ payload: [String: Any]) -> String {
        let messages = (payload["messages"] as? [[String: Any]] ?? [])
            .compactMap {
                $0["text"] as? String
            }
        var text = messages.joined(separator: "\n")
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
