import BookKit
import Foundation

/// The command line of `scripts/exercise`.
public enum ExerciseCommand {
    static let usage = """
        usage: scripts/exercise COMMAND [ARGUMENTS]

        Rebuild a chapter yourself:
          brief N           what chapter N asks you to build, and what to read first
          start N           blank out chapter N's step (later chapters are set aside)
          check N           build, run chapter N's tests and its program, and say where you stand
          hint N            the next hint for the body you are stuck on
          watch N           check again each time a file of chapter N changes (Ctrl-C stops)
          restore N         put the reference chapter N back (your version is kept)
          status            what is in progress, and what 'restore' would do
          abandon           clear an exercise that cannot be restored (your attempts are kept)

        Options for check, watch, further and grade:
          --time-limit S    stop a test that runs longer than S seconds (default 30)

        Go further:
          further N [NAME]  check your answers to chapter N's "go further" exercises
          answer N NAME     show the worked answer to one of them

          list              the chapters, their exercises, and what you have passed

        For teachers:
          grade N FOLDER…   grade copies of chapter N's library folder, one per student,
                            in a scratch copy; writes STUDENT.json and results.csv
                            (--output DIR, default .build/exercise-grade/results);
                            exits 0 if all pass, 1 if some fail tests, 3 if some do not compile
          prove [N …]       (for CI) prove every chapter's exercises are well formed;
                            --changed: only chapters whose files differ from main
        """

    /// Makes Ctrl-C end the tests the tool runs, and everything they started, and remove the
    /// tool's temporary files.
    public static func prepareForInterrupts() {
        InterruptCleanup.installSignalHandlers()
    }

    /// Runs the command in `arguments` (without the program name) for the repository at `root`.
    public static func run(_ arguments: [String], root: URL) -> Int32 {
        var output = ReportPrinter()
        do {
            return try dispatch(
                arguments, root: root.standardizedFileURL, output: &output)
        } catch {
            output.line("scripts/exercise: \(error)")
            return 1
        }
    }

    private static func dispatch(
        _ arguments: [String], root: URL, output: inout ReportPrinter
    )
        throws(ExerciseError) -> Int32
    {
        var arguments = arguments
        var options = Options()
        if let flag = arguments.firstIndex(of: "--time-limit") {
            guard flag + 1 < arguments.count,
                let seconds = Double(arguments[flag + 1]),
                seconds > 0
            else {
                throw ExerciseError(
                    "'--time-limit' needs a number of seconds, such as 60")
            }
            options.testTimeLimit = seconds
            arguments.removeSubrange(flag...(flag + 1))
        }
        if let flag = arguments.firstIndex(of: "--output") {
            guard flag + 1 < arguments.count else {
                throw ExerciseError("'--output' needs a folder")
            }
            options.output = URL(fileURLWithPath: arguments[flag + 1])
            arguments.removeSubrange(flag...(flag + 1))
        }
        guard let command = arguments.first else {
            output.line(usage)
            return ExitCode.usage
        }
        let rest = Array(arguments.dropFirst())
        let catalog = ChapterCatalog(root: root)
        func chapterArgument() throws(ExerciseError) -> Chapter {
            guard let first = rest.first, let number = Int(first) else {
                throw ExerciseError(
                    "'\(command)' needs a chapter number, such as '\(command) 4'"
                )
            }
            return try catalog.chapter(number)
        }
        switch command {
        case "start":
            return try start(
                try chapterArgument(), catalog: catalog, root: root,
                output: &output)
        case "check":
            return try check(
                try chapterArgument(), root: root, options: options,
                output: &output)
        case "brief":
            let chapter = try chapterArgument()
            output.line(chapter.heading)
            output.line()
            output.line(try ChapterBrief(chapter: chapter, root: root).text())
            return 0
        case "hint":
            return try hint(
                try chapterArgument(), root: root, options: options,
                output: &output)
        case "restore":
            return try restore(
                try chapterArgument(), root: root, output: &output)
        case "grade":
            let chapter = try chapterArgument()
            let folders = rest.dropFirst().map { URL(fileURLWithPath: $0) }
            guard !folders.isEmpty else {
                throw ExerciseError(
                    "'grade' needs a chapter and submission folders, such as "
                        + "'grade 4 submissions/*/04-Map'")
            }
            return try grade(
                chapter, folders, root: root, options: options, output: &output)
        case "watch":
            return try watch(
                try chapterArgument(), root: root, options: options,
                output: &output)
        case "status":
            try status(catalog: catalog, root: root, output: &output)
            return 0
        case "abandon":
            output.line(
                try ExerciseWorkspace(root: root).abandon(catalog: catalog))
            return 0
        case "further":
            let chapter = try chapterArgument()
            return try further(
                chapter, only: rest.dropFirst().first, root: root,
                output: &output)
        case "answer":
            let chapter = try chapterArgument()
            guard let slug = rest.dropFirst().first else {
                throw ExerciseError(
                    "'answer' needs a chapter and an exercise name, such as 'answer 2 empty'"
                )
            }
            return try answer(chapter, slug: slug, root: root, output: &output)
        case "list":
            list(catalog: catalog, root: root, output: &output)
            return 0
        case "prove":
            let numbers = try rest.filter { $0 != "--changed" }.map {
                argument throws(ExerciseError) -> Int in
                guard let number = Int(argument) else {
                    throw ExerciseError(
                        "'prove' takes chapter numbers, not '\(argument)'")
                }
                return number
            }
            return try ExerciseProof(root: root).run(
                chapters: numbers, onlyChanged: rest.contains("--changed"),
                output: &output) ? 0 : 1
        case "-h", "--help", "help":
            output.line(usage)
            return 0
        default:
            throw ExerciseError("unknown command '\(command)'\n\n\(usage)")
        }
    }

