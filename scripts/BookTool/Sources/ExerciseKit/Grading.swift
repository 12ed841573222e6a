import BookKit
import Foundation

/// Grades students' versions of a chapter, each a copy of the chapter's library folder, in a
/// scratch copy of the repository, without touching the checkout.
///
/// Each submission gets a results file modelled on Exercism's `results.json` (a status, and a
/// name, status and message per test) and one line in a CSV file for the class.
struct Grader {
    let root: URL
    var testTimeLimit: TimeInterval = 30

    /// One submission's outcome.
    struct Grade {
        enum Status: String {
            case pass, fail, error
        }

        var student: String
        var status: Status
        /// Why it did not compile, or how many tests fail.
        var message: String
        var tests: [(name: String, status: Status, message: String)]

        var passedCount: Int { tests.filter { $0.status == .pass }.count }
    }

    /// Grades every folder in `submissions` as chapter `chapter` and writes the results into
    /// `output`; returns the grades in order.
    func grade(_ chapter: Chapter, submissions: [URL], output: URL)
        throws(ExerciseError)
        -> [Grade]
    {
        if let current = ExerciseWorkspace(root: root).chapterInProgress {
            throw ExerciseError(
                "chapter \(current) is started as an exercise in this checkout; restore it "
                    + "before grading, so that the scratch copy holds the book's chapters"
            )
        }
        let scratch = root.appendingPathComponent(".build/exercise-grade/repo")
        try ExerciseProof(root: root).makeCopy(at: scratch)
        let catalog = ChapterCatalog(root: scratch)
        let scratchChapter = try catalog.chapter(chapter.number)
        _ = try ExerciseWorkspace(root: scratch).start(
            scratchChapter, allChapters: catalog.chapters(), blanking: false)
        var grades: [Grade] = []
        for submission in submissions {
            try place(
                submission,
                in: scratch.appendingPathComponent(chapter.libraryPath))
            grades.append(
                gradeOne(
                    chapter, in: scratch,
                    student: studentName(submission, chapter)))
        }
        try write(grades, to: output)
        return grades
    }

    /// The student's name: the submission folder's, or its parent's when the folder is named
    /// after the chapter (`alice/04-Map`), or the checkout's when it is the checkout's own
    /// chapter folder (in GitHub Classroom, the student's repository).
    func studentName(_ submission: URL, _ chapter: Chapter) -> String {
        let folder = submission.standardizedFileURL
        if folder.path
            == root.appendingPathComponent(chapter.libraryPath)
            .standardizedFileURL.path
        {
            return root.standardizedFileURL.lastPathComponent
        }
        return folder.lastPathComponent == chapter.folderName
            ? folder.deletingLastPathComponent().lastPathComponent
            : folder.lastPathComponent
    }

    /// Makes `folder` hold exactly the Swift files of `submission`.
    private func place(_ submission: URL, in folder: URL) throws(ExerciseError)
    {
        let fileManager = FileManager.default
        var isDirectory: ObjCBool = false
        guard
            fileManager.fileExists(
                atPath: submission.path, isDirectory: &isDirectory),
            isDirectory.boolValue
        else {
            throw ExerciseError(
                "\(submission.path): not a folder (a copy of the chapter's folder)"
            )
        }
        do {
            try? fileManager.removeItem(at: folder)
            try fileManager.createDirectory(
                at: folder, withIntermediateDirectories: true)
            let enumerator = fileManager.enumerator(atPath: submission.path)
            while let relative = enumerator?.nextObject() as? String {
                guard relative.hasSuffix(".swift") else { continue }
                let target = folder.appendingPathComponent(relative)
                try fileManager.createDirectory(
                    at: target.deletingLastPathComponent(),
                    withIntermediateDirectories: true)
                // Written afresh, not copied: a copy keeps the file's date, and a submission
                // of the same size and date as the last one would not be rebuilt.
                try Data(
                    contentsOf: submission.appendingPathComponent(relative)
                )
                .write(to: target)
            }
        } catch {
            throw ExerciseError(
                "cannot copy \(submission.path) into the scratch copy: \(error)"
            )
        }
    }

