import BookKit
import Foundation

/// A "go further" exercise: tests in `scripts/Exercises/NN-Name/<slug>/Tests.swift` and a
/// worked answer beside them in `Answer.swift`.
struct FurtherExercise: Equatable {
    /// The folder shared with the library, such as `02-Just`.
    var chapterFolder: String
    /// The exercise's short name, such as `empty`.
    var slug: String

    /// The folder relative to the repository root.
    var path: String { "\(FurtherExercises.folder)/\(chapterFolder)/\(slug)" }
    var testsPath: String { "\(path)/Tests.swift" }
    var answerPath: String { "\(path)/Answer.swift" }

    /// The test target in the scratch package: `remove-duplicates` becomes
    /// `RemoveDuplicatesTests`.
    var targetName: String {
        slug.split(separator: "-").map {
            $0.prefix(1).uppercased() + $0.dropFirst()
        }.joined()
            + "Tests"
    }
}

/// The outcome of one "go further" exercise.
struct FurtherOutcome {
    enum Status {
        /// Its tests compiled and ran.
        case ran([TestOutcome])
        /// Its tests do not compile against the library: the compiler's errors.
        case doesNotBuild(String)
    }

    var exercise: FurtherExercise
    var status: Status

    var passed: Bool {
        if case .ran(let tests) = status {
            return !tests.isEmpty && tests.allSatisfy(\.passed)
        }
        return false
    }
}

/// Builds a chapter's "go further" exercises against the working tree's library, in a scratch
/// package, so that one exercise that does not compile yet cannot stop the others.
struct FurtherExercises {
    /// Where the exercises live, relative to the repository root.
    static let folder = "scripts/Exercises"
    /// The test doubles every exercise's tests may use: the project's own.
    static let supportFolder = "Tests/MiniCombineTests/Support"

    let root: URL

    /// The exercises of `chapter`, by slug.
    func exercises(of chapter: Chapter) -> [FurtherExercise] {
        let chapterFolder = root.appendingPathComponent(
            "\(Self.folder)/\(chapter.folderName)")
        let slugs =
            (try? FileManager.default.contentsOfDirectory(
                atPath: chapterFolder.path)) ?? []
        return slugs.sorted().map {
            FurtherExercise(chapterFolder: chapter.folderName, slug: $0)
        }.filter {
            FileManager.default.fileExists(
                atPath: root.appendingPathComponent($0.testsPath).path)
        }
    }

    /// Builds and runs `exercises` against the library folders 01…N of the working tree, plus
    /// their worked answers if `withAnswers`.
    func run(
        _ exercises: [FurtherExercise], of chapter: Chapter, withAnswers: Bool
    ) throws(ExerciseError) -> [FurtherOutcome] {
        // One scratch package for every chapter (one with answers, one without): moving on to
        // another chapter rewrites only the files that differ, so its build is incremental.
        let scratch = root.appendingPathComponent(
            ".build/exercise-further/\(withAnswers ? "answers" : "exercises")")
        var files: [String: String] = [:]
        for folder in libraryFolders(upTo: chapter.number) {
            for path in ExerciseWorkspace(root: root).swiftFiles(under: folder)
            {
                files[path] = try read(path)
            }
        }
        // The project's own test doubles, those that the chapter's library can build.
        let workspace = ExerciseWorkspace(root: root)
        var support: [String] = []
        for path in workspace.swiftFiles(under: Self.supportFolder)
        where try workspace.chapterNeeded(byTestFile: path) ?? 1
            <= chapter.number
        {
            support.append(path)
        }
        for exercise in exercises {
            if withAnswers {
                files[
                    "Sources/MiniCombine/Answers/\(exercise.targetName).swift"] =
                    try read(
                        exercise.answerPath)
            }
            files["Tests/\(exercise.targetName)/Tests.swift"] = try read(
                exercise.testsPath)
            for path in support {
                let name =
                    path.split(separator: "/").last.map(String.init) ?? path
                files["Tests/\(exercise.targetName)/Support/\(name)"] =
                    try read(path)
            }
        }
        // First, which exercises' tests compile; then one test run for all of those.
        try writePackage(
            at: scratch, files: files, testTargets: exercises.map(\.targetName))
        var outcomes: [String: FurtherOutcome.Status] = [:]
        var compiling: [FurtherExercise] = []
        for exercise in exercises {
            let build = ProcessRunner.run(
                "swift",
                [
                    "build", "--package-path", scratch.path, "--target",
                    exercise.targetName,
                ],
                in: scratch)
            if build.succeeded {
                compiling.append(exercise)
            } else {
                outcomes[exercise.slug] = .doesNotBuild(
                    ChapterChecker.compilerErrors(build, root: scratch))
            }
        }
        if !compiling.isEmpty {
            try writePackage(
                at: scratch, files: files,
                testTargets: compiling.map(\.targetName))
            let checker = ChapterChecker(root: scratch)
            let binPath: URL
            switch checker.build() {
            case .failure(let error):
                throw ExerciseError(
                    "the exercises' tests compile alone but not together:\n\(error)"
                )
            case .success(let path):
                binPath = path
            }
            let binary = binPath.appendingPathComponent(
                "ExercisesPackageTests.xctest")
            for exercise in compiling {
                let runner = TestRunner(binary: binary, directory: scratch)
                switch runner.run(filter: "^\(exercise.targetName)\\.") {
                case .failure(let error):
                    outcomes[exercise.slug] = .ran([
                        TestOutcome(
                            id: exercise.targetName, name: exercise.slug,
                            displayName: nil,
                            status: .crashed("\(error)"))
                    ])
                case .success(let tests):
                    outcomes[exercise.slug] = .ran(tests)
                }
            }
        }
        return exercises.map { exercise in
            FurtherOutcome(
                exercise: exercise,
                status: outcomes[exercise.slug]!.pointing(to: exercise))
        }
    }

