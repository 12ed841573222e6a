import Foundation
import Testing

@testable import ExerciseKit

@Suite struct ExerciseWorkspaceTests {
    /// A two-chapter repository in a temporary folder: file path → contents.
    static let files = [
        "Package.swift": """
        let chapters = [
            "01-First",
            "02-Second",
        ]

        """,
        "Sources/MiniCombine/01-First/First.swift": """
        public func first() -> Int {
            // exercise.blank: first()
            1
            // exercise.end
        }

        """,
        "Sources/MiniCombine/01-First/Given.swift": "public let given = 0\n",
        "Sources/MiniCombine/02-Second/Second.swift":
            "public func second() -> Int { 2 }\n",
        "Chapters/01-First/main.swift": "print(first())\n",
        "Chapters/02-Second/main.swift": "print(second())\n",
        "Tests/MiniCombineTests/Chapter01FirstTests.swift": "// one\n",
        "Tests/MiniCombineTests/Chapter02SecondTests.swift": "// two\n",
        "Tests/MiniCombineTests/Support/Later.swift":
            "// exercise.needs-chapter: 2\n",
        "Tests/MiniCombineTests/Support/Always.swift": "// any chapter\n",
        "book/01-first.md": "# Chapter 1: First\n",
        "book/02-second.md": "# Chapter 2: Second\n",
    ]

    func makeRepository() throws -> URL {
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent(
                "exercise-workspace-\(UUID().uuidString)")
        for (path, text) in Self.files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(),
                withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return root
    }

    func contents(of root: URL) -> [String: String] {
        var result: [String: String] = [:]
        for path in Self.files.keys {
            result[path] = try? String(
                contentsOf: root.appendingPathComponent(path), encoding: .utf8)
        }
        return result
    }