    private func gradeOne(_ chapter: Chapter, in scratch: URL, student: String)
        -> Grade
    {
        // Each student gets a build of their own: an incremental build once
        // graded a file that does not compile with the last student's objects.
        let build = scratch.appendingPathComponent(".build-student")
        try? FileManager.default.removeItem(at: build)
        defer { try? FileManager.default.removeItem(at: build) }
        var checker = ChapterChecker(root: scratch)
        checker.scratchPath = build
        checker.testTimeLimit = testTimeLimit
        let binPath: URL
        switch checker.build() {
        case .failure(let error):
            return Grade(
                student: student, status: .error,
                message: "does not compile: \(error.description)", tests: [])
        case .success(let path):
            binPath = path
        }
        let result: ChapterCheckResult
        switch checker.check(chapter, binPath: binPath) {
        case .failure(let error):
            return Grade(
                student: student, status: .error, message: "\(error)", tests: []
            )
        case .success(let value):
            result = value
        }
        var tests = result.tests.map { test -> (String, Grade.Status, String) in
            switch test.status {
            case .passed: (test.behaviour, .pass, "")
            case .skipped: (test.behaviour, .fail, "skipped")
            case .crashed(let message):
                (test.behaviour, .error, "stopped: \(message)")
            case .timedOut(let seconds):
                (test.behaviour, .error, "timed out after \(seconds) s")
            case .failed(let issues):
                (
                    test.behaviour, .fail,
                    issues.map {
                        ReadableIssue(text: $0).lines.joined(separator: "\n")
                    }
                    .joined(separator: "\n")
                )
            }
        }
        switch result.program {
        case .matches, .notRecorded:
            if result.program == .matches {
                tests.append(
                    (
                        "the chapter program prints what the book shows", .pass,
                        ""
                    ))
            }
        case .failed(let reason):
            tests.append(
                (
                    "the chapter program prints what the book shows", .fail,
                    reason
                ))
        case .differs(let line, let expected, let actual):
            tests.append(
                (
                    "the chapter program prints what the book shows", .fail,
                    "line \(line): expected \(expected ?? "nothing more"), got \(actual ?? "nothing")"
                ))
        }
        let failing = tests.filter { $0.1 != .pass }.count
        return Grade(
            student: student, status: failing == 0 ? .pass : .fail,
            message: failing == 0
                ? "" : "\(failing) of \(tests.count) tests fail",
            tests: tests.map { (name: $0.0, status: $0.1, message: $0.2) })
    }

    /// Writes `<student>.json` per grade and `results.csv` for all of them.
    private func write(_ grades: [Grade], to output: URL) throws(ExerciseError)
    {
        var csv = "student,status,passed,tests,message\n"
        var replacements: [AtomicFileWriter.Replacement] = []
        for grade in grades {
            var object: [String: Any] = [
                "version": 2, "status": grade.status.rawValue,
                "tests": grade.tests.map { test in
                    [
                        "name": test.name, "status": test.status.rawValue,
                        "message": test.message,
                    ]
                },
            ]
            if grade.status == .error {
                object["message"] = grade.message
            }
            guard
                let data = try? JSONSerialization.data(
                    withJSONObject: object,
                    options: [
                        .prettyPrinted, .sortedKeys, .withoutEscapingSlashes,
                    ])
            else {
                throw ExerciseError(
                    "cannot write the results of \(grade.student) as JSON")
            }
            replacements.append(
                .init(
                    url: output.appendingPathComponent("\(grade.student).json"),
                    text: String(decoding: data, as: UTF8.self) + "\n"))
            let firstLine =
                grade.message.split(separator: "\n").first.map(String.init)
                ?? ""
            csv +=
                [
                    grade.student, grade.status.rawValue,
                    "\(grade.passedCount)",
                    "\(grade.tests.count)", firstLine,
                ].map(Self.csvField).joined(separator: ",") + "\n"
        }
        replacements.append(
            .init(url: output.appendingPathComponent("results.csv"), text: csv))
        do {
            try FileManager.default.createDirectory(
                at: output, withIntermediateDirectories: true)
        } catch {
            throw ExerciseError("cannot make \(output.path): \(error)")
        }
        let outcome = AtomicFileWriter().replace(replacements)
        if let failure = outcome.failures.values.first {
            throw ExerciseError(
                "cannot write the results into \(output.path): \(failure)")
        }
    }

    /// A CSV field, quoted when it holds a comma, a quote or a line break.
    static func csvField(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" })
        else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
