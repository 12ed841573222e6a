import BookKit
import Foundation

/// What a scratch copy of the repository holds: enough to build the package, read the book
/// and run the exercises.
let copiedPaths = [
    "Package.swift", "Sources", "Chapters", "Tests", "book",
    "scripts/Exercises",
]

/// Proves, in a scratch copy of the repository at `root`, that each of `chapters` (all if
/// empty; with `onlyChanged`, those whose files changed since `main`, and the later ones)
/// can be assigned: starting it leaves a package that builds, where the chapter's failing
/// tests all fail with "Not implemented yet" and earlier chapters pass; restoring brings
/// every file back; every "go further" exercise passes with its answer and not without.
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
                : "proving chapters "
                    + chosen.map { String($0.number) }.joined(separator: ", ")
                    + ", whose files (or an earlier chapter's) changed since \(base)"
        )
    }
    let before = snapshot(of: copy)
    var (passes, failures) = (0, 0)
    func claim(_ holds: Bool, _ text: String) {
        say("\(holds ? "ok  " : "FAIL") \(text)")
        if holds { passes += 1 } else { failures += 1 }
    }
    for chapter in chosen {
        say("== \(chapter.heading)")
        try proveRebuild(chapter, in: copy, all: all, claim: claim)
        let after = snapshot(of: copy)
        let changed = Set(before.keys).union(after.keys).filter {
            before[$0] != after[$0]
        }
        claim(
            changed.isEmpty,
            "restore \(chapter.number) puts every file back as it was"
                + changed.sorted().prefix(5).map { "\n       changed: \($0)" }
                .joined())
        let exercises = FurtherExercise.of(chapter, root: copy)
        claim(
            (2...4).contains(exercises.count),
            "chapter \(chapter.number) has \(exercises.count) \"go further\" exercises (2–4)"
        )
        for withAnswer in [true, false] {
            for outcome in try runFurther(
                exercises, root: copy, withAnswers: withAnswer)
            {
                let failing = outcome.tests.filter { !$0.passed }
                let detail =
                    outcome.errors.map {
                        withAnswer
                            ? "\n" + $0
                            : "its tests do not build ("
                                + ($0.split(separator: "\n").first ?? "") + ")"
                    }
                    ?? "\(failing.count) of its \(outcome.tests.count) tests fail"
                    + (withAnswer
                        ? failing.map { "\n       failing: \($0.name)" }
                            .joined()
                        : "")
                claim(
                    outcome.passed == withAnswer,
                    "\(outcome.exercise.slug): "
                        + (withAnswer
                            ? "its tests pass with the answer; "
                            : "without the answer, ") + detail)
            }
        }
    }
    say()
    say("\(passes) passed, \(failures) failed")
    return failures == 0
}

private func proveRebuild(
    _ chapter: Chapter, in copy: URL, all: [Chapter],
    claim: (Bool, String) -> Void
) throws {
    let workspace = ExerciseWorkspace(root: copy)
    _ = try workspace.start(chapter, allChapters: all)
    defer {
        do { _ = try workspace.restore(chapter) } catch {
            claim(false, "restore \(chapter.number): \(error)")
        }
    }
    let number = chapter.number
    let checker = ChapterChecker(root: copy)
    let binPath: URL
    switch checker.build() {
    case .failure(let error):
        return claim(
            false, "start \(number) leaves a package that builds:\n\(error)")
    case .success(let path):
        binPath = path
        claim(true, "start \(number) leaves a package that builds")
    }
    let own = try checker.check(chapter, binPath: binPath)
    let failing = own.tests.filter { !$0.passed }
    let unexplained = failing.filter { test in
        switch test.status {
        case .crashed(let message): !message.contains("Not implemented yet")
        // An exit test expecting success sees only its child's SIGILL from fatalError.
        case .failed(let issues):
            !issues.contains {
                $0.contains("Not implemented yet")
                    || $0.contains(".success → .signal(SIGILL")
            }
        default: true
        }
    }
    claim(
        !failing.isEmpty && unexplained.isEmpty,
        "chapter \(number): \(failing.count) of \(own.tests.count) tests fail, "
            + "all with \"Not implemented yet\" (in an exit test, the trap it causes)"
            + unexplained.map { "\n       not so: \($0.name)" }.joined())
    var stops = false
    if case .failed(let reason) = own.program {
        stops = reason.contains("Not implemented yet")
    }
    claim(
        stops, "chapter \(number)'s program stops with \"Not implemented yet\"")
    for earlier in all where earlier.number < number {
        let result = try checker.check(earlier, binPath: binPath)
        let failed = result.tests.filter { !$0.passed }.map(\.name)
        claim(
            result.passed,
            "chapter \(earlier.number) still passes: \(result.tests.count) tests, "
                + "program as the book shows"
                + (failed.isEmpty
                    ? ""
                    : "\n       failing: " + failed.joined(separator: ", ")))
    }
}

/// The commit compared with (where `HEAD` left `main`, else `HEAD`) and the lowest chapter
/// a changed file belongs to: a later chapter's proof checks that earlier ones still pass.
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
    if [
        "Sources/", "Chapters/", "scripts/Exercises/", "book/",
        "Tests/MiniCombineTests/Chapter",
    ]
    .contains(where: path.hasPrefix) {
        for part in path.split(separator: "/") {
            let digits =
                (part.hasPrefix("Chapter") ? part.dropFirst(7) : part[...])
                .prefix { $0.isNumber }
            if digits.count == 2, let number = Int(digits) { return number }
        }
    }
    if path.hasPrefix("book/") { return nil }
    return copiedPaths.contains { path == $0 || path.hasPrefix($0 + "/") }
        || path.hasPrefix("scripts/BookTool/Sources/") ? 0 : nil
}

/// Copies to `copy` the files of `copiedPaths` that git tracks (all of them outside git),
/// keeping the copy's `.build` so that later builds are incremental.
///
/// Only what git tracks: a student's own answer in the library would clash with the worked
/// one the proof adds.
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