    @Test func startBlanksTheChapterAndSetsLaterOnesAside() throws {
        let root = try makeRepository()
        defer { try? FileManager.default.removeItem(at: root) }
        let catalog = ChapterCatalog(root: root)
        let workspace = ExerciseWorkspace(root: root)

        let summary = try workspace.start(
            try catalog.chapter(1), allChapters: catalog.chapters())

        let after = contents(of: root)
        #expect(summary.setAside == [2])
        #expect(summary.blanks.map { $0.what } == ["first()"])
        #expect(
            after["Sources/MiniCombine/01-First/First.swift"]
                == "public func first() -> Int {\n    fatalError(\"Not implemented yet: first()\")\n}\n"
        )
        #expect(
            after["Package.swift"] == "let chapters = [\n    \"01-First\",\n]\n"
        )
        #expect(after["Sources/MiniCombine/02-Second/Second.swift"] == nil)
        #expect(after["Chapters/02-Second/main.swift"] == nil)
        #expect(
            after["Tests/MiniCombineTests/Chapter02SecondTests.swift"] == nil)
        #expect(after["Tests/MiniCombineTests/Support/Later.swift"] == nil)
        #expect(
            after["Tests/MiniCombineTests/Support/Always.swift"]
                == "// any chapter\n")
        #expect(workspace.chapterInProgress == 1)
        #expect(catalog.chapters().map(\.number) == [1, 2])
    }

    @Test func aNewStartOfAChapterStartsItsHintsAgain() throws {
        let root = try makeRepository()
        defer { try? FileManager.default.removeItem(at: root) }
        let catalog = ChapterCatalog(root: root)
        let ledger = Ledger("hints", root: root)
        try ledger.add("1\tfirst()")
        try ledger.add("2\tsecond()")

        _ = try ExerciseWorkspace(root: root).start(
            try catalog.chapter(1), allChapters: catalog.chapters())

        #expect(ledger.hints(1) == [])
        #expect(ledger.hints(2) == ["second()"])
    }

    @Test func restorePutsEveryFileBackAndKeepsTheAttempt() throws {
        let root = try makeRepository()
        defer { try? FileManager.default.removeItem(at: root) }
        let catalog = ChapterCatalog(root: root)
        let workspace = ExerciseWorkspace(root: root)
        let chapter = try catalog.chapter(1)
        _ = try workspace.start(chapter, allChapters: catalog.chapters())
        let attempt = "public func first() -> Int { 1 + 0 }\n"
        try Data(attempt.utf8).write(
            to: root.appendingPathComponent(
                "Sources/MiniCombine/01-First/First.swift"))
        try Data("let extra = 0\n".utf8).write(
            to: root.appendingPathComponent(
                "Sources/MiniCombine/01-First/Extra.swift"))

        let summary = try workspace.restore(chapter)

        #expect(contents(of: root) == Self.files.mapValues { Optional($0) })
        #expect(workspace.chapterInProgress == nil)
        let saved = root.appendingPathComponent(summary.attempt)
            .appendingPathComponent(
                "yours")
        // It differs only by its list of chapters, which the student does not write.
        #expect(
            !FileManager.default.fileExists(
                atPath: saved.appendingPathComponent("Package.swift").path))
        #expect(
            try String(
                contentsOf: saved.appendingPathComponent(
                    "Sources/MiniCombine/01-First/First.swift"), encoding: .utf8
            ) == attempt)
        let book = root.appendingPathComponent(summary.attempt)
            .appendingPathComponent(
                "book/Sources/MiniCombine/01-First/First.swift")
        #expect(
            try String(contentsOf: book, encoding: .utf8)
                == "public func first() -> Int {\n    1\n}\n")
        #expect(
            !FileManager.default.fileExists(
                atPath: root.appendingPathComponent(
                    "Sources/MiniCombine/01-First/Extra.swift"
                ).path
            ))
    }

    @Test func aSecondStartIsRefusedAndChangesNothing() throws {
        let root = try makeRepository()
        defer { try? FileManager.default.removeItem(at: root) }
        let catalog = ChapterCatalog(root: root)
        let workspace = ExerciseWorkspace(root: root)
        _ = try workspace.start(
            try catalog.chapter(1), allChapters: catalog.chapters())
        let started = contents(of: root)

        #expect(throws: ExerciseError.self) {
            try workspace.start(
                try catalog.chapter(1), allChapters: catalog.chapters())
        }
        #expect(contents(of: root) == started)
    }

    @Test func aChapterWithoutMarkersCannotStart() throws {
        let root = try makeRepository()
        defer { try? FileManager.default.removeItem(at: root) }
        let catalog = ChapterCatalog(root: root)

        #expect(throws: ExerciseError.self) {
            try ExerciseWorkspace(root: root).start(
                try catalog.chapter(2), allChapters: catalog.chapters())
        }
        #expect(contents(of: root) == Self.files.mapValues { Optional($0) })
    }

    // MARK: - Nothing a student wrote is lost

    private func write(_ text: String, to path: String, in root: URL) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(),
            withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    private func read(_ path: String, in root: URL) -> String? {
        try? String(
            contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// `git restore .`, as `git status` suggests under the set-aside files: every tracked file
    /// back as committed, the set-aside ones included.
    private func gitRestore(_ root: URL) throws {
        for (path, text) in Self.files {
            try write(text, to: path, in: root)
        }
    }

    @Test func restoreAfterGitRestoreSucceedsAndLeavesTheBooksFiles() throws {
        let root = try makeRepository()
        defer { try? FileManager.default.removeItem(at: root) }
        let catalog = ChapterCatalog(root: root)
        let workspace = ExerciseWorkspace(root: root)
        let chapter = try catalog.chapter(1)
        _ = try workspace.start(chapter, allChapters: catalog.chapters())
        try write(
            "public func first() -> Int { 1 }\n",
            to: "Sources/MiniCombine/01-First/First.swift",
            in: root)
        try gitRestore(root)

        _ = try workspace.restore(chapter)

        #expect(contents(of: root) == Self.files.mapValues { Optional($0) })
        #expect(workspace.chapterInProgress == nil)
    }

    @Test func aLinkedFileThatGitRestoredIsNotCountedAsTheStudents() throws {
        let root = try makeRepository()
        defer { try? FileManager.default.removeItem(at: root) }
        let link = "Chapters/02-Second/Shared.swift"
        try FileManager.default.createSymbolicLink(
            atPath: root.appendingPathComponent(link).path,
            withDestinationPath: "../01-First/main.swift")
        let catalog = ChapterCatalog(root: root)
        let workspace = ExerciseWorkspace(root: root)
        _ = try workspace.start(
            try catalog.chapter(1), allChapters: catalog.chapters())
        try gitRestore(root)
        try FileManager.default.createSymbolicLink(
            atPath: root.appendingPathComponent(link).path,
            withDestinationPath: "../01-First/main.swift")

        let plan = try workspace.restorePlan()
        _ = try workspace.restore(try catalog.chapter(1))

        #expect(!plan.saved.contains(link))
        #expect(
            try FileManager.default.destinationOfSymbolicLink(
                atPath: root.appendingPathComponent(link).path)
                == "../01-First/main.swift")
    }

    @Test func restoreRefusesAnIncompleteRecordInOneLineAndDeletesNothing()
        throws
    {
        let root = try makeRepository()
        defer { try? FileManager.default.removeItem(at: root) }
        // What a start interrupted after writing the chapter file used to leave.
        try write("1\n", to: ".exercise/chapter", in: root)
        let chapter = try ChapterCatalog(root: root).chapter(1)

        let error = #expect(throws: ExerciseError.self) {
            try ExerciseWorkspace(root: root).restore(chapter)
        }

        #expect(error?.description.contains("\n") == false)
        #expect(contents(of: root) == Self.files.mapValues { Optional($0) })
    }

    @Test
    func restorePutsBackFilesChangedOutsideTheMarkersAndKeepsTheStudentsCopies()
        throws
    {
        let root = try makeRepository()
        defer { try? FileManager.default.removeItem(at: root) }
        let catalog = ChapterCatalog(root: root)
        let workspace = ExerciseWorkspace(root: root)
        let chapter = try catalog.chapter(1)
        _ = try workspace.start(chapter, allChapters: catalog.chapters())
        let edits = [
            "Sources/MiniCombine/01-First/Given.swift":
                "public let given = 1\n",
            "Chapters/01-First/main.swift": "print(first() + 1)\n",
            "Tests/MiniCombineTests/Support/Always.swift": "// changed\n",
            "Tests/MiniCombineTests/Chapter01MoreTests.swift": "// added\n",
        ]
        for (path, text) in edits {
            try write(text, to: path, in: root)
        }

        let summary = try workspace.restore(chapter)

        #expect(contents(of: root) == Self.files.mapValues { Optional($0) })
        #expect(
            read("Tests/MiniCombineTests/Chapter01MoreTests.swift", in: root)
                == nil)
        for (path, text) in edits {
            #expect(
                read("\(summary.attempt)/yours/\(path)", in: root) == text
            )
        }
    }
}

