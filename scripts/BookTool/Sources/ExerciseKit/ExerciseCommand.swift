import BookKit
import Foundation

/// The command line of `scripts/exercise`.
public enum ExerciseCommand {
    /// The help, which is also what the parser reads each command's arguments and options from:
    /// `[NAME]` is optional, `…` repeats.
    static let usage = """
        usage: scripts/exercise COMMAND [ARGUMENTS]

          brief N           what chapter N asks you to build, and what to read first
          start N           blank out chapter N's step (later chapters are set aside)
          check N           build and run chapter N's tests and program: where you stand
          hint N            the next hint for the body you are stuck on
          watch N           check again each time a file of chapter N changes
          restore N         put the book's chapter N back (your version is kept)
          status            what is in progress, and what 'restore' would do
          abandon           clear an exercise restore cannot end (attempts are kept)
          further N [NAME]  check your answers to chapter N's "go further" exercises
          answer N NAME     show the worked answer to one of them
          list              the chapters, their exercises, and what you have passed
          grade N FOLDER…   grade copies of chapter N's library folder, one a student
          prove [N…]        (for CI) prove that the chapters can be assigned

        check, hint, watch, further, grade: --time-limit S stops a test after S s (30)
        grade: --output DIR (default .build/exercise-grade/results)
        grade exits with 0 if all pass, 1 if some fail tests, 3 if some do not compile
        prove: --changed proves only the chapters whose files differ from main
        """

    /// Makes Ctrl-C end the tests the tool runs, and all they started, and remove its temporary
    /// files.
    public static func prepareForInterrupts() {
        InterruptCleanup.installSignalHandlers()
    }

