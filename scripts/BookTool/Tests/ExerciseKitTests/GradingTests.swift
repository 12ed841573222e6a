import BookKit
import Foundation
import Testing

@testable import ExerciseKit

/// `scripts/exercise grade` on a one-chapter repository, with three students: one right, one
/// whose code fails a test, one whose code does not compile.
///
/// It builds a real package, so it keeps the repository in a fixed temporary folder: later
/// runs reuse the build (about ten seconds instead of thirty).
@Suite struct GradingTests {
    static let files = [
        "Package.swift": """
        // swift-tools-version: 6.2
        import PackageDescription

        let chapters = [
            "01-First",
        ]

        let package = Package(
            name: "GradeFixture",
            products: [.executable(name: "01-first", targets: ["Chapter01First"])],
            targets: [
                .target(name: "MiniCombine"),
                .testTarget(name: "MiniCombineTests", dependencies: ["MiniCombine"]),
                .executableTarget(
                    name: "Chapter01First", dependencies: ["MiniCombine"],
                    path: "Chapters/01-First"),
            ],
            swiftLanguageModes: [.v6]
        )

        """,
        "Sources/MiniCombine/01-First/First.swift": first(
            counting: "Array(1...limit)"),
        "Chapters/01-First/main.swift":
            "import MiniCombine\n\nprint(count(to: 2))\n",
        "Tests/MiniCombineTests/Chapter01FirstTests.swift": """
        import MiniCombine
        import Testing

        @Suite struct Chapter01FirstTests {
            @Test func countingToThreeGivesOneTwoThree() {
                #expect(count(to: 3) == [1, 2, 3])
            }

            @Test func countingToZeroGivesNothing() {
                #expect(count(to: 0) == [])
            }
        }

        """,
        "book/01-first.md": """
        # Chapter 1: First

        <!-- output: 01-first -->
        ```text
        [1, 2]
        ```

        """,
    ]

    /// The chapter's library file, with `body` counting up to `limit`.
    static func first(counting body: String) -> String {
        """
        /// The whole numbers from 1 up to `limit`.
        public func count(to limit: Int) -> [Int] {
            // exercise.blank: count(to:)
            limit < 1 ? [] : \(body)
            // exercise.end
        }

        """
    }

    /// The repository, in a folder named after this checkout so that two checkouts on one
    /// machine do not share it.
    static var root: URL {
        let checkout = URL(fileURLWithPath: #filePath).pathComponents.dropLast(
            5
        )
        .filter { $0 != "/" }.joined(separator: "-")
        return FileManager.default.temporaryDirectory.appendingPathComponent(
            "exercise-grade-fixture-\(checkout)")
    }

    static func write(_ files: [String: String], under folder: URL) throws {
        for (path, text) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(),
                withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
    }

    @Test func gradeWritesEachStudentsResultsAndTheClassCSVAndExitsForTheWorst()
        throws
    {
        let root = Self.root
        let submissions = root.appendingPathComponent("submissions")
        let output = root.appendingPathComponent("results")
        for name in Self.files.keys.map({ String($0.prefix { $0 != "/" }) }) + [
            "submissions", "results",
        ] {
            try? FileManager.default.removeItem(
                at: root.appendingPathComponent(name))
        }
        try Self.write(Self.files, under: root)
        let folder = "01-First/First.swift"
        try Self.write(
            [
                "alice/\(folder)": Self.first(counting: "Array(1...limit)"),
                "bob/\(folder)": Self.first(counting: "Array(1..<limit)"),
                "carol/\(folder)": Self.first(counting: "Array(1...limt)"),
            ], under: submissions)

        let status = ExerciseCommand.run(
            [
                "grade", "1", "--output", output.path,
                submissions.appendingPathComponent("alice/01-First").path,
                submissions.appendingPathComponent("bob/01-First").path,
                submissions.appendingPathComponent("carol/01-First").path,
            ], root: root)

        #expect(status == 3)
        func json(_ student: String) throws -> [String: Any] {
            let data = try Data(
                contentsOf: output.appendingPathComponent("\(student).json"))
            return try #require(
                try JSONSerialization.jsonObject(with: data) as? [String: Any])
        }
        func tests(_ student: String) throws -> [[String: String]] {
            try #require(try json(student)["tests"] as? [[String: String]])
        }
        let passed = "the chapter program prints what the book shows"
        #expect(try json("alice")["status"] as? String == "pass")
        #expect(
            try tests("alice") == [
                [
                    "name": "counting to three gives one two three",
                    "status": "pass", "message": "",
                ],
                [
                    "name": "counting to zero gives nothing", "status": "pass",
                    "message": "",
                ],
                ["name": passed, "status": "pass", "message": ""],
            ])
        #expect(try json("bob")["status"] as? String == "fail")
        let bob = try tests("bob")
        #expect(bob.map { $0["status"] } == ["fail", "pass", "fail"])
        #expect(
            bob[0]["message"]?.contains(
                "Tests/MiniCombineTests/Chapter01FirstTests.swift:6")
                == true)
        #expect(bob[2]["message"] == "line 1: expected [1, 2], got [1]")
        let carol = try json("carol")
        #expect(carol["status"] as? String == "error")
        #expect(try tests("carol") == [])
        let carolMessage = try #require(carol["message"] as? String)
        #expect(
            carolMessage.hasPrefix(
                "does not compile: Sources/MiniCombine/01-First/First.swift:4:")
        )
        #expect(carolMessage.contains("cannot find 'limt' in scope"))
        let csv = TextLines(
            try String(
                contentsOf: output.appendingPathComponent("results.csv"),
                encoding: .utf8)
        ).lines
        #expect(csv.count == 4)
        #expect(
            Array(csv.prefix(3)) == [
                "student,status,passed,tests,message",
                "alice,pass,3,3,",
                "bob,fail,1,3,2 of 3 tests fail",
            ])
        #expect(
            csv[3].hasPrefix(
                "carol,error,0,0,does not compile: Sources/MiniCombine/"))
    }

    @Test func aStudentIsNamedAfterTheSubmissionItsParentOrTheCheckout() {
        let chapter = Chapter(
            number: 4, folderName: "04-Map", title: "Map", pagePath: nil)
        func name(_ path: String) -> String {
            studentName(
                URL(fileURLWithPath: path), chapter,
                root: URL(fileURLWithPath: "/runner/work/book-alice"))
        }
        #expect(name("/class/bob") == "bob")
        #expect(name("/class/carol/04-Map") == "carol")
        #expect(
            name("/runner/work/book-alice/Sources/MiniCombine/04-Map")
                == "book-alice")
        #expect(
            name("/runner/work/book-alice/Sources/MiniCombine/04-Map/")
                == "book-alice")
    }

    @Test func exitCodesTellPassingFailingAndNotCompilingApart() {
        func grade(_ status: Grade.Status) -> Grade {
            Grade(student: "s", status: status, message: "")
        }
        #expect(Grade.exitCode([grade(.pass), grade(.pass)]) == 0)
        #expect(Grade.exitCode([grade(.pass), grade(.fail)]) == 1)
        #expect(Grade.exitCode([grade(.fail), grade(.error)]) == 3)
    }
}
