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
        "Sources/MiniCombine/02-Second/Second.swift": "public func second() -> Int { 2 }\n",
        "Chapters/01-First/main.swift": "print(first())\n",
        "Chapters/02-Second/main.swift": "print(second())\n",
        "Tests/MiniCombineTests/Chapter01FirstTests.swift": "// one\n",
        "Tests/MiniCombineTests/Chapter02SecondTests.swift": "// two\n",
        "Tests/MiniCombineTests/Support/Later.swift": "// exercise.needs-chapter: 2\n",
        "Tests/MiniCombineTests/Support/Always.swift": "// any chapter\n",
        "book/01-first.md": "# Chapter 1: First\n",
        "book/02-second.md": "# Chapter 2: Second\n",
    ]

    private func makeRepository() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "exercise-workspace-\(UUID().uuidString)")
        for (path, text) in Self.files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return root
    }

    private func contents(of root: URL) -> [String: String] {
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

        let summary = try workspace.start(try catalog.chapter(1), allChapters: catalog.chapters())

        let after = contents(of: root)
        #expect(summary.setAside == [2])
        #expect(summary.blanks.map(\.what) == ["first()"])
        #expect(
            after["Sources/MiniCombine/01-First/First.swift"]
                == "public func first() -> Int {\n    fatalError(\"Not implemented yet: first()\")\n}\n"
        )
        #expect(after["Package.swift"] == "let chapters = [\n    \"01-First\",\n]\n")
        #expect(after["Sources/MiniCombine/02-Second/Second.swift"] == nil)
        #expect(after["Chapters/02-Second/main.swift"] == nil)
        #expect(after["Tests/MiniCombineTests/Chapter02SecondTests.swift"] == nil)
        #expect(after["Tests/MiniCombineTests/Support/Later.swift"] == nil)
        #expect(after["Tests/MiniCombineTests/Support/Always.swift"] == "// any chapter\n")
        #expect(workspace.chapterInProgress == 1)
        #expect(catalog.chapters().map(\.number) == [1, 2])
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
            to: root.appendingPathComponent("Sources/MiniCombine/01-First/First.swift"))
        try Data("let extra = 0\n".utf8).write(
            to: root.appendingPathComponent("Sources/MiniCombine/01-First/Extra.swift"))

        let summary = try workspace.restore(chapter)

        #expect(contents(of: root) == Self.files.mapValues { Optional($0) })
        #expect(workspace.chapterInProgress == nil)
        let saved = root.appendingPathComponent(summary.attemptFolder).appendingPathComponent(
            "yours")
        #expect(
            try String(
                contentsOf: saved.appendingPathComponent(
                    "Sources/MiniCombine/01-First/First.swift"), encoding: .utf8) == attempt)
        let book = root.appendingPathComponent(summary.attemptFolder).appendingPathComponent(
            "book/Sources/MiniCombine/01-First/First.swift")
        #expect(
            try String(contentsOf: book, encoding: .utf8)
                == "public func first() -> Int {\n    1\n}\n")
        #expect(
            !FileManager.default.fileExists(
                atPath: root.appendingPathComponent("Sources/MiniCombine/01-First/Extra.swift").path
            ))
    }

    @Test func aSecondStartIsRefusedAndChangesNothing() throws {
        let root = try makeRepository()
        defer { try? FileManager.default.removeItem(at: root) }
        let catalog = ChapterCatalog(root: root)
        let workspace = ExerciseWorkspace(root: root)
        _ = try workspace.start(try catalog.chapter(1), allChapters: catalog.chapters())
        let started = contents(of: root)

        #expect(throws: ExerciseError.self) {
            try workspace.start(try catalog.chapter(1), allChapters: catalog.chapters())
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
}
