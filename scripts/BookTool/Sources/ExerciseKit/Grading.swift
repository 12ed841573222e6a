import BookKit
import Foundation

/// One submission's grade, modelled on Exercism's `results.json`.
struct Grade {
    enum Status: String { case pass, fail, error }

    var student: String
    var status: Status
    /// Why it did not compile, or how many tests fail.
    var message: String
    var tests: [(name: String, status: Status, message: String)] = []

    var passedCount: Int { tests.filter { $0.status == .pass }.count }

    /// What `grade` exits with: 3 if one does not compile, 1 if one fails, else 0.
    static func exitCode(_ grades: [Grade]) -> Int32 {
        grades.contains { $0.status == .error }
            ? 3 : grades.contains { $0.status == .fail } ? 1 : 0
    }
}

/// Grades students' copies of a chapter's library folder in a scratch copy of the repository, each
/// built from scratch in its own build folder, and writes `STUDENT.json` for each and `results.csv`
/// for the class into `output`.
func grade(
    _ chapter: Chapter, submissions: [URL], root: URL, output: URL,
    testTimeLimit: TimeInterval
) throws -> [Grade] {
    if let current = ExerciseWorkspace(root: root).chapterInProgress {
        throw ExerciseError(
            "chapter \(current) is started in this checkout; restore it before "
                + "grading, so that the scratch copy holds the book's chapters")
    }
    let scratch = root.appendingPathComponent(".build/exercise-grade/repo")
    try makeCopy(of: root, at: scratch)
    let catalog = ChapterCatalog(root: scratch)
    _ = try ExerciseWorkspace(root: scratch).start(
        try catalog.chapter(chapter.number), allChapters: catalog.chapters(),
        blanking: false)
    let target = scratch.appendingPathComponent(chapter.libraryPath)
    let grades = try submissions.map { submission in
        var isFolder: ObjCBool = false
        guard
            FileManager.default.fileExists(
                atPath: submission.path, isDirectory: &isFolder),
            isFolder.boolValue
        else {
            throw ExerciseError(
                "\(submission.path): not a folder (a copy of the chapter's folder)"
            )
        }
        try attempt("cannot copy \(submission.path) into the scratch copy") {
            try? FileManager.default.removeItem(at: target)
            for path in files(under: submission) where path.hasSuffix(".swift")
            {
                try copyItem(
                    submission.appendingPathComponent(path),
                    to: target.appendingPathComponent(path))
            }
        }
        // Each student is built from scratch: an incremental build once graded a file that
        // does not compile with the previous student's objects.
        let build = scratch.appendingPathComponent(".build-student")
        try? FileManager.default.removeItem(at: build)
        defer { try? FileManager.default.removeItem(at: build) }
        let checker = ChapterChecker(
            root: scratch, testTimeLimit: testTimeLimit, scratchPath: build)
        let student = studentName(submission, chapter, root: root)
        do {
            let binPath = try Result { try checker.build() }
                .mapError { ExerciseError("does not compile: \(reason($0))") }
                .get()
            return grade(
                try checker.check(chapter, binPath: binPath), of: student)
        } catch {
            return Grade(
                student: student, status: .error, message: reason(error))
        }
    }
    try writeResults(grades, to: output)
    return grades
}

/// The submission folder's name, its parent's when it is named after the chapter (`alice/04-Map`),
/// or the checkout's when it is the checkout's own chapter folder.
func studentName(_ submission: URL, _ chapter: Chapter, root: URL) -> String {
    let folder = submission.standardizedFileURL
    let own = root.appendingPathComponent(chapter.libraryPath)
        .standardizedFileURL
    if folder.path == own.path {
        return root.standardizedFileURL.lastPathComponent
    }
    return folder.lastPathComponent == chapter.folderName
        ? folder.deletingLastPathComponent().lastPathComponent
        : folder.lastPathComponent
}

private func grade(_ result: ChapterCheckResult, of student: String) -> Grade {
    var tests = result.tests.map { test in
        let status: Grade.Status =
            switch test.status {
            case .passed: .pass
            case .crashed, .timedOut: .error
            default: .fail
            }
        return (test.behaviour, status, test.problems.joined(separator: "\n"))
    }
    let program = "the chapter program prints what the book shows"
    switch result.program {
    case .notRecorded: break
    case .matches: tests.append((program, .pass, ""))
    case .failed(let reason): tests.append((program, .fail, reason))
    }
    let failing = tests.filter { $0.1 != .pass }.count
    return Grade(
        student: student, status: failing == 0 ? .pass : .fail,
        message: failing == 0 ? "" : "\(failing) of \(tests.count) tests fail",
        tests: tests)
}

private func writeResults(_ grades: [Grade], to output: URL) throws {
    var csv = "student,status,passed,tests,message\n"
    var replacements: [AtomicFileWriter.Replacement] = []
    for grade in grades {
        var object: [String: Any] = [
            "version": 2, "status": grade.status.rawValue,
            "tests": grade.tests.map {
                [
                    "name": $0.name, "status": $0.status.rawValue,
                    "message": $0.message,
                ]
            },
        ]
        if grade.status == .error { object["message"] = grade.message }
        let data = try JSONSerialization.data(
            withJSONObject: object,
            options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        replacements.append(
            .init(
                url: output.appendingPathComponent("\(grade.student).json"),
                text: String(decoding: data, as: UTF8.self) + "\n"))
        let fields = [
            grade.student, grade.status.rawValue, "\(grade.passedCount)",
            "\(grade.tests.count)",
            String(grade.message.split(separator: "\n").first ?? ""),
        ]
        // A field is quoted when it holds a comma, a quote or a line break.
        csv +=
            fields.map {
                $0.contains { ",\"\n".contains($0) }
                    ? "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"")
                        + "\"" : $0
            }.joined(separator: ",") + "\n"
    }
    replacements.append(
        .init(url: output.appendingPathComponent("results.csv"), text: csv))
    try attempt("cannot make \(output.path)") {
        try FileManager.default.createDirectory(
            at: output, withIntermediateDirectories: true)
    }
    if let failure = AtomicFileWriter().replace(replacements).failures.values
        .first
    {
        throw ExerciseError(
            "cannot write the results into \(output.path): \(failure)")
    }
}