    // MARK: - Rebuild the chapter

    private static func start(
        _ chapter: Chapter, catalog: ChapterCatalog, root: URL,
        output: inout ReportPrinter
    ) throws(ExerciseError) -> Int32 {
        let workspace = ExerciseWorkspace(root: root)
        let summary = try workspace.start(
            chapter, allChapters: catalog.chapters())
        output.line("\(chapter.heading) is now yours to write.")
        output.line()
        output.line(
            "These bodies now stop with \"Not implemented yet\". Fill them in:")
        for blank in summary.blanks {
            output.line("  \(blank.path):\(blank.line)  \(blank.what)")
        }
        output.line()
        output.line(
            "Signatures, doc comments and types are still there; add the stored properties and "
                + "helpers you need.")
        if let brief = try? ChapterBrief(chapter: chapter, root: root).text() {
            output.line()
            output.line(brief)
        }
        output.line()
        for part in GivenPart.of(chapter, root: root) {
            output.line(
                "Given, not for you to write: \(part.what). Its tests are left out of 'check'."
            )
        }
        if !summary.setAside.isEmpty {
            let numbers = summary.setAside.map(String.init).joined(
                separator: ", ")
            output.line(
                "Chapters \(numbers) build on this one, so they are set aside until you restore."
            )
        }
        output.line()
        output.line(
            "Check where you stand, as often as you like:   scripts/exercise check \(chapter.number)"
        )
        output.line(
            "Stuck? One hint at a time:                     scripts/exercise hint \(chapter.number)"
        )
        output.line(
            "See the reference (your work is kept):         scripts/exercise restore \(chapter.number)"
        )
        output.line()
        output.line(
            "Until you restore, git shows the set-aside files as deleted: that is on purpose, "
                + "so do not commit them or check them out.")
        return 0
    }

    private static func check(
        _ chapter: Chapter, root: URL, options: Options,
        output: inout ReportPrinter
    ) throws(ExerciseError) -> Int32 {
        guard
            let result = try buildAndCheck(
                chapter, root: root, options: options, output: &output)
        else { return ExitCode.doesNotCompile }
        let started =
            ExerciseWorkspace(root: root).chapterInProgress == chapter.number
        output.line()
        ChapterReport(result: result, started: started).write(to: &output)
        if result.passed, started {
            Progress(root: root).record("chapter \(chapter.number)")
        }
        return result.passed ? 0 : ExitCode.failsTests
    }

