import BookKit
import Foundation

/// Where a chapter stands: its tests' outcomes and whether its program prints what the book shows.
struct ChapterCheckResult {
    enum ProgramResult: Equatable {
        case matches
        /// The first line that differs: its number, what the book shows, what the program printed.
        case differs(line: Int, expected: String?, actual: String?)
        /// It stopped early or could not run; what it said.
        case failed(String)
        /// The book records no run for this chapter.
        case notRecorded
    }

    var chapter: Chapter
    var tests: [TestOutcome]
    var program: ProgramResult
    /// What the chapter gives rather than asks for, with the test file left out for it.
    var given: [GivenPart] = []

    var passed: Bool {
        tests.allSatisfy(\.passed)
            && (program == .matches || program == .notRecorded)
    }
}

/// A part of a chapter the student is given, not asked to write.
///
/// A test file of the chapter whose first lines hold `// exercise.given: WHAT` tests it; its
/// tests are left out of the check.
struct GivenPart: Equatable {
    static let marker = "// exercise.given:"

    /// What is given, such as `PassthroughSubject`.
    var what: String
    /// The test file left out, relative to the root.
    var testFile: String

    /// The given parts of `chapter` in the tree at `root`.
    static func of(_ chapter: Chapter, root: URL) -> [GivenPart] {
        let workspace = ExerciseWorkspace(root: root)
        return workspace.swiftFiles(under: "Tests/MiniCombineTests").compactMap
        { path in
            let name = path.split(separator: "/").last.map(String.init) ?? path
            guard name.hasPrefix(chapter.testPrefix),
                let text = try? String(
                    contentsOf: root.appendingPathComponent(path),
                    encoding: .utf8),
                let line = TextLines(text).lines.prefix(20).first(where: {
                    $0.trimmedWhitespace.hasPrefix(marker)
                })
            else { return nil }
            return GivenPart(
                what: line.trimmedWhitespace.dropFirst(marker.count)
                    .trimmedWhitespace,
                testFile: path)
        }
    }

    /// Whether `test` is in this part's test file.
    func contains(_ test: TestOutcome) -> Bool {
        let name =
            testFile.split(separator: "/").last.map(String.init) ?? testFile
        return test.id.contains("/\(name):")
    }
}

/// Builds a package and runs one chapter's tests and program.
struct ChapterChecker {
    let root: URL
    /// How long one test may run, in seconds.
    var testTimeLimit: TimeInterval = 30
    /// Where to build instead of `.build`, if set.
    var scratchPath: URL?

    /// Builds the package with its tests; on failure, the compiler's errors.
    func build() -> Result<URL, ExerciseError> {
        var arguments = ["build", "--build-tests", "--package-path", root.path]
        if let scratchPath {
            arguments += ["--scratch-path", scratchPath.path]
        }
        let build = ProcessRunner.run("swift", arguments, in: root)
        guard build.succeeded else {
            return .failure(
                ExerciseError(Self.compilerErrors(build, root: root)))
        }
        // SwiftPM links `.build/debug` to the products' folder; asking it costs 0.2 s a check.
        let debug = (scratchPath ?? root.appendingPathComponent(".build"))
            .appendingPathComponent("debug")
        if FileManager.default.fileExists(atPath: debug.path) {
            return .success(debug.resolvingSymlinksInPath())
        }
        let binPath = ProcessRunner.run(
            "swift", arguments + ["--show-bin-path"], in: root
        )
        .standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        return .success(URL(fileURLWithPath: binPath))
    }

    /// Runs `chapter`'s tests and program from the built products in `binPath`.
    func check(_ chapter: Chapter, binPath: URL) -> Result<
        ChapterCheckResult, ExerciseError
    > {
        guard let binary = testBinary(in: binPath) else {
            return .failure(
                ExerciseError("no test binary was built in \(binPath.path)"))
        }
        let runner = TestRunner(
            binary: binary, directory: root, testTimeLimit: testTimeLimit)
        switch runner.run(filter: chapter.testFilter) {
        case .failure(let error):
            return .failure(ExerciseError("\(error)"))
        case .success(let tests):
            let given = GivenPart.of(chapter, root: root)
            return .success(
                ChapterCheckResult(
                    chapter: chapter,
                    tests: tests.filter { test in
                        !given.contains { $0.contains(test) }
                    },
                    program: checkProgram(chapter, binPath: binPath),
                    given: given))
        }
    }

