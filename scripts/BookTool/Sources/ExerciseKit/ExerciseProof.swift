import BookKit
import Foundation

/// What a scratch copy of the repository holds: enough to build the package, read the book and run
/// the exercises.
let copiedPaths = [
    "Package.swift", "Sources", "Chapters", "Tests", "book",
    "scripts/Exercises",
]

/// Proves, in a scratch copy of the repository at `root`, that each of `numbers` (all if empty;
/// with `onlyChanged`, those whose files changed since `main`, and the later ones) can be assigned:
/// starting it leaves a package that builds, where the chapter's failing tests all fail with "Not
/// implemented yet" and earlier chapters pass; restoring brings every file back; every "go further"
/// exercise passes with its answer and not without.
func prove(_ numbers: [Int], onlyChanged: Bool, root: URL) throws -> Bool {
    let copy = root.appendingPathComponent(".build/exercise-proof/repo")
    try makeCopy(of: root, at: copy)
    let catalog = ChapterCatalog(root: copy)
    let all = catalog.chapters()
    var chosen = numbers.isEmpty ? all : try numbers.map(catalog.chapter)
    if onlyChanged {
        let (base, first) = try changedChapters(root: root)
        chosen = chosen.filter { $0.number >= first ?? .max }
        say(
            chosen.isEmpty
                ? "nothing to prove: no chapter's files changed since \(base)"
                : "proving chapters \(chosen.map { "\($0.number)" }.joined(separator: ", ")), "
                    + "whose files (or an earlier chapter's) changed since \(base)"
        )
    }
    let before = snapshot(of: copy)
    var failures = 0
    var passes = 0
    func claim(_ holds: Bool, _ text: String, _ details: [String] = []) {
        say("\(holds ? "ok  " : "FAIL") \(text)")
        if !details.isEmpty {
            say(details.joined(separator: "\n"), indent: "       ")
        }
        (passes, failures) =
            holds ? (passes + 1, failures) : (passes, failures + 1)
    }
    for chapter in chosen {
        let number = chapter.number
        say("== \(chapter.heading)")
        let workspace = ExerciseWorkspace(root: copy)
        _ = try workspace.start(chapter, allChapters: all)
        let checker = ChapterChecker(root: copy)
        let binPath: URL?
        do { binPath = try checker.build() } catch {
            binPath = nil
            claim(
                false, "start \(number) leaves a package that builds",
                [reason(error)])
        }
        if let binPath {
            claim(true, "start \(number) leaves a package that builds")
            do {
                try proveStarted(
                    chapter, all: all, checker: checker, binPath: binPath,
                    claim: claim)
            } catch {
                claim(false, "chapter \(number)'s tests run: \(reason(error))")
            }
        }
        do { _ = try workspace.restore(chapter) } catch {
            claim(false, "restore \(number): \(reason(error))")
        }
        let after = snapshot(of: copy)
        let changed = Set(before.keys).union(after.keys).filter {
            before[$0] != after[$0]
        }
        claim(
            changed.isEmpty, "restore \(number) puts every file back as it was",
            changed.sorted().prefix(5).map { "changed: \($0)" })
        let exercises = FurtherExercise.of(chapter, root: copy)
        claim(
            (2...4).contains(exercises.count),
            "chapter \(number) has \(exercises.count) \"go further\" exercises (2–4)"
        )
        for withAnswer in [true, false] {
            for outcome in try runFurther(
                exercises, root: copy, withAnswers: withAnswer)
            {
                let failing = outcome.tests.filter { !$0.passed }
                let firstError =
                    outcome.errors?.split(separator: "\n").first ?? ""
                let detail =
                    outcome.errors == nil
                    ? "\(failing.count) of its \(outcome.tests.count) tests fail"
                    : withAnswer
                        ? "its tests do not build"
                        : "its tests do not build (\(firstError))"
                claim(
                    outcome.passed == withAnswer,
                    "\(outcome.exercise.slug): "
                        + (withAnswer
                            ? "its tests pass with the answer; "
                            : "without the answer, ")
                        + detail,
                    withAnswer
                        ? (outcome.errors.map { [$0] }
                            ?? failing.map { "failing: \($0.name)" })
                        : [])
            }
        }
    }
    say("\n\(passes) passed, \(failures) failed")
    return failures == 0
}