    /// Saves the student's attempt, builds, and runs the chapter's tests and program; `nil`,
    /// with the compiler's errors printed, if the code does not compile.
    private static func buildAndCheck(
        _ chapter: Chapter, root: URL, options: Options,
        output: inout ReportPrinter
    ) throws(ExerciseError) -> ChapterCheckResult? {
        let workspace = ExerciseWorkspace(root: root)
        let current = workspace.chapterInProgress
        if let current, chapter.number > current {
            throw ExerciseError(
                "chapter \(chapter.number) is set aside while you work on chapter \(current); "
                    + "check chapter \(current), or restore it first")
        }
        output.line(chapter.heading)
        if current == chapter.number {
            let saved = try workspace.saveCheckedAttempt(chapter)
            output.line("Your files are saved in \(saved). Building…")
        } else {
            output.line("Building…")
        }
        var checker = ChapterChecker(root: root)
        checker.testTimeLimit = options.testTimeLimit
        let binPath: URL
        switch checker.build() {
        case .failure(let error):
            output.line()
            output.line("Your code does not compile yet. The compiler says:")
            output.indented(error.description, by: 2)
            output.line()
            output.line(
                "Fix these, then run 'scripts/exercise check \(chapter.number)' again."
            )
            return nil
        case .success(let path):
            binPath = path
        }
        switch checker.check(chapter, binPath: binPath) {
        case .failure(let error): throw error
        case .success(let value): return value
        }
    }

    /// Prints the next hint for the blank the student is stuck on, and records it.
    private static func hint(
        _ chapter: Chapter, root: URL, options: Options,
        output: inout ReportPrinter
    ) throws(ExerciseError) -> Int32 {
        let current = ExerciseWorkspace(root: root).chapterInProgress
        guard current == chapter.number else {
            throw ExerciseError(
                "hints are for the chapter you are writing; "
                    + (current.map {
                        "that is chapter \($0): 'scripts/exercise hint \($0)'"
                    }
                        ?? "start it first with 'scripts/exercise start \(chapter.number)'")
            )
        }
        let path = ChapterHints.path(of: chapter)
        guard
            let text = try? String(
                contentsOf: root.appendingPathComponent(path), encoding: .utf8)
        else {
            throw ExerciseError(
                "\(path): cannot be read; chapter \(chapter.number) has no hints"
            )
        }
        let hints = ChapterHints(path: path, text: text)
        guard
            let result = try buildAndCheck(
                chapter, root: root, options: options, output: &output)
        else { return ExitCode.doesNotCompile }
        output.line()
        guard !result.passed else {
            output.line(
                "Everything passes, so there is nothing to hint at. Well done!")
            return 0
        }
        let ledger = HintLedger(root: root)
        guard
            let stuck = hints.blank(
                stuckOn: result, lastAsked: ledger.last(chapter.number)),
            let list = hints.hints(for: stuck.what)
        else { throw ExerciseError("\(path) holds no hints") }
        let what = stuck.what
        if stuck.reached {
            output.line(
                "Your tests stop in a body you have not written yet: \(what).")
        } else {
            let failing = result.tests.first { !$0.passed }.map {
                "'\($0.behaviour)'"
            }
            output.line(
                "Every body your tests reach is written, but \(failing ?? "the program") "
                    + "still fails. A hint for \(what):")
        }
        let index = min(ledger.given(chapter.number, what), list.count - 1)
        output.line()
        output.line("Hint \(index + 1) of \(list.count):")
        for line in wrapped(list[index], width: 76) { output.line("  " + line) }
        output.line()
        output.line(
            index + 1 < list.count
                ? "Still stuck? 'scripts/exercise hint \(chapter.number)' gives the next one."
                : "That was the last hint for this body; the chapter's page explains it in full."
        )
        try ledger.record(chapter.number, what)
        return ExitCode.failsTests
    }

