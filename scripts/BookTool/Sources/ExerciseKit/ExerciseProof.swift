import BookKit
import Foundation

/// Proves, in a scratch copy of the repository, that every chapter can be assigned.
///
/// It checks that:
///
/// - starting chapter N leaves a package that builds, where chapter N's failing tests fail
///   with "Not implemented yet", at least one does, and every earlier chapter's tests pass
///   and its program prints what the book shows;
/// - restoring brings back every file exactly as it was;
/// - every "go further" exercise passes with its worked answer, and without it fails or
///   does not build.
struct ExerciseProof {
    let root: URL

    /// What the copy holds: enough to build the package, read the book and run the exercises.
    static let copiedPaths = [
        "Package.swift", "Sources", "Chapters", "Tests", "book",
        "scripts/Exercises",
    ]

    /// Runs the proof for `chapters` (all of them if empty) and prints one line per claim.
    ///
    /// With `onlyChanged`, it proves only the chapters that `changedChapters` names.
    func run(
        chapters numbers: [Int], onlyChanged: Bool = false,
        output: inout ReportPrinter
    )
        throws(ExerciseError) -> Bool
    {
        let copy = root.appendingPathComponent(".build/exercise-proof/repo")
        try makeCopy(at: copy)
        let catalog = ChapterCatalog(root: copy)
        let all = catalog.chapters()
        var chosen =
            numbers.isEmpty
            ? all
            : try numbers.map { n throws(ExerciseError) in
                try catalog.chapter(n)
            }
        if onlyChanged {
            let (base, first) = try changedChapters()
            chosen = chosen.filter { $0.number >= first ?? .max }
            output.line(
                chosen.isEmpty
                    ? "nothing to prove: no chapter's files changed since \(base)"
                    : "proving chapters \(chosen.map { String($0.number) }.joined(separator: ", "))"
                        + ", whose files (or an earlier chapter's) changed since \(base)"
            )
            if chosen.isEmpty { return true }
        }
        let untracked = untrackedFiles()
        if !untracked.isEmpty {
            output.line(
                "note: the proof uses the files git tracks; it leaves out these, which git does not:"
            )
            for path in untracked.prefix(10) {
                output.line("  \(path)")
            }
        }
        let before = try snapshot(of: copy)
        var failures: [String] = []
        var passes = 0
        func claim(_ holds: Bool, _ text: String) {
            output.line("\(holds ? "ok  " : "FAIL") \(text)")
            if holds { passes += 1 } else { failures.append(text) }
        }
        for chapter in chosen {
            output.line("== \(chapter.heading)")
            try proveRebuild(chapter, in: copy, all: all, claim: claim)
            let after = try snapshot(of: copy)
            let changed = Set(before.keys).union(after.keys).filter {
                before[$0] != after[$0]
            }
            claim(
                changed.isEmpty,
                "restore \(chapter.number) puts every file back as it was"
                    + changed.sorted().prefix(5).map {
                        "\n       changed: \($0)"
                    }.joined())
            try proveFurther(chapter, in: copy, claim: claim)
        }
        output.line()
        output.line("\(passes) passed, \(failures.count) failed")
        return failures.isEmpty
    }

    private func proveRebuild(
        _ chapter: Chapter, in copy: URL, all: [Chapter],
        claim: (Bool, String) -> Void
    ) throws(ExerciseError) {
        let workspace = ExerciseWorkspace(root: copy)
        _ = try workspace.start(chapter, allChapters: all)
        defer {
            do {
                _ = try workspace.restore(chapter)
            } catch {
                claim(false, "restore \(chapter.number): \(error)")
            }
        }
        let checker = ChapterChecker(root: copy)
        let binPath: URL
        switch checker.build() {
        case .failure(let error):
            claim(
                false,
                "start \(chapter.number) leaves a package that builds:\n\(error)"
            )
            return
        case .success(let path):
            binPath = path
            claim(true, "start \(chapter.number) leaves a package that builds")
        }
        guard case .success(let own) = checker.check(chapter, binPath: binPath)
        else {
            claim(false, "chapter \(chapter.number)'s tests run")
            return
        }
        let failing = own.tests.filter { !$0.passed }
        let unexplained = failing.filter { !Self.saysNotImplemented($0) }
        claim(
            !failing.isEmpty && unexplained.isEmpty,
            "chapter \(chapter.number): \(failing.count) of \(own.tests.count) tests fail, "
                + "all with \"Not implemented yet\" (in an exit test, the trap it causes)"
                + unexplained.map { "\n       not so: \($0.name)" }.joined())
        if case .failed(let reason) = own.program {
            claim(
                reason.contains("Not implemented yet"),
                "chapter \(chapter.number)'s program stops with \"Not implemented yet\""
            )
        } else {
            claim(
                false,
                "chapter \(chapter.number)'s program stops with \"Not implemented yet\""
            )
        }
        for earlier in all where earlier.number < chapter.number {
            guard
                case .success(let result) = checker.check(
                    earlier, binPath: binPath)
            else {
                claim(false, "chapter \(earlier.number)'s tests run")
                continue
            }
            let failed = result.tests.filter { !$0.passed }.map(\.name)
            claim(
                result.passed,
                "chapter \(earlier.number) still passes: \(result.tests.count) tests, program "
                    + "as the book shows"
                    + (failed.isEmpty
                        ? ""
                        : "\n       failing: \(failed.joined(separator: ", "))")
            )
        }
    }

