import Foundation
import Testing

@testable import BookKit

/// A page with two checkpoints and one temporary block of two stubs: the listing between the
/// checkpoints replaces one stub, so the second checkpoint's files leave that stub out.
@Suite struct ReplacedStubTests {
    static let box = """
        import Foundation

        // snippet.box
        public final class Box {
            public init() {}
        }
        // snippet.end

        // snippet.box-open
        extension Box {
            public func open() -> String { "open" }
        }
        // snippet.end

        // snippet.box-close
        extension Box {
            public func close() -> String { "close" }
        }
        // snippet.end

        """

    static let main = """
        import MiniCombine

        // snippet.first
        print(Box().open(), Box().close())
        // snippet.end

        """

    static let boxPath = CheckpointTests.boxPath
    static let mainPath = CheckpointTests.mainPath

    /// The page as `sync` leaves it.
    static let page = """
        # Chapter 1: Protocols

        [Contents](README.md)

        *Sources/MiniCombine/01-Protocols/Box.swift*

        <!-- include: Sources/MiniCombine/01-Protocols/Box.swift#box -->
        ```swift
        public final class Box {
            public init() {}
        }
        ```

        *For now, add to Sources/MiniCombine/01-Protocols/Box.swift; a later listing replaces it*

        <!-- temporary: Sources/MiniCombine/01-Protocols/Box.swift -->
        ```swift
        extension Box {
            /// Opens nothing yet.
            public func open() -> String { "stub" }

            public func close() -> String { "stub" }
        }
        ```

        *Chapters/01-Protocols/main.swift*

        <!-- include: Chapters/01-Protocols/main.swift#first -->
        ```swift
        print(Box().open(), Box().close())
        ```

        *Output of `swift run 01-protocols` at this point*

        <!-- checkpoint: 01-protocols -->
        ```text
        stub stub
        ```

        *Adds to Sources/MiniCombine/01-Protocols/Box.swift, replacing the temporary `open()`*

        <!-- include: Sources/MiniCombine/01-Protocols/Box.swift#box-open -->
        ```swift
        extension Box {
            public func open() -> String { "open" }
        }
        ```

        *Output of `swift run 01-protocols` at this point*

        <!-- checkpoint: 01-protocols -->
        ```text
        open stub
        ```

        *Adds to Sources/MiniCombine/01-Protocols/Box.swift, replacing the temporary `close()`*

        <!-- include: Sources/MiniCombine/01-Protocols/Box.swift#box-close -->
        ```swift
        extension Box {
            public func close() -> String { "close" }
        }
        ```

        *Output of `swift run 01-protocols`*

        <!-- output: 01-protocols -->
        ```text
        open close
        ```

        [Contents](README.md)

        """

    /// The page with its second checkpoint moved below the listing that replaces `close()`.
    static let pageWithBothReplaced = page.replacingOccurrences(
        of: """
            *Output of `swift run 01-protocols` at this point*

            <!-- checkpoint: 01-protocols -->
            ```text
            open stub
            ```


            """, with: ""
    ).replacingOccurrences(
        of: "*Output of `swift run 01-protocols`*\n",
        with: """
            *Output of `swift run 01-protocols` at this point*

            <!-- checkpoint: 01-protocols -->
            ```text
            open close
            ```

            *Output of `swift run 01-protocols`*

            """)

    static func line(of text: String, in page: String = page) -> Int {
        CheckpointTests.line(of: text, in: page)
    }

    /// The place of the `n`th (1-based) line of `page` that contains `text`.
    static func id(_ text: String, _ n: Int = 1, in page: String = page)
        -> ListingID
    {
        let lines = TextLines(page).lines.indices.filter {
            TextLines(page).lines[$0].contains(text)
        }
        return ListingID(path: "book/01-protocols.md", line: lines[n - 1] + 1)
    }

