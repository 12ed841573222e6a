import BookKit
import Foundation
import Testing

@testable import ExerciseKit

@Suite struct StudentGuideTests {
    /// The book's repository, which holds this file in scripts/BookTool/Tests/ExerciseKitTests.
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Every blank of the book's library, by chapter, with the code its region holds.
    static func blanks(of chapter: Chapter) throws -> [(
        what: String, body: [String]
    )] {
        var blanks: [(String, [String])] = []
        for path in swiftFiles(under: chapter.libraryPath, in: repository) {
            let text = try String(
                contentsOf: repository.appendingPathComponent(path),
                encoding: .utf8)
            let lines = TextLines(text).lines
            for region in ExerciseMarkedFile(path: path, text: text).regions {
                guard let what = region.blank else { continue }
                blanks.append(
                    (
                        what,
                        Array(lines[region.startLine..<(region.endLine - 1)])
                    ))
            }
        }
        return blanks
    }

    /// The brief of chapter 1 in a repository that holds `files` alone.
    static func briefOfChapterOne(in files: [String: String]) throws -> String {
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("brief-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try GradingTests.write(files, under: root)
        return try brief(
            of: try ChapterCatalog(root: root).chapter(1), root: root)
    }

    @Test func everyBlankOfTheBookHasHintsThatDoNotQuoteItsCode() throws {
        let chapters = ChapterCatalog(root: Self.repository).chapters()
        #expect(chapters.count >= 7)
        for chapter in chapters {
            let path = "\(chapter.exercisesPath)/HINTS.md"
            let hints = ChapterHints(
                path: path,
                text: try String(
                    contentsOf: Self.repository.appendingPathComponent(path),
                    encoding: .utf8))
            let blanks = try Self.blanks(of: chapter)
            #expect(hints.problems == [])
            #expect(
                Set(hints.blanks.map(\.what)) == Set(blanks.map(\.what)),
                "\(path) must have one section per blank of \(chapter.libraryPath)"
            )
            for blank in blanks {
                let code = blank.body.map(\.trimmedWhitespace).filter {
                    $0.count >= revealingLineLength
                }
                for hint in hints.hints(for: blank.what) ?? [] {
                    for line in code {
                        #expect(
                            !hint.contains(line),
                            "\(path): a hint quotes '\(line)'")
                    }
                }
            }
        }
    }

    @Test func everyChapterHasAShortBrief() throws {
        for chapter in ChapterCatalog(root: Self.repository).chapters() {
            let brief = try brief(of: chapter, root: Self.repository)
            let written = TextLines(
                try String(
                    contentsOf: Self.repository.appendingPathComponent(
                        "\(chapter.exercisesPath)/BRIEF.md"),
                    encoding: .utf8)
            ).lines
            #expect(
                written.count <= 20,
                "chapter \(chapter.number)'s brief is short")
            #expect(written.allSatisfy { $0.count <= 80 })
            #expect(
                brief.contains("Before you try, read these sections of book/"))
            #expect(
                brief.contains("(answer at line "),
                "chapter \(chapter.number)'s page shows it")
        }
    }

    @Test func hintsAreReadPerBlankAndAHeadingWithoutHintsIsAProblem() {
        let hints = ChapterHints(
            path: "H.md",
            text: """
                # Title, ignored
                - stray

                ## first()
                - Look at the
                  second line too.
                - Then this.

                ## second()

                """)
        #expect(hints.blanks.map(\.what) == ["first()", "second()"])
        #expect(
            hints.hints(for: "first()") == [
                "Look at the second line too.", "Then this.",
            ])
        #expect(
            hints.problems == [
                "H.md:2: error: a hint before any '## WHAT' heading",
                "H.md:1: error: '## second()' has no hints ('- …' lines)",
            ])
    }

    @Test func theHintIsForTheFirstBlankAFailingTestStopsIn() {
        let hints = ChapterHints(
            path: "H.md", text: "## a()\n- A\n## b()\n- B\n")
        let chapter = Chapter(
            number: 1, folderName: "01-X", title: "X", pagePath: nil)
        func result(_ statuses: [TestOutcome.Status]) -> ChapterCheckResult {
            ChapterCheckResult(
                chapter: chapter,
                tests: statuses.enumerated().map {
                    TestOutcome(
                        id: "M.S/t\($0)()", name: "t\($0)()", status: $1)
                }, program: .notRecorded)
        }
        let reached = result([
            .passed, .failed(["Expectation failed: 1 == 2"]),
            .crashed("Not implemented yet: b()"),
            .crashed("Not implemented yet: a()"),
        ])
        #expect(
            hints.blank(stuckOn: reached, lastAsked: "a()")! == ("b()", true))
        let written = result([.passed, .failed(["Expectation failed: 1 == 2"])])
        #expect(
            hints.blank(stuckOn: written, lastAsked: "b()")! == ("b()", false))
        #expect(
            hints.blank(stuckOn: written, lastAsked: nil)! == ("a()", false))
    }

    @Test func successiveHintsAreCountedPerChapterAndBlank() throws {
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent(
                "hint-ledger-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let ledger = Ledger("hints", root: root)

        try ledger.add("4\tmap(_:)")
        try ledger.add("4\tmap(_:)")
        try ledger.add("2\tmap(_:)")
        try ledger.add("4\tfilter(_:)")

        #expect(ledger.hints(4) == ["map(_:)", "map(_:)", "filter(_:)"])
        #expect(ledger.hints(2) == ["map(_:)"])
        #expect(ledger.hints(3) == [])
    }

    @Test func theReadingGuideAlsoCoversACompanionPageThatShowsBlankedCode()
        throws
    {
        let region = "Sources/MiniCombine/01-First/First.swift"
        let brief = try Self.briefOfChapterOne(
            in: [
                region: """
                // snippet.shape
                public struct Shape {}
                // snippet.end
                // snippet.body
                public func first() -> Int {
                    // exercise.blank: first()
                    1
                    // exercise.end
                }
                // snippet.end

                """,
                "Chapters/01-First/main.swift": "print(first())\n",
                "scripts/Exercises/01-First/BRIEF.md": "Build first().\n",
                "book/01-first.md": """
                # Chapter 1: First

                ## Why
                <!-- include: \(region)#shape -->
                ```swift
                public struct Shape {}
                ```

                """,
                "book/02-inside-first.md": """
                # Inside first()

                ## Before
                Prose.

                ## The body
                <!-- include: \(region)#body -->
                ```swift
                public func first() -> Int {
                    1
                }
                ```

                """,
                "book/03-elsewhere.md": """
                # Elsewhere

                ## Unrelated
                <!-- include: \(region)#shape -->
                ```swift
                public struct Shape {}
                ```

                """,
            ])

        #expect(
            brief == """
                Build first().

                Before you try, read these sections of book/01-first.md
                (✓ all of it; … only the part before the answer, at the line shown):
                  ✓ Why

                and of book/02-inside-first.md, which shows more of this chapter's code:
                  ✓ Before
                  … The body (answer at line 8)
                """)
    }

    @Test func theProgramsRecordedRunIsGatheredFromEveryPage() throws {
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("runs-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try GradingTests.write(
            [
                "book/01-first.md": """
                # Chapter 1: First

                <!-- output: 01-first#1 -->
                ```text
                -- one
                1
                ```

                <!-- output: 02-second -->
                ```text
                elsewhere
                ```

                <!-- checkpoint: 01-first -->
                ```text
                -- one
                halfway
                ```

                """,
                "book/02-inside-first.md": """
                # Inside first()

                <!-- output: 01-first#2 -->
                ```text
                -- two
                2
                ```

                """,
            ], under: root)

        let runs = recordedRuns(of: "01-first", root: root)

        #expect(runs.map(\.part) == [2, 1])
        #expect(runs.map(\.lines) == [["-- two", "2"], ["-- one", "1"]])
    }

    @Test func theReadingGuideStopsAtTheFirstListingOfBlankedCode() throws {
        let files = [
            "Sources/MiniCombine/01-First/First.swift": """
            // snippet.shape
            public struct Shape {}
            // snippet.end
            // snippet.body
            public func first() -> Int {
                // exercise.blank: first()
                1
                // exercise.end
            }
            // snippet.end

            """,
            "Chapters/01-First/main.swift": "print(first())\n",
            "scripts/Exercises/01-First/BRIEF.md": "Build first().\n\n",
            "book/01-first.md": """
            # Chapter 1: First

            ## Why
            <!-- include: Sources/MiniCombine/01-First/First.swift#shape -->
            ```swift
            public struct Shape {}
            ```

            <!-- temporary: Sources/MiniCombine/01-First/First.swift -->
            ```swift
            public func first() -> Int { 0 }
            ```

            <!-- checkpoint: 01-first -->
            ```text
            0
            ```

            ## How
            Prose first.
            <!-- include: Sources/MiniCombine/01-First/First.swift#body -->
            ```swift
            public func first() -> Int {
                1
            }
            ```

            """,
        ]

        let brief = try Self.briefOfChapterOne(in: files)

        #expect(
            brief == """
                Build first().

                Before you try, read these sections of book/01-first.md
                (✓ all of it; … only the part before the answer, at the line shown):
                  ✓ Why
                  … How (answer at line 22)
                """)
    }

    @Test func aSectionWhoseProseQuotesALineOfTheAnswerIsMarkedAtItsParagraph()
        throws
    {
        let files = [
            "Sources/MiniCombine/01-Sum/Sum.swift": """
            // snippet.sum
            public func sum() -> Int {
                // exercise.blank: sum()
                let total = 40 + 2
                checker?.verify()
                return total
                // exercise.end
            }
            // snippet.end

            """,
            "Chapters/01-Sum/main.swift": "print(sum())\n",
            "scripts/Exercises/01-Sum/BRIEF.md": "Build sum().\n",
            "book/01-sum.md": """
            # Chapter 1: Sum

            ## The code
            It starts with `let total = 40 + 2`:
            <!-- include: Sources/MiniCombine/01-Sum/Sum.swift#sum -->
            ```swift
            public func sum() -> Int {
                let total = 40 + 2
                checker?.verify()
                return total
            }
            ```

            ## Calling it
            A call alone, `checker?.verify()`, or a short line, `return total`,
            gives nothing away.

            ## Why it adds first
            It names the result first:
            writing `let total = 40 + 2` before the `return`.

            """,
            "book/02-more.md": """
            # More

            ## Without a listing
            Recall `let total = 40 + 2` from chapter 1.

            """,
        ]

        let brief = try Self.briefOfChapterOne(in: files)

        #expect(
            brief.hasSuffix(
                """
                  … The code (answer at line 4)
                  ✓ Calling it
                  … Why it adds first (answer at line 19)

                and of book/02-more.md, which shows more of this chapter's code:
                  … Without a listing (answer at line 4)
                """))
    }
}