    private func proveFurther(
        _ chapter: Chapter, in copy: URL, claim: (Bool, String) -> Void
    )
        throws(ExerciseError)
    {
        let further = FurtherExercises(root: copy)
        let exercises = further.exercises(of: chapter)
        claim(
            (2...4).contains(exercises.count),
            "chapter \(chapter.number) has \(exercises.count) \"go further\" exercises (2–4)"
        )
        guard !exercises.isEmpty else { return }
        for outcome in try further.run(
            exercises, of: chapter, withAnswers: true)
        {
            var detail = ""
            switch outcome.status {
            case .doesNotBuild(let errors): detail = "\n" + errors
            case .ran(let tests):
                detail =
                    "; \(tests.count) tests"
                    + tests.filter { !$0.passed }.map {
                        "\n       failing: \($0.name)"
                    }.joined()
            }
            claim(
                outcome.passed,
                "\(outcome.exercise.slug): its tests pass with the answer\(detail)"
            )
        }
        for outcome in try further.run(
            exercises, of: chapter, withAnswers: false)
        {
            let how: String
            switch outcome.status {
            case .doesNotBuild(let errors):
                how =
                    "its tests do not build (\(errors.split(separator: "\n").first ?? ""))"
            case .ran(let tests):
                how =
                    "\(tests.filter { !$0.passed }.count) of its \(tests.count) tests fail"
            }
            claim(
                !outcome.passed,
                "\(outcome.exercise.slug): without the answer, \(how)")
        }
    }

    /// Whether a failing test failed because of a blanked body.
    static func saysNotImplemented(_ test: TestOutcome) -> Bool {
        switch test.status {
        case .crashed(let message): message.contains("Not implemented yet")
        case .failed(let issues):
            issues.contains {
                // An exit test that expects its child to succeed sees only the child's signal;
                // fatalError stops a process with SIGILL.
                $0.contains("Not implemented yet")
                    || $0.contains(".success → .signal(SIGILL")
            }
        case .passed, .skipped, .timedOut: false
        }
    }

    // MARK: - What changed

    /// The commit the working tree is compared with (where it left `main`, or `HEAD` without a
    /// `main` branch) and the lowest chapter a changed file belongs to, or 0 when a file every
    /// chapter's proof reads changed (`Package.swift`, test support, the exercise tool).
    ///
    /// A later chapter's proof builds on the earlier chapters' library and checks that they
    /// still pass, so every chapter from that one on is proved again.
    func changedChapters() throws(ExerciseError) -> (base: String, first: Int?)
    {
        let mergeBase = ProcessRunner.run(
            "git", ["-C", root.path, "merge-base", "HEAD", "main"])
        let base =
            mergeBase.succeeded
            ? String(mergeBase.standardOutput.trimmedWhitespace.prefix(10))
            : "HEAD"
        let diff = ProcessRunner.run(
            "git",
            [
                "-C", root.path, "diff", "--name-only", "--no-renames", base,
                "--",
            ])
        guard diff.succeeded else {
            throw ExerciseError(
                "--changed needs git: \(diff.failureReason(program: "git diff"))"
            )
        }
        let numbers = TextLines(diff.standardOutput).lines.compactMap(
            Self.chapter(ofChangedPath:))
        return (mergeBase.succeeded ? "main (\(base))" : "HEAD", numbers.min())
    }

