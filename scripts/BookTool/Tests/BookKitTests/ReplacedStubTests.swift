import Foundation
import Testing

@testable import BookKit

/// A page with two checkpoints and one temporary block of two stubs: the listing between the
/// checkpoints replaces one stub, so the second checkpoint's files leave that stub out.
@Suite struct ReplacedStubTests {
    static let boxPath = CheckpointFixture.boxPath
    static let mainPath = CheckpointFixture.mainPath

    static let box = CheckpointFixture.box("open", "close")

    static let main = CheckpointFixture.main(
        ("first", "print(Box().open(), Box().close())\n"))

    /// The page up to the listing that replaces `open()`.
    static let head = [
        CheckpointFixture.boxListing,
        CheckpointFixture.temporary(
            """
            extension Box {
                /// Opens nothing yet.
                public func open() -> String { "stub" }

                public func close() -> String { "stub" }
            }

            """),
        CheckpointFixture.include(
            mainPath, "first", "print(Box().open(), Box().close())\n",
            adds: false),
        CheckpointFixture.checkpoint("stub stub\n"),
        CheckpointFixture.include(
            boxPath, "box-open", CheckpointFixture.method("open"),
            replacing: "open()"),
    ]

    static let closing = CheckpointFixture.include(
        boxPath, "box-close", CheckpointFixture.method("close"),
        replacing: "close()")

    /// The page as `sync` leaves it.
    static let page = CheckpointFixture.page(
        head + [
            CheckpointFixture.checkpoint("open stub\n"), closing,
            CheckpointFixture.output("open close\n"),
        ])

    /// The page with its second checkpoint below the listing that replaces `close()`.
    static let pageWithBothReplaced = CheckpointFixture.page(
        head + [
            closing, CheckpointFixture.checkpoint("open close\n"),
            CheckpointFixture.output("open close\n"),
        ])

    static func line(of text: String, in page: String = page) -> Int {
        CheckpointFixture.line(of: text, in: page)
    }

    /// The place of the `n`th (1-based) line of `page` that contains `text`.
    static func id(_ text: String, _ n: Int = 1, in page: String = page)
        -> ListingID
    {
        CheckpointFixture.id(text, n, in: page)
    }

    /// The replacement check's messages, as swiftc writes them: Box.swift has 19 lines, so the
    /// block starts on line 21, `open()` on line 23 and `close()` on line 25; their real
    /// declarations are on lines 11 and 17.
    static let replacementMessages =
        CheckpointFixture.redeclaration(of: "open()", at: 23, original: 11)
        + CheckpointFixture.redeclaration(of: "close()", at: 25, original: 17)

    static func evidence(
        for page: String = page, second: CheckpointOutcome? = nil
    )
        -> Evidence
    {
        CheckpointFixture.evidence(
            for: [page], run: "open close\n",
            checkpoints: [
                .ran(.success("stub stub\n")),
                second ?? .ran(.success("open stub\n")),
            ],
            replacement: replacementMessages)
    }

    static func fixture(page: String = page) throws -> RepositoryFixture {
        try CheckpointFixture.repository(
            [boxPath: box, mainPath: main], page: page)
    }

    /// Box.swift as the reader has it at the `n`th checkpoint of `page`, given the
    /// replacement check's messages.
    static func box(
        atCheckpoint n: Int, of page: String = page,
        messages: [CompilerMessage] = replacementMessages
    ) throws -> AssembledFile {
        let plan = try CheckpointFixture.plan(in: fixture(page: page))
        #expect(plan.diagnostics.isEmpty)
        let checkpoint = try #require(
            plan.checkpoints[id("<!-- checkpoint:", n, in: page)])
        let files = checkpoint.files(replacedIn: [
            id("<!-- temporary:", in: page): messages
        ])
        return try #require(files[boxPath])
    }

    @Test func theFirstCheckpointHasBothStubsAsNothingAboveItReplacesThem()
        throws
    {
        let box = try Self.box(atCheckpoint: 1)
        #expect(
            box.text == CheckpointFixture.boxHead + "\n\n\n" + """
                extension Box {
                    /// Opens nothing yet.
                    public func open() -> String { "stub" }

                    public func close() -> String { "stub" }
                }

                """)
        let plan = try CheckpointFixture.plan(in: Self.fixture())
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
            box.text == CheckpointFixture.boxHead + """

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
            messages: Array(Self.replacementMessages[2...])
                + CheckpointFixture.redeclaration(
                    of: "open()", at: 23, original: 11)[..<1])
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