    /// `text` broken into lines of at most `width` characters, between words.
    static func wrapped(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        return line.isEmpty ? lines : lines + [line]
    }

    private static func restore(
        _ chapter: Chapter, root: URL, output: inout ReportPrinter
    )
        throws(ExerciseError) -> Int32
    {
        let summary = try ExerciseWorkspace(root: root).restore(chapter)
        let plan = summary.plan
        output.line(
            "\(chapter.heading) is back to the book's version, and so are the chapters after it."
        )
        output.line(
            "Your version of \(plan.saved.count) file(s) is kept in \(summary.attemptFolder)/yours:"
        )
        for path in plan.saved.prefix(12) {
            let note =
                plan.removed.contains(path) ? "  (you added it; removed)" : ""
            output.line("  \(path)\(note)")
        }
        if plan.saved.count > 12 {
            output.line("  … and \(plan.saved.count - 12) more")
        }
        if !plan.overwritten.isEmpty, let last = summary.lastChecked {
            output.line(
                "Your chapter files were already the book's (a 'git restore' or 'git checkout'?); "
                    + "the version you last checked is in \(last)/yours.")
        }
        output.line("To compare yours with the book's:")
        output.line(
            "  diff -ru \(summary.attemptFolder)/book \(summary.attemptFolder)/yours"
        )
        return 0
    }

    private static func status(
        catalog: ChapterCatalog, root: URL, output: inout ReportPrinter
    )
        throws(ExerciseError)
    {
        let workspace = ExerciseWorkspace(root: root)
        guard let current = workspace.chapterInProgress else {
            output.line(
                "No exercise is in progress. Start one with 'scripts/exercise start N'."
            )
            return
        }
        let plan: ExerciseWorkspace.RestorePlan
        do {
            plan = try workspace.restorePlan()
        } catch {
            output.line(
                "Chapter \(current) is marked as started, but: \(error)")
            return
        }
        let chapter = try catalog.chapter(current)
        output.line("\(chapter.heading) is in progress.")
        if let last = workspace.lastCheckedFolder(chapter) {
            output.line("Your last checked version is in \(last)/yours.")
        }
        if !plan.overwritten.isEmpty {
            output.line(
                "These files are the book's again, not yours (a 'git restore' or 'git checkout'?):"
            )
            for path in plan.overwritten { output.line("  \(path)") }
        }
        output.line()
        output.line("'scripts/exercise restore \(current)' would:")
        output.line(
            "  keep your version of \(plan.saved.count) file(s) in \(ExerciseWorkspace.attemptsFolder)/"
        )
        for path in plan.saved.prefix(12) { output.line("    \(path)") }
        if plan.saved.count > 12 {
            output.line("    … and \(plan.saved.count - 12) more")
        }
        output.line(
            "  put back the book's version of \(plan.putBack.count) file(s)")
        if !plan.removed.isEmpty {
            output.line(
                "  remove \(plan.removed.count) file(s) you added (after keeping them)"
            )
        }
        output.line(
            "  bring back \(plan.setAside.count) set-aside folder(s) and file(s)"
        )
        if !plan.returned.isEmpty {
            output.line(
                "  (\(plan.returned.count) of their files are in the tree already, from git; "
                    + "they are replaced, and kept where they differ)")
        }
    }

    // MARK: - Grade

    private static func grade(
        _ chapter: Chapter, _ folders: [URL], root: URL, options: Options,
        output: inout ReportPrinter
    ) throws(ExerciseError) -> Int32 {
        let results =
            options.output
            ?? root.appendingPathComponent(".build/exercise-grade/results")
        output.line(
            "Grading \(folders.count) submission(s) of \(chapter.heading)…")
        var grader = Grader(root: root)
        grader.testTimeLimit = options.testTimeLimit
        let grades = try grader.grade(
            chapter, submissions: folders, output: results)
        for grade in grades {
            let mark = grade.status == .pass ? "✓" : "✗"
            let what =
                grade.status == .error
                ? (grade.message.split(separator: "\n").first.map(String.init)
                    ?? "")
                : "\(grade.passedCount) of \(grade.tests.count) tests pass"
            output.line("  \(mark) \(grade.student): \(what)")
        }
        output.line(
            "Results: \(results.path)/results.csv and one STUDENT.json each.")
        return ExitCode.of(grades)
    }

