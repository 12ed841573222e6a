import BookKit

/// The student's view of a chapter check: every behaviour with a mark, and why the failing
/// ones fail.
struct ChapterReport {
    var result: ChapterCheckResult
    /// Whether the chapter is the exercise in progress, rather than the book's own code.
    var started = true

    func write(to output: inout ReportPrinter) {
        let tests = result.tests
        let passing = tests.filter(\.passed).count
        for part in result.given {
            output.line(
                "Given, not for you to write: \(part.what); its tests are left out."
            )
        }
        output.line("Behaviours (\(passing) of \(tests.count) pass)")
        let groups = Dictionary(grouping: tests, by: \.suite)
        let suites = tests.map(\.suite).uniqued()
        for suite in suites {
            if suites.count > 1 {
                output.line("  \(suite)")
            }
            for test in groups[suite] ?? [] {
                TestLine(test: test).write(to: &output)
            }
        }
        output.line()
        output.line("The chapter program (swift run \(result.chapter.product))")
        switch result.program {
        case .matches:
            output.line("  ✓ prints what the book shows")
        case .notRecorded:
            output.line("  - the book records no run for this chapter")
        case .failed(let reason):
            output.line("  ✗ stopped: \(reason)")
        case .differs(let line, let expected, let actual):
            output.line("  ✗ line \(line) differs from the book")
            output.line(
                "      the book shows:  \(expected.map { "\"\($0)\"" } ?? "(nothing more)")"
            )
            output.line(
                "      your program:    \(actual.map { "\"\($0)\"" } ?? "(nothing more)")"
            )
        }
        output.line()
        let number = result.chapter.number
        if result.passed {
            guard started else {
                output.line(
                    "Everything passes. No exercise is started, so this checked the book's own "
                        + "chapter \(number); to write it yourself: scripts/exercise start \(number)"
                )
                return
            }
            output.line(
                "Everything passes: your chapter \(number) behaves like the book's. Well done!"
            )
            output.line(
                "Compare with the reference: scripts/exercise restore \(number) "
                    + "(your version is kept).")
        } else {
            let failing = tests.count - passing
            let programFails =
                result.program != .matches && result.program != .notRecorded
            let what: String
            switch (failing, programFails) {
            case (0, _):
                what = "the program does not print what the book shows yet"
            case (_, false):
                what = "\(failing) behaviour\(failing == 1 ? "" : "s") to go"
            case (_, true):
                what =
                    "\(failing) behaviour\(failing == 1 ? "" : "s"), and the program, to go"
            }
            output.line(
                "Not there yet: \(what). Start with the first ✗; run "
                    + "'scripts/exercise check \(number)' again after each change."
            )
        }
    }
}

/// One test as a line with a mark, and its reasons below it.
struct TestLine {
    var test: TestOutcome

    func write(to output: inout ReportPrinter) {
        switch test.status {
        case .passed:
            output.line("  ✓ \(test.behaviour)")
        case .skipped:
            output.line("  - \(test.behaviour) (skipped)")
        case .crashed(let message):
            output.line("  ✗ \(test.behaviour)")
            output.line("      stopped: \(message)")
        case .timedOut(let seconds):
            output.line("  ✗ \(test.behaviour)")
            output.line(
                "      timed out: still running after \(seconds) s (a loop that never ends, "
                    + "or a lock held while calling out?)")
        case .failed(let issues):
            output.line("  ✗ \(test.behaviour)")
            if let timeout = issues.first(where: { $0.hasPrefix("Timed out") })
            {
                // What fails after a timeout only repeats it.
                output.line(
                    "      "
                        + ReadableIssue(text: timeout).lines.joined(
                            separator: " "))
                return
            }
            for issue in issues.prefix(2) {
                if let message = Self.fatalError(in: issue) {
                    // A trap test's child process stopped for another reason.
                    output.line("      stopped: \(message)")
                    continue
                }
                for line in ReadableIssue(text: issue).lines {
                    output.line("      " + line)
                }
                if issue.contains(".success → .signal(SIGILL") {
                    output.line(
                        "      (the code this test runs in a separate process stopped: "
                            + "a body not written yet, or a failed precondition)"
                    )
                }
            }
            if issues.count > 2 {
                output.line("      … and \(issues.count - 2) more")
            }
        }
    }
}

extension TestLine {
    /// The message of a fatal error quoted in an issue, such as a trap test's child's.
    static func fatalError(in issue: String) -> String? {
        guard let range = issue.range(of: "Fatal error: ") else { return nil }
        return issue[range.upperBound...].prefix { $0 != "\n" }
            .trimmedWhitespace
    }
}

/// The student's view of one "go further" exercise.
struct FurtherReport {
    var outcome: FurtherOutcome
    var chapter: Chapter

    /// The names the compiler could not find, in order: `Empty` from
    /// "cannot find 'Empty' in scope" or "… has no member 'Empty'".
    static func missingNames(in errors: String) -> [String] {
        var names: [String] = []
        for line in TextLines(errors).lines {
            for pattern in [
                "cannot find '", "cannot find type '", "has no member '",
            ] {
                guard let start = line.range(of: pattern),
                    let end = line[start.upperBound...].firstIndex(of: "'")
                else { continue }
                let name = String(line[start.upperBound..<end])
                if !names.contains(name) {
                    names.append(name)
                }
            }
        }
        return names
    }

    func write(to output: inout ReportPrinter) {
        let slug = outcome.exercise.slug
        switch outcome.status {
        case .doesNotBuild(let errors):
            let missing = Self.missingNames(in: errors)
            let libraryErrors = TextLines(errors).lines.filter {
                $0.hasPrefix("Sources/")
            }
            if !libraryErrors.isEmpty {
                // Another file of the library does not compile, so no exercise can build.
                output.line(
                    "✗ \(slug): your library does not compile, so its tests cannot run"
                )
                output.indented(
                    libraryErrors.prefix(3).joined(separator: "\n"), by: 4)
                return
            }
            if missing.isEmpty {
                output.line(
                    "✗ \(slug): its tests do not compile against your library yet"
                )
            } else {
                let names = missing.map { "'\($0)'" }.joined(separator: ", ")
                output.line(
                    "✗ \(slug): not written yet (the tests need \(names))")
            }
            let lines = TextLines(errors).lines
            output.indented(lines.prefix(3).joined(separator: "\n"), by: 4)
            if lines.count > 3 {
                output.line(
                    "    … and \(lines.count - 3) more errors like these")
            }
            output.line(
                "    Write your answer in a new file in \(chapter.libraryPath)/, then run "
                    + "'scripts/exercise further \(chapter.number) \(slug)'.")
        case .ran(let tests):
            let passing = tests.filter(\.passed).count
            output.line(
                "\(outcome.passed ? "✓" : "✗") \(slug): \(passing) of \(tests.count) behaviours pass"
            )
            for test in tests {
                TestLine(test: test).write(to: &output)
            }
            if outcome.passed {
                output.line(
                    "    Done. Compare with a worked answer: "
                        + "scripts/exercise answer \(chapter.number) \(slug)")
            }
        }
    }
}