    /// The replacement check's messages, as swiftc writes them: Box.swift has 19 lines, so the
    /// block starts on line 21, `open()` on line 23 and `close()` on line 25; their real
    /// declarations are on lines 11 and 17.
    static let replacementMessages = [
        CompilerMessage(
            file: boxPath, line: 23, column: 17, severity: .error,
            message: "invalid redeclaration of 'open()'"),
        CompilerMessage(
            file: boxPath, line: 11, column: 17, severity: .note,
            message: "'open()' previously declared here"),
        CompilerMessage(
            file: boxPath, line: 25, column: 17, severity: .error,
            message: "invalid redeclaration of 'close()'"),
        CompilerMessage(
            file: boxPath, line: 17, column: 17, severity: .note,
            message: "'close()' previously declared here"),
    ]

    static func evidence(
        for page: String = page, second: CheckpointOutcome? = nil
    )
        -> Evidence
    {
        var evidence = Evidence(toolchainVersion: "Swift version 6.3.1")
        evidence.programRuns["01-protocols"] = .success("open close\n")
        evidence.checkpoints[id("<!-- checkpoint:", 1, in: page)] = .ran(
            .success("stub stub\n"))
        evidence.checkpoints[id("<!-- checkpoint:", 2, in: page)] =
            second ?? .ran(.success("open stub\n"))
        evidence.replacementMessages[id("<!-- temporary:", in: page)] =
            replacementMessages
        return evidence
    }

    static func fixture(page: String = page) throws -> RepositoryFixture {
        try RepositoryFixture([
            boxPath: box, mainPath: main, "book/01-protocols.md": page,
        ])
    }

    static func plan(_ repository: RepositoryFixture, page: String = page)
        -> CheckpointPlan
    {
        let snippetFiles = [
            boxPath: SnippetFile(path: boxPath, text: box),
            mainPath: SnippetFile(path: mainPath, text: main),
        ]
        return CheckpointPlan(
            pages: [BookPage(path: "book/01-protocols.md", contents: page)],
            layout: RepositoryLayout(root: repository.root),
            snippetFiles: snippetFiles)
    }