/// Claims what holds once `chapter` is started and built into `binPath`: its failing tests all fail
/// in blanks, its program stops in one, and earlier chapters still pass.
private func proveStarted(
    _ chapter: Chapter, all: [Chapter], checker: ChapterChecker, binPath: URL,
    claim: (Bool, String, [String]) -> Void
) throws {
    let number = chapter.number
    let own = try checker.check(chapter, binPath: binPath)
    let failing = own.tests.filter { !$0.passed }
    // An exit test expecting success sees only its child's SIGILL from fatalError.
    let unexplained = failing.filter {
        !$0.messages.contains {
            $0.contains("Not implemented yet")
                || $0.contains(".success → .signal(SIGILL")
        }
    }
    claim(
        !failing.isEmpty && unexplained.isEmpty,
        "chapter \(number): \(failing.count) of \(own.tests.count) tests fail, "
            + "all with \"Not implemented yet\" (in an exit test, the trap it causes)",
        unexplained.map { "not so: \($0.name)" })
    claim(
        "\(own.program)".contains("Not implemented yet"),
        "chapter \(number)'s program stops with \"Not implemented yet\"", [])
    for earlier in all where earlier.number < number {
        let result = try checker.check(earlier, binPath: binPath)
        let failed = result.tests.filter { !$0.passed }.map(\.name)
        claim(
            result.passed,
            "chapter \(earlier.number) still passes: \(result.tests.count) tests, "
                + "program as the book shows",
            failed.isEmpty ? [] : ["failing: " + failed.joined(separator: ", ")]
        )
    }
}

/// The commit compared with (where `HEAD` left `main`, else `HEAD`) and the lowest chapter a
/// changed file belongs to: a later chapter's proof checks that earlier ones still pass.
func changedChapters(root: URL) throws -> (base: String, first: Int?) {
    let mergeBase = ProcessRunner.run(
        "git", ["-C", root.path, "merge-base", "HEAD", "main"])
    let base =
        mergeBase.succeeded
        ? String(mergeBase.standardOutput.trimmedWhitespace.prefix(10)) : "HEAD"
    let diff = ProcessRunner.run(
        "git",
        ["-C", root.path, "diff", "--name-only", "--no-renames", base, "--"])
    guard diff.succeeded else {
        throw ExerciseError(
            "--changed needs git: \(diff.failureReason(program: "git diff"))")
    }
    let numbers = TextLines(diff.standardOutput).lines.compactMap(
        chapter(ofChangedPath:))
    return (mergeBase.succeeded ? "main (\(base))" : "HEAD", numbers.min())
}

/// The chapter whose proof a change to `path` affects: its number for a chapter's own file
/// (library, program, tests, page, exercises), 0 for a file every proof reads, else `nil`.
func chapter(ofChangedPath path: String) -> Int? {
    let own =
        #/^(Sources|Chapters|scripts\/Exercises|book)\/(.*\/)?(\d\d)-|^Tests\/MiniCombineTests\/Chapter(\d\d)/#
    if let match = path.firstMatch(of: own),
        let number = Int(match.3 ?? match.4 ?? "")
    {
        return number
    }
    if path.hasPrefix("book/") { return nil }
    return copiedPaths.contains { path == $0 || path.hasPrefix($0 + "/") }
        || path.hasPrefix("scripts/BookTool/Sources/") ? 0 : nil
}

/// Copies to `copy` the files of `copiedPaths` that git tracks (all of them outside git), keeping
/// the copy's `.build` so that later builds are incremental.
///
/// Only what git tracks: a student's own answer in the library would clash with the worked one the
/// proof adds.
func makeCopy(of root: URL, at copy: URL) throws {
    let listing = ProcessRunner.run(
        "git",
        ["-C", root.path, "ls-files", "-z", "--cached", "--"] + copiedPaths)
    let paths =
        listing.succeeded
        ? listing.standardOutput.split(separator: "\0").map(String.init)
        : files(at: copiedPaths, in: root).filter {
            !$0.hasPrefix("book/.site/")
        }
    try attempt("cannot make the scratch copy in \(copy.path)") {
        let names =
            (try? FileManager.default.contentsOfDirectory(atPath: copy.path))
            ?? []
        for name in names where name != ".build" {
            try FileManager.default.removeItem(
                at: copy.appendingPathComponent(name))
        }
        for path in paths
        where FileManager.default.fileExists(
            atPath: root.appendingPathComponent(path).path)
        {
            try copyItem(
                root.appendingPathComponent(path),
                to: copy.appendingPathComponent(path))
        }
    }
    if ExerciseWorkspace(root: copy).chapterInProgress != nil {
        throw ExerciseError(
            "an exercise is in progress in this repository; restore it first")
    }
}

/// Every file of the copy's `copiedPaths`, with its contents.
private func snapshot(of copy: URL) -> [String: Data] {
    Dictionary(
        uniqueKeysWithValues: files(at: copiedPaths, in: copy).map {
            (
                $0,
                FileManager.default.contents(
                    atPath: copy.appendingPathComponent($0).path) ?? Data()
            )
        })
}
