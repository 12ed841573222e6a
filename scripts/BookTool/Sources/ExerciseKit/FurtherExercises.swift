import BookKit
import Foundation

/// A "go further" exercise: `scripts/Exercises/NN-Name/SLUG/Tests.swift`, and a worked
/// answer beside it in `Answer.swift`.
struct FurtherExercise: Equatable {
    var chapter: Chapter
    var slug: String

    var testsPath: String { "\(chapter.exercisesPath)/\(slug)/Tests.swift" }
    var answerPath: String { "\(chapter.exercisesPath)/\(slug)/Answer.swift" }
    /// The test target in the scratch package: `remove-duplicates` is `RemoveDuplicatesTests`.
    var targetName: String {
        slug.split(separator: "-").map {
            $0.prefix(1).uppercased() + $0.dropFirst()
        }
        .joined() + "Tests"
    }

    /// The exercises of `chapter` in the repository at `root`.
    static func of(_ chapter: Chapter, root: URL) -> [FurtherExercise] {
        let folder = root.appendingPathComponent(chapter.exercisesPath)
        return
            ((try? FileManager.default.contentsOfDirectory(atPath: folder.path))
            ?? []).sorted().map { FurtherExercise(chapter: chapter, slug: $0) }
            .filter {
                FileManager.default.fileExists(
                    atPath: root.appendingPathComponent($0.testsPath).path)
            }
    }
}

struct FurtherOutcome {
    enum Status {
        case ran([TestOutcome])
        /// Its tests do not compile against the library: the compiler's errors.
        case doesNotBuild(String)
    }

    var exercise: FurtherExercise
    var status: Status

    var passed: Bool {
        guard case .ran(let tests) = status else { return false }
        return !tests.isEmpty && tests.allSatisfy(\.passed)
    }

    /// The names the compiler could not find, in order: `Empty` from
    /// "cannot find 'Empty' in scope" or "… has no member 'Empty'".
    static func missingNames(in errors: String) -> [String] {
        let pattern = #"(cannot find (type )?|has no member )'([^']+)'"#
        let regex = try! NSRegularExpression(pattern: pattern)
        return regex.matches(
            in: errors, range: NSRange(errors.startIndex..., in: errors)
        ).compactMap {
            Range($0.range(at: 3), in: errors).map { String(errors[$0]) }
        }
        .uniqued()
    }
}