    /// The `Sources/MiniCombine/NN-Name` folders numbered up to `number` in the working tree.
    private func libraryFolders(upTo number: Int) -> [String] {
        let names =
            (try? FileManager.default.contentsOfDirectory(
                atPath: root.appendingPathComponent("Sources/MiniCombine").path))
            ?? []
        return names.filter { (leadingNumber(of: $0) ?? .max) <= number }
            .sorted().map {
                "Sources/MiniCombine/\($0)"
            }
    }

    private func read(_ path: String) throws(ExerciseError) -> String {
        do {
            return try String(
                contentsOf: root.appendingPathComponent(path), encoding: .utf8)
        } catch {
            throw ExerciseError(
                "\(path): cannot be read (\(error.localizedDescription))")
        }
    }

    /// Makes the scratch package hold exactly `files` and a manifest with `testTargets`,
    /// rewriting only what changed so the build stays incremental.
    private func writePackage(
        at scratch: URL, files: [String: String], testTargets: [String]
    )
        throws(ExerciseError)
    {
        let manifest = """
            // swift-tools-version: 6.2
            // Written by scripts/exercise: the library as it stands, and the exercises' tests.
            import PackageDescription

            let package = Package(
                name: "Exercises",
                targets: [
                    .target(name: "MiniCombine"),
            \(testTargets.map { "        .testTarget(name: \"\($0)\", dependencies: [\"MiniCombine\"])," }.joined(separator: "\n"))
                ],
                swiftLanguageModes: [.v6]
            )

            """
        var wanted = files
        wanted["Package.swift"] = manifest
        let fileManager = FileManager.default
        do {
            for (path, text) in wanted {
                let url = scratch.appendingPathComponent(path)
                if (try? String(contentsOf: url, encoding: .utf8)) == text {
                    continue
                }
                try fileManager.createDirectory(
                    at: url.deletingLastPathComponent(),
                    withIntermediateDirectories: true)
                try Data(text.utf8).write(to: url)
            }
            for folder in ["Sources", "Tests"] {
                let base = scratch.appendingPathComponent(folder)
                guard let enumerator = fileManager.enumerator(atPath: base.path)
                else { continue }
                while let relative = enumerator.nextObject() as? String {
                    let path = "\(folder)/\(relative)"
                    if path.hasSuffix(".swift"), wanted[path] == nil {
                        try fileManager.removeItem(
                            at: scratch.appendingPathComponent(path))
                    }
                }
            }
        } catch {
            throw ExerciseError(
                "cannot write the scratch package in \(scratch.path): \(error)")
        }
    }
}

extension FurtherOutcome.Status {
    /// The same outcome, with the scratch package's paths for the exercise's tests replaced by
    /// the repository's, so that a student can open the file a message names.
    func pointing(to exercise: FurtherExercise) -> Self {
        let scratchPath = "Tests/\(exercise.targetName)/Tests.swift"
        func fixed(_ text: String) -> String {
            text.replacingOccurrences(of: scratchPath, with: exercise.testsPath)
        }
        switch self {
        case .doesNotBuild(let errors):
            return .doesNotBuild(fixed(errors))
        case .ran(let tests):
            return .ran(
                tests.map { test in
                    var test = test
                    if case .failed(let issues) = test.status {
                        test.status = .failed(issues.map(fixed))
                    }
                    return test
                })
        }
    }
}