    // MARK: - Go further

    private static func further(
        _ chapter: Chapter, only slug: String?, root: URL,
        output: inout ReportPrinter
    ) throws(ExerciseError) -> Int32 {
        if let current = ExerciseWorkspace(root: root).chapterInProgress,
            chapter.number > current
        {
            throw ExerciseError(
                "chapter \(chapter.number) is set aside while you work on chapter \(current); "
                    + "restore chapter \(current) first")
        }
        let further = FurtherExercises(root: root)
        var exercises = further.exercises(of: chapter)
        guard !exercises.isEmpty else {
            throw ExerciseError(
                "chapter \(chapter.number) has no \"go further\" exercises")
        }
        if let slug {
            exercises = exercises.filter { $0.slug == slug }
            guard !exercises.isEmpty else {
                let names = further.exercises(of: chapter).map(\.slug).joined(
                    separator: ", ")
                throw ExerciseError(
                    "chapter \(chapter.number) has no exercise '\(slug)'; its exercises are \(names)"
                )
            }
        }
        output.line("\(chapter.heading): go further")
        output.line(
            "Building your library (chapters 1–\(chapter.number)) with the exercises' tests…"
        )
        let outcomes = try further.run(
            exercises, of: chapter, withAnswers: false)
        for outcome in outcomes {
            output.line()
            FurtherReport(outcome: outcome, chapter: chapter).write(to: &output)
        }
        for outcome in outcomes where outcome.passed {
            Progress(root: root).record(
                "further \(chapter.number) \(outcome.exercise.slug)")
        }
        let done = outcomes.filter(\.passed).count
        output.line()
        output.line(
            "\(done) of \(outcomes.count) exercise\(outcomes.count == 1 ? "" : "s") "
                + "pass\(outcomes.count == 1 ? "es" : "").")
        return done == outcomes.count ? 0 : 1
    }

    private static func answer(
        _ chapter: Chapter, slug: String, root: URL, output: inout ReportPrinter
    ) throws(ExerciseError) -> Int32 {
        let further = FurtherExercises(root: root)
        guard
            let exercise = further.exercises(of: chapter).first(where: {
                $0.slug == slug
            })
        else {
            let names = further.exercises(of: chapter).map(\.slug).joined(
                separator: ", ")
            throw ExerciseError(
                "chapter \(chapter.number) has no exercise '\(slug)'; its exercises are \(names)"
            )
        }
        guard
            let text = try? String(
                contentsOf: root.appendingPathComponent(exercise.answerPath),
                encoding: .utf8)
        else {
            throw ExerciseError("\(exercise.answerPath) cannot be read")
        }
        output.line(
            "// A worked answer to chapter \(chapter.number)'s '\(slug)' (\(exercise.answerPath))."
        )
        output.line(
            "// Yours may differ and still be right: the tests are the judge.")
        output.line()
        output.line(text, terminator: "")
        return 0
    }

    private static func list(
        catalog: ChapterCatalog, root: URL, output: inout ReportPrinter
    ) {
        let inProgress = ExerciseWorkspace(root: root).chapterInProgress
        let further = FurtherExercises(root: root)
        let passed = Progress(root: root).passed
        for chapter in catalog.chapters() {
            var mark = ""
            if let inProgress, chapter.number == inProgress {
                mark = "  ← in progress"
            } else if let inProgress, chapter.number > inProgress {
                mark = "  (set aside until you restore chapter \(inProgress))"
            }
            let done = passed.contains("chapter \(chapter.number)") ? "✓" : " "
            output.line("\(done) \(chapter.number). \(chapter.title)\(mark)")
            let slugs = further.exercises(of: chapter).map { slug in
                (passed.contains("further \(chapter.number) \(slug.slug)")
                    ? "✓ " : "") + slug.slug
            }
            if !slugs.isEmpty {
                output.line("     go further: \(slugs.joined(separator: ", "))")
            }
        }
        output.line()
        output.line(
            "✓ marks what you have passed: a chapter you started and checked, an exercise"
        )
        output.line(
            "you checked with 'further'. It is kept in \(ExerciseWorkspace.stashFolder)/progress."
        )
    }

