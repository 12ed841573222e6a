import BookKit
import Foundation

/// Where a chapter stands: its tests' outcomes and whether its program prints what the book shows.
struct ChapterCheckResult {
    enum Program: Equatable {
        case matches, notRecorded
        /// Its first line that differs from the book's, or why it stopped.
        case failed(String)
    }

    var chapter: Chapter
    var tests: [TestOutcome]
    var program: Program
    /// What the chapter gives rather than asks for; its tests are left out.
    var given: [String] = []

    var programPasses: Bool { program == .matches || program == .notRecorded }
    var passed: Bool { tests.allSatisfy(\.passed) && programPasses }
}

/// Builds the package at `root` and runs one chapter's tests and program.
struct ChapterChecker {
    let root: URL
    var testTimeLimit: TimeInterval = 30
    /// Where to build instead of `.build`.
    var scratchPath: URL?

    /// Builds the package with its tests and returns the products' folder; throws the compiler's
    /// errors.
    func build() throws -> URL {
        let scratch = scratchPath ?? root.appendingPathComponent(".build")
        let build = ProcessRunner.run(
            "swift",
            ["build", "--build-tests", "--package-path", root.path]
                + ["--scratch-path", scratch.path], in: root)
        guard build.succeeded else {
            throw ExerciseError(Self.compilerErrors(build, root: root))
        }
        // SwiftPM links `debug` to the products' folder; asking it costs 0.2 s.
        return scratch.appendingPathComponent("debug").resolvingSymlinksInPath()
    }

    /// Runs `chapter`'s tests, but those of a given part, and its program.
    func check(_ chapter: Chapter, binPath: URL) throws -> ChapterCheckResult {
        let names = try? FileManager.default.contentsOfDirectory(
            atPath: binPath.path)
        guard
            let binary = names?.first(where: {
                $0.hasSuffix("PackageTests.xctest")
            })
        else {
            throw ExerciseError("no test binary was built in \(binPath.path)")
        }
        let tests = try TestRunner(
            binary: binPath.appendingPathComponent(binary), directory: root,
            testTimeLimit: testTimeLimit
        ).run(filter: "MiniCombineTests\\.\(chapter.testPrefix)")
        let given = givenParts(of: chapter)
        return ChapterCheckResult(
            chapter: chapter,
            tests: tests.filter { test in
                !given.contains { test.id.contains("/\($0.file):") }
            }, program: checkProgram(chapter, binPath: binPath),
            given: given.map(\.what))
    }

    /// The chapter's test files that say `// exercise.given: WHAT`: a part the student is given,
    /// not asked to write.
    func givenParts(of chapter: Chapter) -> [(what: String, file: String)] {
        swiftFiles(under: "Tests/MiniCombineTests", in: root).compactMap {
            let file = URL(fileURLWithPath: $0).lastPathComponent
            guard file.hasPrefix(chapter.testPrefix),
                let given = try? marker(
                    "// exercise.given:", in: $0, root: root)
            else { return nil }
            return (given.value, file)
        }
    }

    /// Runs the chapter's program and compares it with the book's recorded run, whole or in parts.
    func checkProgram(_ chapter: Chapter, binPath: URL)
        -> ChapterCheckResult.Program
    {
        let recorded = recordedRuns(of: chapter.product, root: root)
        guard !recorded.isEmpty else { return .notRecorded }
        let run = ProcessRunner.run(
            binPath.appendingPathComponent(chapter.product).path, [], in: root,
            timeout: 60, environment: TestRunner.environment)
        let printed = TextLines(run.standardOutput).lines
        if run.timedOut {
            return .failed("timed out: still running after 60 s")
        }
        if run.exitStatus != 0 {
            let stop = TestRunner.stopMessage(run)
            return .failed("stopped: \(stop) (after \(printed.count) lines)")
        }
        let parts = OutputParts.ranges(of: printed)
        var expected = printed
        for (part, lines) in recorded {
            guard let part else {
                expected = lines
                break
            }
            let end = printed.endIndex..<printed.endIndex
            expected.replaceSubrange(
                part <= parts.count ? parts[part - 1] : end, with: lines)
        }
        func line(_ lines: [String], _ index: Int) -> String? {
            index < lines.count ? lines[index] : nil
        }
        let count = max(expected.count, printed.count)
        guard
            let index = (0..<count).first(where: {
                line(expected, $0) != line(printed, $0)
            })
        else { return .matches }
        let wanted = line(expected, index) ?? "nothing more"
        let got = line(printed, index) ?? "nothing"
        return .failed("line \(index + 1): expected \(wanted), got \(got)")
    }