    /// Box.swift as the reader has it at the `n`th checkpoint of `page`, given the
    /// replacement check's messages.
    static func box(
        atCheckpoint n: Int, of page: String = page,
        messages: [CompilerMessage] = replacementMessages
    ) throws -> AssembledFile {
        let repository = try fixture(page: page)
        let plan = plan(repository, page: page)
        #expect(plan.diagnostics.isEmpty)
        let checkpoint = try #require(
            plan.checkpoints[id("<!-- checkpoint:", n, in: page)])
        let files = checkpoint.files(replacedIn: [
            id("<!-- temporary:", in: page): messages
        ])
        return try #require(files[boxPath])
    }

    /// Box.swift's lines outside regions and in region `box`.
    static let boxHead = """
        import Foundation

        // snippet.box
        public final class Box {
            public init() {}
        }
        // snippet.end

        """

    @Test func theFirstCheckpointHasBothStubsAsNothingAboveItReplacesThem()
        throws
    {
        let box = try Self.box(atCheckpoint: 1)
        #expect(
            box.text == Self.boxHead + "\n\n\n" + """
                extension Box {
                    /// Opens nothing yet.
                    public func open() -> String { "stub" }

                    public func close() -> String { "stub" }
                }

                """)
        let repository = try Self.fixture()
        let plan = Self.plan(repository)
        #expect(
            plan.checkpoints[Self.id("<!-- checkpoint:", 1)]?
                .awaitsReplacementChecks == false)
        #expect(
            plan.checkpoints[Self.id("<!-- checkpoint:", 2)]?
                .awaitsReplacementChecks == true)
    }

    @Test func theSecondCheckpointLeavesOutTheStubReplacedAboveIt() throws {
        let box = try Self.box(atCheckpoint: 2)
        #expect(
            box.text == Self.boxHead + """

                // snippet.box-open
                extension Box {
                    public func open() -> String { "open" }
                }
                // snippet.end


                extension Box {
                    public func close() -> String { "stub" }
                }

                """)
        // The stub `close()` keeps its page line, for errors at the checkpoint.
        let close = Self.line(of: "public func close() -> String { \"stub\" }")
        #expect(
            box.origins.suffix(3)
                == [close - 4, close, close + 1].map(LineOrigin.page))
    }

    @Test func aBlockWhoseStubsAreAllReplacedAboveACheckpointIsLeftOut() throws
    {
        let page = Self.pageWithBothReplaced
        #expect(page.components(separatedBy: "<!-- checkpoint:").count == 3)
        let box = try Self.box(atCheckpoint: 2, of: page)
        #expect(box.text == Self.box)
        #expect(box.origins == (1...19).map(LineOrigin.file))
    }

    @Test func aStubTheReplacementCheckFindsNoClashForStays() throws {
        // Without the note, the replacing listing is unknown: the stub stays.
        let box = try Self.box(
            atCheckpoint: 2,
            messages: Array(Self.replacementMessages.dropFirst(2)) + [
                CompilerMessage(
                    file: Self.boxPath, line: 23, column: 17, severity: .error,
                    message: "invalid redeclaration of 'open()'")
            ])
        #expect(box.text.contains("\"stub\" }\n\n    public func close()"))
        // Without the replacement check's messages, the block stays whole.
        let whole = try Self.box(atCheckpoint: 2, messages: [])
        #expect(
            whole.text.hasSuffix(
                "public func close() -> String { \"stub\" }\n}\n"))
        #expect(whole.text.contains("/// Opens nothing yet."))
    }

    @Test func thePageChecksCleanWithTwoCheckpointsAndTwoReplacingCaptions()
        throws
    {
        let report = try Self.fixture().check(Self.evidence())
        #expect(report.diagnostics.map(\.description) == [])
        #expect(report.summary.contains("2 checkpoints"))
        let page = Self.pageWithBothReplaced
        let both = try Self.fixture(page: page).check(
            Self.evidence(for: page, second: .ran(.success("open close\n"))))
        #expect(both.diagnostics.map(\.description) == [])
    }

    @Test func anErrorInAStubLeftAtTheSecondCheckpointIsReportedAtItsPageLine()
        throws
    {
        // Line 17 of Box.swift as built at the second checkpoint is the stub `close()`.
        let report = try Self.fixture().check(
            Self.evidence(
                second: .failedToBuild([
                    CompilerMessage(
                        file: Self.boxPath, line: 17, column: 5,
                        severity: .error, message: "stub error")
                ])))
        let close = Self.line(of: "public func close() -> String { \"stub\" }")
        let checkpoint = Self.id("<!-- checkpoint:", 2).line
        #expect(
            report.diagnostics.map(\.description) == [
                "book/01-protocols.md:\(close): error: the files as they stand at the "
                    + "checkpoint on line \(checkpoint) do not build: stub error"
            ])
    }

    @Test
    func aDeclarationTakesItsCommentsAndAttributesAndTheBlankLinesAfterIt() {
        let block = [
            "extension Box {",  // 0
            "    /// Stub.",  // 1
            "    @discardableResult",  // 2
            "    func open() -> Int { 0 }",  // 3
            "",  // 4
            "    func upstream(",  // 5
            "        _ source: Source,",  // 6
            "        completedWith completion: Int",  // 7
            "    ) {}",  // 8
            "    var count = 0",  // 9
            "    // Not yet.",  // 10
            "    func cancel() {",  // 11
            "        let x = 1",  // 12
            "    }",  // 13
            "    var total: Int",  // 14
            "}",  // 15
            "struct Stub {",  // 16
            "    var inner = 0",  // 17
            "}",  // 18
            "",  // 19
            "let top = 0",  // 20
            "extension Box {",  // 21
            "    func more() {}",  // 22
            "}",  // 23
        ]
        let found = CheckpointPlan.declarations(in: block)
        #expect(found.map(\.line) == [3, 5, 9, 11, 14, 16, 20, 22])
        #expect(
            found.map(\.lines) == [
                1..<5, 5..<9, 9..<10, 10..<14, 14..<15, 16..<20, 20..<21,
                22..<23,
            ])
    }
}