    /// Runs `check` again each time a Swift file of the chapter changes, until interrupted.
    ///
    /// It polls every second, so it needs no file-watching dependency.
    private static func watch(
        _ chapter: Chapter, root: URL, options: Options,
        output: inout ReportPrinter
    ) throws(ExerciseError) -> Int32 {
        let workspace = ExerciseWorkspace(root: root)
        func stamp() -> [String: Date] {
            var stamps: [String: Date] = [:]
            for path in workspace.swiftFiles(under: chapter.libraryPath)
                + workspace.swiftFiles(under: chapter.programPath)
            {
                stamps[path] =
                    (try? FileManager.default.attributesOfItem(
                        atPath: root.appendingPathComponent(path).path)[
                        .modificationDate])
                    as? Date ?? .distantPast
            }
            return stamps
        }
        while true {
            let before = stamp()
            _ = try check(
                chapter, root: root, options: options, output: &output)
            output.line()
            output.line(
                "Watching \(chapter.libraryPath)/ for changes; Ctrl-C stops.")
            while stamp() == before {
                Thread.sleep(forTimeInterval: 1)
            }
            output.line()
        }
    }
}

/// Settings given as flags.
struct Options {
    /// How long one test may run, in seconds.
    var testTimeLimit: TimeInterval = 30
    /// Where `grade` writes its results.
    var output: URL?
}

/// The tool's exit codes, so that a script can tell a build failure from failing tests.
enum ExitCode {
    /// Some tests, or the chapter's program, fail.
    static let failsTests: Int32 = 1
    /// The command line is wrong.
    static let usage: Int32 = 2
    /// The code does not compile.
    static let doesNotCompile: Int32 = 3

    /// What `grade` exits with: the worst of `grades`.
    static func of(_ grades: [Grader.Grade]) -> Int32 {
        if grades.contains(where: { $0.status == .error }) {
            return doesNotCompile
        }
        if grades.contains(where: { $0.status == .fail }) { return failsTests }
        return 0
    }
}

/// The chapters and "go further" exercises a student has passed, one a line in
/// `.exercise/progress`: `chapter 4`, `further 2 empty`.
struct Progress {
    let root: URL
    private var file: URL {
        root.appendingPathComponent("\(ExerciseWorkspace.stashFolder)/progress")
    }

    /// The lines recorded so far.
    var passed: Set<String> {
        Set(
            ((try? String(contentsOf: file, encoding: .utf8)) ?? "").split(
                separator: "\n"
            )
            .map(String.init))
    }

    /// Adds `entry` if it is not there yet.
    func record(_ entry: String) {
        var entries = passed
        guard entries.insert(entry).inserted else { return }
        try? FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(),
            withIntermediateDirectories: true)
        try? Data((entries.sorted().joined(separator: "\n") + "\n").utf8).write(
            to: file, options: .atomic)
    }
}

/// Collects the report's lines and prints them as they come.
struct ReportPrinter {
    /// Everything printed so far, for tests.
    private(set) var text = ""
    var echoes = true

    mutating func line(_ string: String = "", terminator: String = "\n") {
        text += string + terminator
        if echoes {
            FileHandle.standardOutput.write(Data((string + terminator).utf8))
        }
    }

    /// Prints every line of `string` indented by `spaces`.
    mutating func indented(_ string: String, by spaces: Int) {
        let padding = String(repeating: " ", count: spaces)
        for line in TextLines(string).lines {
            self.line(padding + line)
        }
    }
}
