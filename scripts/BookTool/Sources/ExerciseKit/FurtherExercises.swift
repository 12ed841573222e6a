import BookKit
import Foundation

/// A "go further" exercise: `scripts/Exercises/NN-Name/SLUG/Tests.swift`, and a worked answer
/// beside it in `Answer.swift`.
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

    static func of(_ chapter: Chapter, root: URL) -> [FurtherExercise] {
        files(under: root.appendingPathComponent(chapter.exercisesPath))
            .filter {
                $0.hasSuffix("/Tests.swift")
                    && $0.split(separator: "/").count == 2
            }
            .map {
                FurtherExercise(
                    chapter: chapter, slug: String($0.prefix { $0 != "/" }))
            }
    }

    /// `text` with the path of the tests in the scratch package replaced by the path in the
    /// repository, for the student to open.
    func located(_ text: String) -> String {
        text.replacingOccurrences(
            of: "Tests/\(targetName)/Tests.swift", with: testsPath)
    }
}

struct FurtherOutcome {
    var exercise: FurtherExercise
    /// The compiler's errors, if its tests do not compile against the library.
    var errors: String?
    var tests: [TestOutcome] = []

    var passed: Bool {
        errors == nil && !tests.isEmpty && tests.allSatisfy(\.passed)
    }
}

/// Builds and runs "go further" exercises against library folders 01…N of the tree at `root`, with
/// their worked answers or without, in a scratch package under `.build`, so that one exercise that
/// does not compile yet cannot stop the others.
func runFurther(
    _ exercises: [FurtherExercise], root: URL, withAnswers: Bool,
    testTimeLimit: TimeInterval = 30
) throws -> [FurtherOutcome] {
    guard let chapter = exercises.first?.chapter else { return [] }
    // One package for every chapter, so moving to another rewrites only what differs.
    let scratch = root.appendingPathComponent(
        ".build/exercise-further/\(withAnswers ? "answers" : "exercises")")
    var files: [String: String] = [:]
    for path in swiftFiles(under: "Sources/MiniCombine", in: root)
    where leadingNumber(of: path.components(separatedBy: "/")[2]) ?? .max
        <= chapter.number
    {
        files[path] = try readText(path, in: root)
    }
    // The project's own test doubles, those the chapter's library can build.
    let workspace = ExerciseWorkspace(root: root)
    let support = try swiftFiles(
        under: "Tests/MiniCombineTests/Support", in: root
    )
    .filter {
        try workspace.chapterNeeded(byTestFile: $0) ?? 1 <= chapter.number
    }
    for exercise in exercises {
        let target = "Tests/\(exercise.targetName)"
        if withAnswers {
            files["Sources/MiniCombine/Answers/\(exercise.targetName).swift"] =
                try readText(exercise.answerPath, in: root)
        }
        files["\(target)/Tests.swift"] = try readText(
            exercise.testsPath, in: root)
        for path in support {
            let name = URL(fileURLWithPath: path).lastPathComponent
            files["\(target)/Support/\(name)"] = try readText(path, in: root)
        }
    }
    // First which exercises' tests compile, then one build and run of those.
    try writePackage(
        at: scratch, files: files, tests: exercises.map(\.targetName))
    var outcomes = exercises.map { exercise in
        let build = ProcessRunner.run(
            "swift",
            [
                "build", "--package-path", scratch.path, "--target",
                exercise.targetName,
            ],
            in: scratch)
        return FurtherOutcome(
            exercise: exercise,
            errors: build.succeeded
                ? nil
                : exercise.located(
                    ChapterChecker.compilerErrors(build, root: scratch)))
    }
    let compiling = outcomes.filter { $0.errors == nil }.map(\.exercise)
    guard !compiling.isEmpty else { return outcomes }
    try writePackage(
        at: scratch, files: files, tests: compiling.map(\.targetName))
    guard let binPath = try? ChapterChecker(root: scratch).build() else {
        throw ExerciseError(
            "the exercises' tests compile alone but not together")
    }
    let runner = TestRunner(
        binary: binPath.appendingPathComponent("ExercisesPackageTests.xctest"),
        directory: scratch, testTimeLimit: testTimeLimit)
    for index in outcomes.indices where outcomes[index].errors == nil {
        let exercise = exercises[index]
        do {
            outcomes[index].tests = try runner.run(
                filter: "^\(exercise.targetName)\\."
            )
            .map { test in
                var test = test
                if case .failed(let issues) = test.status {
                    test.status = .failed(issues.map(exercise.located))
                }
                return test
            }
        } catch {
            outcomes[index].tests = [
                TestOutcome(
                    id: exercise.targetName, name: exercise.slug,
                    status: .crashed("\(error)"))
            ]
        }
    }
    return outcomes
}

/// Makes the scratch package hold exactly `files` and a manifest with the test targets `tests`,
/// rewriting only what changed so that its build stays incremental.
private func writePackage(
    at scratch: URL, files contents: [String: String], tests: [String]
)
    throws
{
    var wanted = contents
    let targets = tests.map {
        "        .testTarget(name: \"\($0)\", dependencies: [\"MiniCombine\"]),"
    }
    wanted["Package.swift"] = """
        // swift-tools-version: 6.2
        // Written by scripts/exercise: the library as it stands, and the exercises' tests.
        import PackageDescription

        let package = Package(
            name: "Exercises",
            targets: [
                .target(name: "MiniCombine"),
        \(targets.joined(separator: "\n"))
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
        for path in files(at: ["Sources", "Tests"], in: scratch)
        where path.hasSuffix(".swift") && wanted[path] == nil {
            try FileManager.default.removeItem(
                at: scratch.appendingPathComponent(path))
        }
    }
}
