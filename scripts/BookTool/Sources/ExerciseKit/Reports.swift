import BookKit

/// Prints a chapter check for the student: every behaviour with a mark, why the failing ones
/// fail, the program, and what to do next.
func report(_ result: ChapterCheckResult, started: Bool) {
    let tests = result.tests
    let passing = tests.filter(\.passed).count
    for what in result.given {
        say("Given, not for you to write: \(what); its tests are left out.")
    }
    say("Behaviours (\(passing) of \(tests.count) pass)")
    let suites = tests.map(\.suite).uniqued()
    for suite in suites {
        if suites.count > 1 { say("  \(suite)") }
        tests.filter { $0.suite == suite }.forEach(report)
    }
    say()
    say("The chapter program (swift run \(result.chapter.product))")
    switch result.program {
    case .matches: say("  ✓ prints what the book shows")
    case .notRecorded: say("  - the book records no run for this chapter")
    case .failed(let reason): say("  ✗ \(reason)")
    }
    say()
    let number = result.chapter.number
    let failing = tests.count - passing
    let behaviours = "\(failing) behaviour\(failing == 1 ? "" : "s")"
    if result.passed, !started {
        say(
            "Everything passes. No exercise is started, so this checked the "
                + "book's own chapter \(number); to write it yourself: "
                + "scripts/exercise start \(number)")
    } else if result.passed {
        say(
            "Everything passes: your chapter \(number) behaves like the book's. Well done!"
        )
        say(
            "Compare with the reference: scripts/exercise restore \(number) "
                + "(your version is kept).")
    } else {
        let what =
            failing == 0
            ? "the program does not print what the book shows yet"
            : result.programPasses
                ? "\(behaviours) to go"
                : "\(behaviours), and the program, to go"
        say(
            "Not there yet: \(what). Start with the first ✗; run "
                + "'scripts/exercise check \(number)' again after each change.")
    }
}

/// Prints one test as a line with a mark, and its problems below it.
func report(_ test: TestOutcome) {
    let mark = test.passed ? "✓" : test.status == .skipped ? "-" : "✗"
    say("  \(mark) \(test.behaviour)")
    for line in test.problems { say("      " + line) }
}

/// Prints one "go further" exercise's outcome for the student.
func report(_ outcome: FurtherOutcome, of chapter: Chapter) {
    let slug = outcome.exercise.slug
    guard let errors = outcome.errors else {
        let passing = outcome.tests.filter(\.passed).count
        say(
            "\(outcome.passed ? "✓" : "✗") \(slug): \(passing) of "
                + "\(outcome.tests.count) behaviours pass")
        outcome.tests.forEach(report)
        if outcome.passed {
            say(
                "    Done. Compare with a worked answer: scripts/exercise answer "
                    + "\(chapter.number) \(slug)")
        }
        return
    }
    let lines = TextLines(errors).lines
    let library = lines.filter { $0.hasPrefix("Sources/") }
    let missing = FurtherOutcome.missingNames(in: errors)
    // Another file of the library does not compile, so no exercise can build.
    say(
        !library.isEmpty
            ? "✗ \(slug): your library does not compile, so its tests cannot run"
            : missing.isEmpty
                ? "✗ \(slug): its tests do not compile against your library yet"
                : "✗ \(slug): not written yet (the tests need "
                    + missing.map { "'\($0)'" }.joined(separator: ", ") + ")")
    let shown = library.isEmpty ? lines : library
    say(shown.prefix(3).joined(separator: "\n"), indent: "    ")
    if shown.count > 3 { say("    … and \(shown.count - 3) more errors") }
    if library.isEmpty {
        say(
            "    Write your answer in a new file in \(chapter.libraryPath)/, then "
                + "run 'scripts/exercise further \(chapter.number) \(slug)'.")
    }
}
