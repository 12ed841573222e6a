import BookKit
import Foundation

/// Where a chapter stands: its tests' outcomes and whether its program prints what the book
/// shows.
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

    /// Builds the package with its tests; the products' folder, or the compiler's errors.
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
        // SwiftPM links `debug` to the products' folder; asking it costs 0.2 s.
        return .success(
            (scratchPath ?? root.appendingPathComponent(".build"))
                .appendingPathComponent("debug").resolvingSymlinksInPath())
    }

    /// Runs `chapter`'s tests, but those of a given part, and its program.
    func check(_ chapter: Chapter, binPath: URL) throws -> ChapterCheckResult {
        let names =
            (try? FileManager.default.contentsOfDirectory(atPath: binPath.path))
            ?? []
        guard
            let binary = names.first(where: {
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

    /// The chapter's test files whose first lines say `// exercise.given: WHAT`: a part the
    /// student is given, not asked to write.
    func givenParts(of chapter: Chapter) -> [(what: String, file: String)] {
        swiftFiles(under: "Tests/MiniCombineTests", in: root).compactMap {
            path in
            let file = URL(fileURLWithPath: path).lastPathComponent
            guard file.hasPrefix(chapter.testPrefix),
                let given = try? marker(
                    "// exercise.given:", in: path, root: root)
            else { return nil }
            return (given.value, file)
        }
    }

    /// Runs the chapter's program and compares it with the book's recorded run, whole or
    /// in parts.
    func checkProgram(_ chapter: Chapter, binPath: URL)
        -> ChapterCheckResult.Program
    {
        guard let path = chapter.pagePath,
            let text = try? readText(path, in: root)
        else { return .notRecorded }
        let page = BookPage(path: path, contents: text)
        // Last part first, so that replacing one keeps the others' places.
        let recorded: [(part: Int?, lines: [String])] = page.directives
            .compactMap {
                guard case .output(let product, let part) = $0.directive,
                    product == chapter.product
                else { return nil }
                return (part, Array(page.text.lines[$0.block.contentRange]))
            }.sorted { ($0.part ?? 0) > ($1.part ?? 0) }
        guard !recorded.isEmpty else { return .notRecorded }
        let run = ProcessRunner.run(
            binPath.appendingPathComponent(chapter.product).path, [], in: root,
            timeout: 60, environment: TestRunner.environment)
        let printed = TextLines(run.standardOutput).lines
        if run.timedOut {
            return .failed("timed out: still running after 60 s")
        }
        if run.exitStatus != 0 {
            return .failed(
                "stopped: \(TestRunner.stopMessage(run)) (after \(printed.count) lines)"
            )
        }
        let parts = OutputParts.ranges(of: printed)
        var expected = printed
        for (part, lines) in recorded {
            guard let part else {
                expected = lines
                break
            }
            expected.replaceSubrange(
                part <= parts.count
                    ? parts[part - 1] : printed.endIndex..<printed.endIndex,
                with: lines)
        }
        for index in 0..<max(expected.count, printed.count) {
            let wanted = index < expected.count ? expected[index] : nil
            let got = index < printed.count ? printed[index] : nil
            if wanted != got {
                return .failed(
                    "line \(index + 1): expected \(wanted ?? "nothing more"), "
                        + "got \(got ?? "nothing")")
            }
        }
        return .matches
    }

    /// The distinct `FILE:LINE:COL: error:` lines of a failed build, relative to `root`, at
    /// most ten.
    static func compilerErrors(_ build: ProcessResult, root: URL) -> String {
        let prefix = root.standardizedFileURL.path + "/"
        let errors = TextLines(
            build.standardOutput + "\n" + build.standardError
        )
        .lines.filter { line in
            guard let range = line.range(of: ": error: ") else { return false }
            let location = line[..<range.lowerBound].split(separator: ":")
            return location.count >= 3
                && location.suffix(2).allSatisfy { Int($0) != nil }
        }.map { $0.replacingOccurrences(of: prefix, with: "") }.uniqued()
        guard !errors.isEmpty else {
            return
                "swift build failed: \(build.failureReason(program: "swift build"))"
        }
        return errors.prefix(10).joined(separator: "\n")
            + (errors.count > 10 ? "\n… and \(errors.count - 10) more" : "")
    }
}