    /// Runs `arguments` (without the program name) for the repository at `root`.
    ///
    /// Returns the exit status. Problems go to standard error, one a line.
    public static func run(_ arguments: [String], root: URL) -> Int32 {
        do {
            return try dispatch(arguments, root: root.standardizedFileURL)
        } catch {
            for line in TextLines(reason(error)).lines {
                let located = line.contains(#/^[^ :]+:[0-9]+: error: /#)
                let text =
                    (located ? "" : "scripts/exercise: error: ") + line + "\n"
                FileHandle.standardError.write(Data(text.utf8))
            }
            return 1
        }
    }

    private static func dispatch(_ arguments: [String], root: URL) throws
        -> Int32
    {
        guard let name = arguments.first,
            !["help", "-h", "--help"].contains(name)
        else {
            say(usage)
            return arguments.isEmpty ? 2 : 0
        }
        let lines = usage.components(separatedBy: "\n")
        guard let line = lines.first(where: { $0.hasPrefix("  \(name) ") })
        else {
            throw ExerciseError(
                "unknown command '\(name)'; 'scripts/exercise help' lists them")
        }
        let takes = line.dropFirst(2).components(separatedBy: "  ")[0]
            .split(separator: " ").dropFirst()
        let allowed = lines.filter {
            $0.prefix { $0 != ":" }.components(separatedBy: ", ").contains(name)
        }.compactMap { $0.split(separator: " ").first { $0.hasPrefix("--") } }
        var words: [String] = []
        var options: [String: String] = [:]
        var rest = arguments.dropFirst()
        while let word = rest.popFirst() {
            guard word.hasPrefix("--") else {
                words.append(word)
                continue
            }
            guard allowed.contains(word[...]) else {
                throw ExerciseError("'\(name)' has no option '\(word)'")
            }
            guard let value = word == "--changed" ? "" : rest.popFirst() else {
                throw ExerciseError("'\(word)' needs a value")
            }
            options[word] = value
        }
        let required = takes.filter { !$0.hasPrefix("[") }.count
        let most = takes.contains { $0.contains("…") } ? Int.max : takes.count
        guard (required...most).contains(words.count) else {
            throw ExerciseError(
                "'\(name)' takes "
                    + (takes.isEmpty
                        ? "no arguments" : takes.joined(separator: " "))
                    + (words.isEmpty
                        ? "" : ", not '\(words.joined(separator: " "))'")
                    + ", such as 'scripts/exercise \(name)\(takes.isEmpty ? "" : " 4")'"
            )
        }
        let limit = try options["--time-limit"].map {
            guard let seconds = Double($0), seconds > 0 else {
                throw ExerciseError(
                    "'--time-limit' needs a number of seconds, such as 60")
            }
            return seconds
        }
        let numbers = try words.prefix(name == "prove" ? words.count : 1).map {
            guard let number = Int($0) else {
                throw ExerciseError(
                    "'\(name)' needs a chapter number, not '\($0)'")
            }
            return number
        }
        if name == "prove" {
            return try prove(
                numbers, onlyChanged: options["--changed"] != nil, root: root)
                ? 0 : 1
        }
        let catalog = ChapterCatalog(root: root)
        guard let number = numbers.first else {
            let workspace = ExerciseWorkspace(root: root)
            switch name {
            case "abandon": say(try workspace.abandon())
            case "list": list(catalog, workspace)
            default: try status(workspace)
            }
            return 0
        }
        let session = Session(
            root: root, chapter: try catalog.chapter(number), limit: limit ?? 30
        )
        switch name {
        case "brief":
            say(session.chapter.heading + "\n")
            say(try brief(of: session.chapter, root: root))
        case "start": try session.start(catalog: catalog)
        case "check": return try session.check()
        case "hint": return try session.hint()
        case "watch": try session.watch()
        case "restore": try session.restore()
        case "further":
            return try session.further(only: words.dropFirst().first)
        case "answer": try session.answer(words[1])
        default:
            return try session.grade(
                words.dropFirst().map { URL(fileURLWithPath: $0) },
                output: URL(
                    fileURLWithPath: options["--output"]
                        ?? root.appendingPathComponent(
                            ".build/exercise-grade/results"
                        ).path))
        }
        return 0
    }

    private static func list(
        _ catalog: ChapterCatalog, _ workspace: ExerciseWorkspace
    ) {
        let passed = Set(Ledger("progress", root: workspace.root).entries)
        let current = workspace.chapterInProgress
        for chapter in catalog.chapters() {
            let number = chapter.number
            let mark = passed.contains("chapter \(number)") ? "✓" : " "
            let state =
                current == number
                ? "  ← in progress"
                : current.map {
                    number > $0
                        ? "  (set aside until you restore chapter \($0))" : ""
                } ?? ""
            say("\(mark) \(number). \(chapter.title)\(state)")
            let slugs = FurtherExercise.of(chapter, root: workspace.root).map {
                (passed.contains("further \(number) \($0.slug)") ? "✓ " : "")
                    + $0.slug
            }
            if !slugs.isEmpty {
                say("     go further: \(slugs.joined(separator: ", "))")
            }
        }
        say(
            """

            ✓ marks what you have passed: a chapter you started and checked, an exercise
            you checked with 'further'. It is kept in .exercise/progress.
            """)
    }

    private static func status(_ workspace: ExerciseWorkspace) throws {
        guard workspace.chapterInProgress != nil else {
            return say(
                "No exercise is in progress. Start one with 'scripts/exercise start N'."
            )
        }
        let plan = try workspace.restorePlan()
        let last = workspace.lastCheckedFolder(plan.chapter).map {
            "Your last checked version is in \($0)/yours.\n"
        }
        let changed = plan.putBack.count - plan.setAside.count
        let removed =
            plan.removed.isEmpty
            ? ""
            : "\n  remove the \(files(plan.removed.count)) you added (once kept)"
        say(
            """
            \(plan.chapter.heading) is in progress.
            \(last ?? "")
            'scripts/exercise restore \(plan.chapter.number)' would:
              keep your version of \(files(plan.saved.count)) in .exercise/attempts/
            \(listed(plan.saved, indent: "    "))
              put back the book's version of \(files(changed))\(removed)
              bring back \(files(plan.setAside.count, "set-aside file"))
            """)
    }

    /// At most twelve of `paths`, one a line after `indent`, each followed by `note`.
    static func listed(
        _ paths: [String], indent: String,
        note: (String) -> String = { _ in "" }
    ) -> String {
        (paths.prefix(12).map { $0 + note($0) }
            + (paths.count > 12 ? ["… and \(paths.count - 12) more"] : []))
            .map { indent + $0 }.joined(separator: "\n")
    }
}

/// The commands about one chapter.
private struct Session {
    let root: URL
    let chapter: Chapter
    let limit: TimeInterval
    var workspace: ExerciseWorkspace { ExerciseWorkspace(root: root) }
    var number: Int { chapter.number }