/// Builds and runs "go further" exercises against library folders 01…N of the tree at
/// `root`, with their worked answers or without, in a scratch package under `.build`, so
/// that one exercise that does not compile yet cannot stop the others.
func runFurther(
    _ exercises: [FurtherExercise], root: URL, withAnswers: Bool,
    testTimeLimit: TimeInterval = 30
) throws -> [FurtherOutcome] {
    guard let chapter = exercises.first?.chapter else { return [] }
    // One package for every chapter, so moving to another rewrites only what differs.
    let scratch = root.appendingPathComponent(
        ".build/exercise-further/\(withAnswers ? "answers" : "exercises")")
    var files: [String: String] = [:]
    let libraries =
        (try? FileManager.default.contentsOfDirectory(
            atPath: root.appendingPathComponent("Sources/MiniCombine").path))
        ?? []
    for folder in libraries
    where leadingNumber(of: folder) ?? .max <= chapter.number {
        for path in swiftFiles(under: "Sources/MiniCombine/\(folder)", in: root)
        {
            files[path] = try readText(path, in: root)
        }
    }
    // The project's own test doubles, those the chapter's library can build.
    let workspace = ExerciseWorkspace(root: root)
    var support: [String: String] = [:]
    for path in swiftFiles(under: "Tests/MiniCombineTests/Support", in: root) {
        if try workspace.chapterNeeded(byTestFile: path) ?? 1 <= chapter.number
        {
            let name = URL(fileURLWithPath: path).lastPathComponent
            support[name] = try readText(path, in: root)
        }
    }
    for exercise in exercises {
        let target = "Tests/\(exercise.targetName)"
        if withAnswers {
            files["Sources/MiniCombine/Answers/\(exercise.targetName).swift"] =
                try readText(exercise.answerPath, in: root)
        }
        files["\(target)/Tests.swift"] = try readText(
            exercise.testsPath, in: root)
        for (name, text) in support {
            files["\(target)/Support/\(name)"] = text
        }
    }
    // First which exercises' tests compile, then one build and run of those.
    try writePackage(
        at: scratch, files: files, tests: exercises.map(\.targetName))
    var statuses: [String: FurtherOutcome.Status] = [:]
    let compiling = exercises.filter { exercise in
        let build = ProcessRunner.run(
            "swift",
            [
                "build", "--package-path", scratch.path, "--target",
                exercise.targetName,
            ],
            in: scratch)
        if !build.succeeded {
            statuses[exercise.slug] = .doesNotBuild(
                ChapterChecker.compilerErrors(build, root: scratch))
        }
        return build.succeeded
    }
    if !compiling.isEmpty {
        try writePackage(
            at: scratch, files: files, tests: compiling.map(\.targetName))
        guard case .success(let binPath) = ChapterChecker(root: scratch).build()
        else {
            throw ExerciseError(
                "the exercises' tests compile alone but not together")
        }
        for exercise in compiling {
            let runner = TestRunner(
                binary: binPath.appendingPathComponent(
                    "ExercisesPackageTests.xctest"),
                directory: scratch, testTimeLimit: testTimeLimit)
            do {
                statuses[exercise.slug] = .ran(
                    try runner.run(filter: "^\(exercise.targetName)\\."))
            } catch {
                statuses[exercise.slug] = .ran([
                    TestOutcome(
                        id: exercise.targetName, name: exercise.slug,
                        status: .crashed("\(error)"))
                ])
            }
        }
    }
    // Messages name the exercise's file in the repository, for the student to open.
    return exercises.map { exercise in
        func fixed(_ text: String) -> String {
            text.replacingOccurrences(
                of: "Tests/\(exercise.targetName)/Tests.swift",
                with: exercise.testsPath)
        }
        var status = statuses[exercise.slug]!
        switch status {
        case .doesNotBuild(let errors): status = .doesNotBuild(fixed(errors))
        case .ran(let tests):
            status = .ran(
                tests.map { test in
                    var test = test
                    if case .failed(let issues) = test.status {
                        test.status = .failed(issues.map(fixed))
                    }
                    return test
                })
        }
        return FurtherOutcome(exercise: exercise, status: status)
    }
}

/// Makes the scratch package hold exactly `files` and a manifest with the test targets
/// `tests`, rewriting only what changed so that its build stays incremental.
private func writePackage(
    at scratch: URL, files: [String: String], tests: [String]
)
    throws
{
    var wanted = files
    wanted["Package.swift"] = """
        // swift-tools-version: 6.2
        // Written by scripts/exercise: the library as it stands, and the exercises' tests.
        import PackageDescription

        let package = Package(
            name: "Exercises",
            targets: [
                .target(name: "MiniCombine"),
        \(tests.map { "        .testTarget(name: \"\($0)\", dependencies: [\"MiniCombine\"])," }.joined(separator: "\n"))
            ],
            swiftLanguageModes: [.v6]
        )

        """
    try attempt("cannot write the scratch package in \(scratch.path)") {
        for (path, text) in wanted {
            let url = scratch.appendingPathComponent(path)
            if (try? String(contentsOf: url, encoding: .utf8)) != text {
                try write(text, to: url)
            }
        }
        for folder in ["Sources", "Tests"] {
            for path in swiftFiles(under: folder, in: scratch)
            where wanted[path] == nil {
                try FileManager.default.removeItem(
                    at: scratch.appendingPathComponent(path))
            }
        }
    }
}