    /// The distinct `FILE:LINE:COL: error:` lines of a failed build, relative to `root`, at most
    /// ten.
    static func compilerErrors(_ build: ProcessResult, root: URL) -> String {
        let prefix = root.standardizedFileURL.path + "/"
        let errors = TextLines(
            build.standardOutput + "\n" + build.standardError
        )
        .lines.filter { $0.contains(#/^[^ ].*:\d+:\d+: error: /#) }
        .map { $0.replacingOccurrences(of: prefix, with: "") }.uniqued()
        guard !errors.isEmpty else {
            return "swift build failed: "
                + build.failureReason(program: "swift build")
        }
        let more = errors.count > 10 ? ["… and \(errors.count - 10) more"] : []
        return (errors.prefix(10) + more).joined(separator: "\n")
    }
}

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

    /// Swift Testing's identifier: `Module.Suite/name()/File.swift:LINE:COL`.
    var id: String
    var name: String
    var displayName: String? = nil
    var status: Status

    var passed: Bool { status == .passed }

    /// Its display name, or its function name in words: `justSendsNothing()` reads "just sends
    /// nothing".
    var behaviour: String {
        displayName
            ?? name.prefix { $0 != "(" }.reduce(into: "") { words, letter in
                if letter.isUppercase, !words.isEmpty { words += " " }
                words += letter.lowercased()
            }
    }

    /// The suite's name: `M.Chapter07ReduceLatestStressTests/…` reads "ReduceLatestStress".
    var suite: String {
        String(id.prefix { $0 != "/" }.split(separator: ".").last ?? "")
            .replacing(#/^Chapter\d\d|Tests$/#, with: "")
    }

    /// What it said when it failed or stopped.
    var messages: [String] {
        switch status {
        case .crashed(let message): [message]
        case .failed(let issues): issues
        default: []
        }
    }

    /// Why it did not pass, in lines for the student: a stop, a timeout, or its first two issues
    /// made readable.
    var problems: [String] {
        switch status {
        case .passed: return []
        case .skipped: return ["skipped"]
        case .crashed(let message): return ["stopped: \(message)"]
        case .timedOut(let seconds):
            return [
                "timed out: still running after \(seconds) s (a loop that "
                    + "never ends, or a lock held while calling out?)"
            ]
        case .failed(let issues):
            // What fails after a timeout only repeats it.
            if let timeout = issues.first(where: { $0.hasPrefix("Timed out") })
            {
                return [
                    ReadableIssue(text: timeout).lines.joined(separator: " ")
                ]
            }
            let trap =
                "(the code this test runs in a separate process stopped: "
                + "a body not written yet, or a failed precondition)"
            let more =
                issues.count > 2 ? ["… and \(issues.count - 2) more"] : []
            return issues.prefix(2).flatMap { issue in
                // An exit test's child process stopped.
                if let stop = issue.firstMatch(of: #/Fatal error: (.*)/#) {
                    return ["stopped: \(stop.1)"]
                }
                let trapped = issue.contains(".success → .signal(SIGILL")
                return ReadableIssue(text: issue).lines
                    + (trapped ? [trap] : [])
            } + more
        }
    }
}

/// Runs a Swift Testing binary and records every test's outcome, surviving tests that crash or
/// hang.
///
/// A blanked body stops the whole test process with `fatalError`, so the runner runs the tests one
/// at a time and has Swift Testing write its event stream to a file. When the process stops inside
/// a test, or the file does not grow for longer than the time limit, it records that test as
/// crashed or timed out and starts the process again, skipping the tests already done. Once one
/// test has hung, the others get one second each: a loop every test reaches would otherwise cost
/// the whole limit per test.
struct TestRunner {
    var binary: URL
    var directory: URL
    var testTimeLimit: TimeInterval = 30

    /// The runtime's backtrace of a blank's fatal error, which nobody reads here, costs 0.08 s a
    /// time.
    static let environment = ["SWIFT_BACKTRACE": "enable=no"]

    func run(filter: String) throws -> [TestOutcome] {
        var outcomes: [TestOutcome] = []
        var limit = testTimeLimit
        while true {
            let file = InterruptCleanup.temporaryItem(
                "exercise-events", pathExtension: "jsonl")
            defer { InterruptCleanup.discard(file) }
            let skips = outcomes.flatMap {
                ["--skip", NSRegularExpression.escapedPattern(for: $0.id)]
            }
            let growth = FileGrowth(file: file, limit: limit)
            let process = ProcessRunner.run(
                binary.path,
                ["--testing-library", "swift-testing", "--no-parallel"]
                    + ["--filter", filter, "--event-stream-version", "0"]
                    + ["--event-stream-output-path", file.path] + skips,
                in: directory, environment: Self.environment,
                stopWhen: { growth.hasStalled() })
            let text = try? String(contentsOf: file, encoding: .utf8)
            let events = TestEvents(text ?? "")
            let done = Set(outcomes.map(\.id))
            outcomes += events.ended.filter { !done.contains($0.id) }
            guard var running = events.running else {
                if process.timedOut {
                    throw ExerciseError(
                        "the test process made no progress for \(Int(limit)) "
                            + "seconds outside any test; is something waiting "
                            + "forever?")
                }
                if events.sawRunEnd || process.exitStatus == 0 {
                    return outcomes
                }
                let why = process.failureReason(
                    program: binary.lastPathComponent)
                throw ExerciseError(
                    "the test process stopped outside any test: \(why)")
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
            let line = process.standardError.firstMatch(
                of: #/Fatal error:(.*)/#)
        else {
            return "the test process stopped (status \(process.exitStatus)) "
                + "while it ran"
        }
        let message = line.1.trimmedWhitespace
        return message.isEmpty ? "it stopped with a fatal error" : message
    }
}

/// Says whether a file has not grown for longer than `limit`; asked from one thread at a time.
private final class FileGrowth: @unchecked Sendable {
    let file: URL
    let limit: TimeInterval
    var size = 0
    var grown = Date()

    init(file: URL, limit: TimeInterval) {
        (self.file, self.limit) = (file, limit)
    }

    func hasStalled() -> Bool {
        let manager = FileManager.default
        let now =
            (try? manager.attributesOfItem(atPath: file.path))?[.size] as? Int
        if now ?? 0 != size { (size, grown) = (now ?? 0, Date()) }
        return Date().timeIntervalSince(grown) > limit
    }
}

/// What Swift Testing's JSON event stream (version 0) says: the tests that ended, the one that
/// started and did not end, and whether the run ended.
struct TestEvents {
    var ended: [TestOutcome] = []
    var running: TestOutcome?
    var sawRunEnd = false

    init(_ text: String) {
        var functions: [String: TestOutcome] = [:]
        var issues: [String: [String]] = [:]
        for line in text.split(separator: "\n") {
            let json = try? JSONSerialization.jsonObject(with: Data(line.utf8))
            guard let record = json as? [String: Any],
                let payload = record["payload"] as? [String: Any]
            else { continue }
            let kind = payload["kind"] as? String
            let id = (payload["testID"] ?? payload["id"]) as? String ?? ""
            if record["kind"] as? String == "test" {
                if kind == "function", let name = payload["name"] as? String {
                    functions[id] = TestOutcome(
                        id: id, name: name,
                        displayName: payload["displayName"] as? String,
                        status: .passed)
                }
                continue
            }
            sawRunEnd = sawRunEnd || kind == "runEnded"
            guard var test = functions[id] else { continue }
            switch kind {
            case "testStarted": running = test
            case "issueRecorded":
                issues[id, default: []].append(Self.issueText(payload))
            case "testEnded", "testSkipped":
                let failed = issues[id].map { Status.failed($0) } ?? .passed
                test.status = kind == "testSkipped" ? .skipped : failed
                ended.append(test)
                if running?.id == id { running = nil }
            default: break
            }
        }
    }

    private typealias Status = TestOutcome.Status

    /// An issue's messages, and where the test recorded it, as ` (Tests/File.swift:LINE)`.
    private static func issueText(_ payload: [String: Any]) -> String {
        let messages = payload["messages"] as? [[String: Any]] ?? []
        let text = messages.compactMap { $0["text"] as? String }
            .joined(separator: "\n")
        let issue = payload["issue"] as? [String: Any]
        guard let location = issue?["sourceLocation"] as? [String: Any],
            let file = location["fileID"] as? String,
            let line = location["line"] as? Int
        else { return text }
        // A file ID is `Module/File.swift`; test modules live in `Tests/Module`.
        return text + " (Tests/\(file):\(line))"
    }
}

/// A test's recorded issue, shortened for a student: at most five lines of 100 columns.
///
/// Swift Testing prints `#expect(actual == expected)` as
/// `Expectation failed: (actual → VALUE) == (expected → VALUE)`, whole arrays on one line,
/// every type spelled out. For arrays this gives the first difference instead, with a few
/// elements around it: expected `.value(-2)` at position 3, got nothing.
struct ReadableIssue {
    static let width = 100
    /// The issue as recorded, ending with its ` (Tests/File.swift:LINE)`.
    var text: String

    var lines: [String] {
        var body = text
        var location: [String] = []
        if let range = body.range(of: " (Tests/", options: .backwards),
            body.hasSuffix(")")
        {
            location = [body[range.lowerBound...].trimmed]
            body = String(body[..<range.lowerBound])
        }
        // Qualifiers, a local type's `(unknown context at $…)`, and type names
        // before enum cases (`Event<Int, Never>.value(1)` is `.value(1)`).
        for (pattern, replacement) in [
            (#"\(unknown context at \$[0-9a-fA-F]+\)\.?"#, ""),
            (#"\b(MiniCombine|Swift|Foundation|[A-Z][A-Za-z]*Tests)\."#, ""),
            (#"\b([A-Z]\w*(<([^<>]|<[^<>]*>)*>)?\.)+(?=[a-z_])"#, "."),
        ] {
            body = body.replacingOccurrences(
                of: pattern, with: replacement, options: .regularExpression)
        }
        let lines = TextLines(body).lines.filter { !$0.isBlankLine }
        return (Self.difference(body) ?? lines.prefix(4).map(Self.cut))
            + location
    }

    static func cut(_ line: String) -> String {
        line.count <= width ? line : String(line.prefix(width - 1)) + "…"
    }

    /// `Expectation failed: (a → X) == (b → Y)` read as actual X and expected Y, the side written
    /// as a literal being the expected one.
    private static func difference(_ body: String) -> [String]? {
        let prefix = "Expectation failed: "
        guard body.hasPrefix(prefix) else { return nil }
        // Swift Testing's own "removed"/"inserted" lines follow; ours replace
        // them.
        let statement = body.dropFirst(prefix.count)
            .split(separator: #/\n(removed|inserted) /#)[0]
        let sides = split(statement, at: " == ").map { side in
            var side = side.trimmed
            if side.hasPrefix("("), side.hasSuffix(")") {
                side = String(side.dropFirst().dropLast())
            }
            let parts = split(side, at: " → ")
            return parts.count == 2
                ? (parts[0], parts[1].trimmed) : (side, side)
        }
        guard sides.count == 2 else { return nil }
        func isLiteral(_ expression: String) -> Bool {
            let first = expression.trimmed.first
            return first.map { "[.\"".contains($0) || $0.isNumber } ?? false
        }
        let swapped = isLiteral(sides[0].0) && !isLiteral(sides[1].0)
        let (actual, expected) =
            swapped ? (sides[1].1, sides[0].1) : (sides[0].1, sides[1].1)
        func quoted(_ values: [String]?, _ index: Int = 0) -> String? {
            values.flatMap { index < $0.count ? "`\($0[index].trimmed)`" : nil }
        }
        guard let wanted = elements(of: expected),
            let got = elements(of: actual)
        else {
            let (wanted, got) = (quoted([expected])!, quoted([actual])!)
            return [cut("expected \(wanted), got \(got)")]
        }
        guard
            let index = (0..<max(wanted.count, got.count)).first(where: {
                $0 >= wanted.count || $0 >= got.count || wanted[$0] != got[$0]
            })
        else {
            let same = "got the same, in another form"
            return ["expected \(quoted([expected])!), \(same)"]
        }
        let first =
            "expected \(quoted(wanted, index) ?? "nothing more") at position "
            + "\(index + 1), got \(quoted(got, index) ?? "nothing")"
        return [
            cut(first), window(wanted, around: index, label: "  expected: "),
            window(got, around: index, label: "  actual:   "),
        ]
    }

    /// `label` and the elements around `index`, as many as fit in the width.
    private static func window(
        _ elements: [String], around index: Int, label: String
    ) -> String {
        var line = label + "[…]"
        for radius in (0...2).reversed() {
            let start = max(0, index - radius)
            let end = min(elements.count, index + radius + 1)
            guard start < end else {
                return label + (elements.isEmpty ? "[]" : "[…]")
            }
            line =
                label + (start > 0 ? "[…, " : "[")
                + elements[start..<end].joined(separator: ", ")
                + (end < elements.count ? ", …]" : "]")
            if line.count <= width { return line }
        }
        return cut(line)
    }

    /// The elements of `[a, b, c]`, or `nil` if `value` is no array.
    private static func elements(of value: String) -> [String]? {
        let value = value.trimmed
        guard value.hasPrefix("["), value.hasSuffix("]") else { return nil }
        return split(value.dropFirst().dropLast(), at: ",").map(\.trimmed)
            .filter { !$0.isEmpty }
    }

    /// `text` split at `separator` outside brackets and string literals.
    private static func split(_ text: some StringProtocol, at separator: String)
        -> [String]
    {
        var parts = [""]
        var (depth, inString) = (0, false)
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if !inString, depth == 0, text[index...].hasPrefix(separator) {
                parts.append("")
                index = text.index(index, offsetBy: separator.count)
                continue
            }
            if character == "\"" { inString.toggle() }
            if !inString, "([{".contains(character) { depth += 1 }
            if !inString, ")]}".contains(character) {
                depth = max(0, depth - 1)
            }
            parts[parts.count - 1].append(character)
            index = text.index(after: index)
        }
        return parts
    }
}

extension StringProtocol {
    fileprivate var trimmed: String {
        trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// What the book records of `product`'s run, on whichever pages show it: the whole output, or
/// numbered parts, last part first so that replacing one keeps the others' places.
func recordedRuns(of product: String, root: URL) -> [(
    part: Int?, lines: [String]
)] {
    RepositoryLayout(root: root).markdownFiles.flatMap {
        path -> [(part: Int?, lines: [String])] in
        guard let text = try? readText(path, in: root) else { return [] }
        let page = BookPage(path: path, contents: text)
        return page.directives.compactMap {
            guard case .output(product, let part) = $0.directive else {
                return nil
            }
            return (part, Array(page.text.lines[$0.block.contentRange]))
        }
    }.sorted { ($0.part ?? 0) > ($1.part ?? 0) }
}