    func start(catalog: ChapterCatalog) throws {
        let summary = try workspace.start(
            chapter, allChapters: catalog.chapters())
        let blanks = summary.blanks.map {
            "  \($0.path):\($0.line)  \($0.what)"
        }
        let later = summary.setAside.map(String.init).joined(separator: ", ")
        let notes =
            ChapterChecker(root: root).givenParts(of: chapter).map {
                "Given, not for you to write: \($0.what); its tests are left out."
            }
            + (later.isEmpty
                ? []
                : [
                    "Chapters \(later) build on this one, so they are set aside until you restore."
                ])
        let sections = [
            (try? brief(of: chapter, root: root)) ?? "",
            notes.joined(separator: "\n"),
        ]
        .filter { !$0.isEmpty }
        say(
            """
            \(chapter.heading) is now yours to write.

            These bodies now stop with "Not implemented yet". Fill them in:
            \(blanks.joined(separator: "\n"))

            Signatures, doc comments and types are still there; add the stored properties
            and helpers you need.

            \(sections.joined(separator: "\n\n"))

            Check where you stand, as often as you like:   scripts/exercise check \(number)
            Stuck? One hint at a time:                     scripts/exercise hint \(number)
            See the reference (your work is kept):         scripts/exercise restore \(number)

            Until you restore, git shows the set-aside files as deleted: that is on purpose,
            so do not commit them or check them out.
            """)
    }

    /// Saves the attempt, builds, and runs the chapter's tests and program; `nil`, with the
    /// compiler's errors printed, if the code does not compile.
    func buildAndCheck() throws -> ChapterCheckResult? {
        try refuseIfSetAside()
        say(chapter.heading)
        if workspace.chapterInProgress == number {
            say(
                """
                A copy of your files as checked, to compare or go back to, is in
                  \(try workspace.saveCheckedAttempt(chapter))
                Building…
                """
            )
        } else {
            say("Building…")
        }
        let checker = ChapterChecker(root: root, testTimeLimit: limit)
        let binPath: URL
        do { binPath = try checker.build() } catch {
            say("\nYour code does not compile yet. The compiler says:")
            say(reason(error), indent: "  ")
            say(
                "\nFix these, then run 'scripts/exercise check \(number)' again."
            )
            return nil
        }
        let result = try checker.check(chapter, binPath: binPath)
        say()
        return result
    }

    func check() throws -> Int32 {
        guard let result = try buildAndCheck() else { return 3 }
        let started = workspace.chapterInProgress == number
        report(result, started: started)
        if result.passed, started {
            try Ledger("progress", root: root).add(
                "chapter \(number)", once: true)
        }
        return result.passed ? 0 : 1
    }