    private func testBinary(in binPath: URL) -> URL? {
        let names =
            (try? FileManager.default.contentsOfDirectory(atPath: binPath.path))
            ?? []
        return names.first { $0.hasSuffix("PackageTests.xctest") }.map {
            binPath.appendingPathComponent($0)
        }
    }

    /// Runs the chapter's program and compares what it prints with the book's recorded run.
    func checkProgram(_ chapter: Chapter, binPath: URL)
        -> ChapterCheckResult.ProgramResult
    {
        guard let recorded = recordedOutput(of: chapter) else {
            return .notRecorded
        }
        let run = ProcessRunner.run(
            binPath.appendingPathComponent(chapter.product).path, [], in: root,
            timeout: 60,
            environment: TestRunner.environment)
        if run.timedOut {
            return .failed("it did not finish within 60 seconds")
        }
        let printed = TextLines(run.standardOutput).lines
        if run.exitStatus != 0 {
            return .failed(
                TestRunner.stopMessage(run) + " (after \(printed.count) lines)")
        }
        let parts = OutputParts.ranges(of: printed)
        var expected = printed
        for (part, lines) in recorded {
            guard let part else {
                expected = lines
                break
            }
            let range =
                part <= parts.count
                ? parts[part - 1] : printed.endIndex..<printed.endIndex
            expected.replaceSubrange(range, with: lines)
        }
        for index in 0..<max(expected.count, printed.count) {
            let wanted = index < expected.count ? expected[index] : nil
            let got = index < printed.count ? printed[index] : nil
            if wanted != got {
                return .differs(line: index + 1, expected: wanted, actual: got)
            }
        }
        return .matches
    }

    /// The recorded output blocks of the chapter's page: the whole output (part `nil`), or
    /// its parts by number, last part first so that replacing one keeps the others' places.
    private func recordedOutput(of chapter: Chapter) -> [(Int?, [String])]? {
        guard let pagePath = chapter.pagePath,
            let contents = try? String(
                contentsOf: root.appendingPathComponent(pagePath),
                encoding: .utf8)
        else { return nil }
        let page = BookPage(path: pagePath, contents: contents)
        let recorded: [(Int?, [String])] = page.directives.compactMap {
            placed in
            guard case .output(let product, let part) = placed.directive,
                product == chapter.product
            else { return nil }
            return (part, Array(page.text.lines[placed.block.contentRange]))
        }
        return recorded.isEmpty
            ? nil : recorded.sorted { ($0.0 ?? 0) > ($1.0 ?? 0) }
    }

    /// Whether a line of compiler output is an error's first line (`FILE:LINE:COL: error: …`),
    /// not a source excerpt's caret line or the driver's "command failed" summary.
    private static func isErrorLine(_ line: String) -> Bool {
        guard let range = line.range(of: ": error: ") else { return false }
        let location = line[..<range.lowerBound].split(separator: ":")
        return location.count >= 3
            && location.suffix(2).allSatisfy { Int($0) != nil }
    }

    /// The distinct error lines of a failed build, paths relative to `root`, at most ten.
    static func compilerErrors(_ build: ProcessResult, root: URL) -> String {
        let prefix = root.standardizedFileURL.path + "/"
        var seen: Set<String> = []
        let errors = TextLines(
            build.standardOutput + "\n" + build.standardError
        ).lines
            .filter(isErrorLine)
            .map { $0.replacingOccurrences(of: prefix, with: "") }
            .filter { seen.insert($0).inserted }
        guard !errors.isEmpty else {
            return
                "swift build failed: \(build.failureReason(program: "swift build"))"
        }
        return errors.prefix(10).joined(separator: "\n")
            + (errors.count > 10 ? "\n… and \(errors.count - 10) more" : "")
    }
}