    /// The chapter whose proof `path` changes: its number for a chapter's own file (library
    /// folder, program, tests, page, exercises), 0 for a file every proof reads, `nil` for one
    /// no proof reads.
    static func chapter(ofChangedPath path: String) -> Int? {
        let parts = path.split(separator: "/").map(String.init)
        guard let top = parts.first else { return nil }
        let owned =
            ["Sources", "Chapters", "scripts/Exercises", "book"].contains {
                path.hasPrefix($0 + "/")
            } || path.hasPrefix("Tests/MiniCombineTests/Chapter")
        if owned {
            for part in parts {
                let name =
                    part.hasPrefix("Chapter") ? String(part.dropFirst(7)) : part
                let digits = name.prefix { $0.isNumber }
                if digits.count == 2, let number = Int(digits) { return number }
            }
        }
        if path.hasPrefix("book/") { return nil }
        if copiedPaths.contains(top) || path.hasPrefix("scripts/Exercises/")
            || path.hasPrefix("scripts/BookTool/Sources/")
        {
            return 0
        }
        return nil
    }

    // MARK: - The copy

    /// Copies the files git tracks (or, outside git, the copied paths) to `copy`, keeping its
    /// `.build` folder.
    func makeCopy(at copy: URL) throws(ExerciseError) {
        let fileManager = FileManager.default
        do {
            if fileManager.fileExists(atPath: copy.path) {
                // Keep the copy's build folder so that repeated proofs build incrementally.
                for name in try fileManager.contentsOfDirectory(
                    atPath: copy.path)
                where name != ".build" {
                    try fileManager.removeItem(
                        at: copy.appendingPathComponent(name))
                }
            }
            try fileManager.createDirectory(
                at: copy, withIntermediateDirectories: true)
            if let tracked = gitFiles(["--cached"]) {
                // Only what git knows: a student's own answer in the library would clash
                // with the worked answer the proof adds.
                for path in tracked
                where fileManager.fileExists(
                    atPath: root.appendingPathComponent(path).path)
                {
                    let target = copy.appendingPathComponent(path)
                    try fileManager.createDirectory(
                        at: target.deletingLastPathComponent(),
                        withIntermediateDirectories: true)
                    try fileManager.copyItem(
                        at: root.appendingPathComponent(path), to: target)
                }
                return
            }
            for path in Self.copiedPaths {
                let source = root.appendingPathComponent(path)
                guard fileManager.fileExists(atPath: source.path) else {
                    continue
                }
                let target = copy.appendingPathComponent(path)
                try fileManager.createDirectory(
                    at: target.deletingLastPathComponent(),
                    withIntermediateDirectories: true)
                try fileManager.copyItem(at: source, to: target)
            }
            let site = copy.appendingPathComponent("book/.site")
            if fileManager.fileExists(atPath: site.path) {
                try fileManager.removeItem(at: site)
            }
        } catch {
            throw ExerciseError(
                "cannot make the scratch copy in \(copy.path): \(error)")
        }
        if ExerciseWorkspace(root: copy).chapterInProgress != nil {
            throw ExerciseError(
                "an exercise is in progress in this repository; restore it before proving"
            )
        }
    }

    /// The files `git ls-files` lists under the copied paths with `options`, or `nil` outside git.
    private func gitFiles(_ options: [String]) -> [String]? {
        let listing = ProcessRunner.run(
            "git",
            ["-C", root.path, "ls-files", "-z"] + options + ["--"]
                + Self.copiedPaths)
        guard listing.succeeded else { return nil }
        return listing.standardOutput.split(separator: "\0").map(String.init)
    }

    /// The files git does not track, which the proof leaves out, for a note.
    func untrackedFiles() -> [String] {
        gitFiles(["--others", "--exclude-standard"]) ?? []
    }

    /// Every file the copy holds outside build folders and the stash, with its contents.
    private func snapshot(of copy: URL) throws(ExerciseError) -> [String: Data]
    {
        var contents: [String: Data] = [:]
        for path in Self.copiedPaths {
            let base = copy.appendingPathComponent(path)
            var isDirectory: ObjCBool = false
            guard
                FileManager.default.fileExists(
                    atPath: base.path, isDirectory: &isDirectory)
            else {
                continue
            }
            let relatives: [String]
            if isDirectory.boolValue {
                var found: [String] = []
                let enumerator = FileManager.default.enumerator(
                    atPath: base.path)
                while let relative = enumerator?.nextObject() as? String {
                    found.append("\(path)/\(relative)")
                }
                relatives = found
            } else {
                relatives = [path]
            }
            for relative in relatives {
                let url = copy.appendingPathComponent(relative)
                var isFolder: ObjCBool = false
                if FileManager.default.fileExists(
                    atPath: url.path, isDirectory: &isFolder),
                    isFolder.boolValue
                {
                    continue
                }
                guard let data = FileManager.default.contents(atPath: url.path)
                else {
                    throw ExerciseError(
                        "cannot read \(relative) in the scratch copy")
                }
                contents[relative] = data
            }
        }
        return contents
    }
}