    func hint() throws -> Int32 {
        let current = workspace.chapterInProgress
        guard current == number else {
            throw ExerciseError(
                "hints are for the chapter you are writing; "
                    + (current.map {
                        "that is chapter \($0): 'scripts/exercise hint \($0)'"
                    }
                        ?? "start it first with 'scripts/exercise start \(number)'")
            )
        }
        let path = "\(chapter.exercisesPath)/HINTS.md"
        let hints = ChapterHints(path: path, text: try readText(path, in: root))
        guard let result = try buildAndCheck() else { return 3 }
        guard !result.passed else {
            say("Everything passes, so there is nothing to hint at. Well done!")
            return 0
        }
        let ledger = Ledger("hints", root: root)
        let given = ledger.hints(number)
        guard let stuck = hints.blank(stuckOn: result, lastAsked: given.last),
            let list = hints.hints(for: stuck.what), !list.isEmpty
        else { throw ExerciseError("\(path):1: error: it holds no hints") }
        if stuck.reached {
            say(
                "Your tests stop in a body you have not written yet: \(stuck.what)."
            )
        } else {
            let failing = result.tests.first { !$0.passed }.map {
                "'\($0.behaviour)'"
            }
            say(
                "Every body your tests reach is written, but \(failing ?? "the program") "
                    + "still fails. A hint for \(stuck.what):")
        }
        let index = min(given.filter { $0 == stuck.what }.count, list.count - 1)
        say("\nHint \(index + 1) of \(list.count):")
        var line = ""
        for word in list[index].split(separator: " ") {
            if !line.isEmpty, line.count + word.count >= 76 {
                say("  " + line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        say("  " + line + "\n")
        say(
            index + 1 < list.count
                ? "Still stuck? 'scripts/exercise hint \(number)' gives the next one."
                : "That was the last hint for this body; the chapter's page explains it in full."
        )
        try ledger.add("\(number)\t\(stuck.what)")
        return 1
    }

    /// Checks again each time a Swift file of the chapter changes, polling every second.
    func watch() throws -> Never {
        func stamps() -> [Date?] {
            (swiftFiles(under: chapter.libraryPath, in: root)
                + swiftFiles(under: chapter.programPath, in: root)).map {
                    let path = root.appendingPathComponent($0).path
                    let attributes = try? FileManager.default.attributesOfItem(
                        atPath: path)
                    return attributes?[.modificationDate] as? Date
                }
        }
        while true {
            let before = stamps()
            _ = try check()
            say("\nWatching \(chapter.libraryPath)/ for changes; Ctrl-C stops.")
            while stamps() == before { Thread.sleep(forTimeInterval: 1) }
            say()
        }
    }

    func restore() throws {
        let (folder, plan) = try workspace.restore(chapter)
        say(
            """
            \(chapter.heading) is back to the book's version, and so are the chapters after it.
            Your version of \(files(plan.saved.count)) is kept in \(folder)/yours:
            """)
        say(
            ExerciseCommand.listed(plan.saved, indent: "  ") {
                plan.removed.contains($0) ? "  (you added it; removed)" : ""
            })
        if let last = workspace.lastCheckedFolder(chapter) {
            say("The version you last checked is in \(last)/yours.")
        }
        say(
            "To compare yours with the book's:\n  diff -ru \(folder)/book \(folder)/yours"
        )
    }

    func grade(_ folders: [URL], output: URL) throws -> Int32 {
        say("Grading \(folders.count) submission(s) of \(chapter.heading)…")
        let grades = try ExerciseKit.grade(
            chapter, submissions: folders, root: root, output: output,
            testTimeLimit: limit)
        for grade in grades {
            let what =
                grade.status == .error
                ? String(grade.message.split(separator: "\n").first ?? "")
                : "\(grade.passedCount) of \(grade.tests.count) tests pass"
            say(
                "  \(grade.status == .pass ? "✓" : "✗") \(grade.student): \(what)"
            )
        }
        say("Results: \(output.path)/results.csv and one STUDENT.json each.")
        return Grade.exitCode(grades)
    }

    /// Refuses a chapter set aside while an earlier one is being written.
    func refuseIfSetAside() throws {
        if let current = workspace.chapterInProgress, number > current {
            throw ExerciseError(
                "chapter \(number) is set aside while you work on chapter \(current); "
                    + "work on chapter \(current), or restore it first")
        }
    }

    func further(only slug: String?) throws -> Int32 {
        try refuseIfSetAside()
        let exercises =
            try slug.map { [try exercise($0)] }
            ?? FurtherExercise.of(chapter, root: root)
        guard !exercises.isEmpty else {
            throw ExerciseError(
                "chapter \(number) has no \"go further\" exercises")
        }
        say("\(chapter.heading): go further")
        say(
            "Building your library (chapters 1–\(number)) with the exercises' tests…"
        )
        let outcomes = try runFurther(
            exercises, root: root, withAnswers: false, testTimeLimit: limit)
        for outcome in outcomes {
            say()
            report(outcome)
            if outcome.passed {
                try Ledger("progress", root: root).add(
                    "further \(number) \(outcome.exercise.slug)", once: true)
            }
        }
        let done = outcomes.filter(\.passed).count
        say(
            "\n\(done) of \(outcomes.count) exercise\(outcomes.count == 1 ? " passes" : "s pass")."
        )
        return done == outcomes.count ? 0 : 1
    }

    func answer(_ slug: String) throws {
        let path = try exercise(slug).answerPath
        let text = try readText(path, in: root)
        say(
            """
            // A worked answer to chapter \(number)'s '\(slug)' (\(path)).
            // Yours may differ and still be right: the tests are the judge.

            """)
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    private func exercise(_ slug: String) throws -> FurtherExercise {
        let all = FurtherExercise.of(chapter, root: root)
        guard let exercise = all.first(where: { $0.slug == slug }) else {
            throw ExerciseError(
                "chapter \(number) has no exercise '\(slug)'; its exercises are "
                    + all.map(\.slug).joined(separator: ", "))
        }
        return exercise
    }

    /// Prints a chapter check for the student: every behaviour with a mark, why the failing ones
    /// fail, the program, and what to do next.
    private func report(_ result: ChapterCheckResult, started: Bool) {
        let tests = result.tests
        let failing = tests.filter { !$0.passed }.count
        for what in result.given {
            say("Given, not for you to write: \(what); its tests are left out.")
        }
        say("Behaviours (\(tests.count - failing) of \(tests.count) pass)")
        let suites = tests.map(\.suite).uniqued()
        for suite in suites {
            if suites.count > 1 { say("  \(suite)") }
            tests.filter { $0.suite == suite }.forEach(report)
        }
        say("\nThe chapter program (swift run \(chapter.product))")
        switch result.program {
        case .matches: say("  ✓ prints what the book shows")
        case .notRecorded: say("  - the book records no run for this chapter")
        case .failed(let reason): say("  ✗ \(reason)")
        }
        say()
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
                    + "'scripts/exercise check \(number)' again after each change."
            )
        }
    }

    /// Prints one test as a line with a mark, and its problems below it.
    private func report(_ test: TestOutcome) {
        say(
            "  \(test.passed ? "✓" : test.status == .skipped ? "-" : "✗") \(test.behaviour)"
        )
        for line in test.problems { say("      " + line) }
    }

    /// Prints one "go further" exercise's outcome for the student.
    private func report(_ outcome: FurtherOutcome) {
        let slug = outcome.exercise.slug
        guard let errors = outcome.errors else {
            let passing = outcome.tests.filter(\.passed).count
            say(
                "\(outcome.passed ? "✓" : "✗") \(slug): \(passing) of "
                    + "\(outcome.tests.count) behaviours pass")
            outcome.tests.forEach(report)
            if outcome.passed {
                say(
                    "    Done. Compare with a worked answer: scripts/exercise answer \(number) \(slug)"
                )
            }
            return
        }
        let lines = TextLines(errors).lines
        let library = lines.filter { $0.hasPrefix("Sources/") }
        // The names the compiler could not find, such as `Empty`.
        let missing = errors.matches(
            of: #/(cannot find (type )?|has no member )'([^']+)'/#
        )
        .map { "'\($0.3)'" }.uniqued()
        // Another file of the library does not compile, so no exercise can build.
        say(
            !library.isEmpty
                ? "✗ \(slug): your library does not compile, so its tests cannot run"
                : missing.isEmpty
                    ? "✗ \(slug): its tests do not compile against your library yet"
                    : "✗ \(slug): not written yet (the tests need "
                        + missing.joined(separator: ", ") + ")")
        let shown = library.isEmpty ? lines : library
        say(shown.prefix(3).joined(separator: "\n"), indent: "    ")
        if shown.count > 3 { say("    … and \(shown.count - 3) more errors") }
        if library.isEmpty {
            say(
                "    Write your answer in a new file in \(chapter.libraryPath)/, then "
                    + "run 'scripts/exercise further \(number) \(slug)'.")
        }
    }
}