@Suite struct ExerciseAttemptTests {
    let fixture = ExerciseWorkspaceTests()

    private func write(_ text: String, to path: String, in root: URL) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(),
            withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    @Test func checkSavesTheChapterFolderSoAGitRestoreLosesNothing() throws {
        let root = try fixture.makeRepository()
        defer { try? FileManager.default.removeItem(at: root) }
        let catalog = ChapterCatalog(root: root)
        let workspace = ExerciseWorkspace(root: root)
        let chapter = try catalog.chapter(1)
        _ = try workspace.start(chapter, allChapters: catalog.chapters())
        let mine = "public func first() -> Int { 1 }\n"
        try write(
            mine, to: "Sources/MiniCombine/01-First/First.swift", in: root)

        let saved = try workspace.saveCheckedAttempt(chapter)
        let again = try workspace.saveCheckedAttempt(chapter)
        for (path, text) in ExerciseWorkspaceTests.files {
            try write(text, to: path, in: root)
        }
        _ = try workspace.restore(chapter)

        #expect(again == saved)
        #expect(workspace.lastCheckedFolder(chapter) == saved)
        #expect(
            try String(
                contentsOf: root.appendingPathComponent(
                    "\(saved)/yours/Sources/MiniCombine/01-First/First.swift"),
                encoding: .utf8)
                == mine)
    }

    @Test func startRefusesARecordItCannotReadAndChangesNothing() throws {
        let root = try fixture.makeRepository()
        defer { try? FileManager.default.removeItem(at: root) }
        try write("?\n", to: ".exercise/chapter", in: root)
        let catalog = ChapterCatalog(root: root)

        #expect(throws: ExerciseError.self) {
            try ExerciseWorkspace(root: root).start(
                try catalog.chapter(1), allChapters: catalog.chapters())
        }
        #expect(
            fixture.contents(of: root)
                == ExerciseWorkspaceTests.files.mapValues { Optional($0) })
    }

    @Test func abandonBringsBackWhatStartSetAsideWhenItCannotRestore() throws {
        let root = try fixture.makeRepository()
        defer { try? FileManager.default.removeItem(at: root) }
        let catalog = ChapterCatalog(root: root)
        let workspace = ExerciseWorkspace(root: root)
        _ = try workspace.start(
            try catalog.chapter(1), allChapters: catalog.chapters())
        try write("?\n", to: ".exercise/chapter", in: root)

        _ = try workspace.abandon()

        let after = fixture.contents(of: root)
        #expect(after["Chapters/02-Second/main.swift"] == "print(second())\n")
        #expect(
            after["Tests/MiniCombineTests/Support/Later.swift"]
                == "// exercise.needs-chapter: 2\n")
        #expect(
            !FileManager.default.fileExists(
                atPath: root.appendingPathComponent(".exercise/chapter").path))
    }

    @Test func abandonClearsAnIncompleteRecordAndKeepsTheAttempts() throws {
        let root = try fixture.makeRepository()
        defer { try? FileManager.default.removeItem(at: root) }
        try write("1\n", to: ".exercise/chapter", in: root)
        try write(
            "kept\n", to: ".exercise/attempts/old/yours/A.swift", in: root)
        let workspace = ExerciseWorkspace(root: root)

        _ = try workspace.abandon()

        #expect(workspace.chapterInProgress == nil)
        #expect(
            fixture.contents(of: root)
                == ExerciseWorkspaceTests.files.mapValues { Optional($0) })
        #expect(
            FileManager.default.fileExists(
                atPath: root.appendingPathComponent(
                    ".exercise/attempts/old/yours/A.swift"
                ).path))
    }
}
