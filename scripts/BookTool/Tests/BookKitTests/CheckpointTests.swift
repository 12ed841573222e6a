import Foundation
import Testing

@testable import BookKit

/// Checkpoints and temporary blocks: a page that stops halfway through a file, stubs what is
/// still missing, and records what the program prints at that point.
@Suite struct CheckpointTests {
    static let boxPath = CheckpointFixture.boxPath
    static let mainPath = CheckpointFixture.mainPath
    static let labelPath = "Sources/MiniCombine/01-Protocols/Label.swift"

    static let box = CheckpointFixture.box("open")

    static let main = CheckpointFixture.main(
        ("first", "print(\"-- first\")\nprint(Box().open())\n"),
        ("second", "print(\"-- second\")\nprint(Box().open())\n"))

    /// A library file no include names: a checkpoint builds it whole.
    static let label = "/// Names a box.\npublic let label = \"box\"\n"

    /// The page as `sync` leaves it.
    static let page = CheckpointFixture.page([
        CheckpointFixture.boxListing,
        CheckpointFixture.temporary(
            CheckpointFixture.method("open", returning: "stub")),
        CheckpointFixture.include(
            mainPath, "first", "print(\"-- first\")\nprint(Box().open())\n",
            adds: false),
        CheckpointFixture.checkpoint("-- first\nstub\n"),
        CheckpointFixture.include(
            boxPath, "box-open", CheckpointFixture.method("open"),
            replacing: "open()"),
        CheckpointFixture.include(
            mainPath, "second", "print(\"-- second\")\nprint(Box().open())\n"),
        CheckpointFixture.output("-- first\nopen\n-- second\nopen\n"),
    ])

    static let files = [
        boxPath: box, mainPath: main, labelPath: label,
        CheckpointFixture.pagePath: page,
    ]

    /// The 1-based line of the first line of `page` that contains `text`.
    static func line(of text: String, in page: String = page) -> Int {
        CheckpointFixture.line(of: text, in: page)
    }

    static func id(_ text: String, in page: String = page) -> ListingID {
        CheckpointFixture.id(text, in: page)
    }

    /// What the toolchain says of `pages`: the program's run, the checkpoint's run, and the
    /// replacement check finding that the stub's `open()` clashes with the real one (line 11).
    static func evidence(
        for pages: [String] = [page], checkpoint: CheckpointOutcome? = nil,
        replacement: [CompilerMessage]? = nil
    ) -> Evidence {
        // Box.swift has 13 lines; a blank line, then the block from line 15.
        CheckpointFixture.evidence(
            for: pages, run: "-- first\nopen\n-- second\nopen\n",
            checkpoints: [checkpoint ?? .ran(.success("-- first\nstub\n"))],
            replacement: replacement
                ?? CheckpointFixture.redeclaration(
                    of: "open()", at: 16, original: 11))
    }

    static func fixture(page: String = page) throws -> RepositoryFixture {
        try CheckpointFixture.repository(files, page: page)
    }

    static func plan(page: String = page) throws -> CheckpointPlan {
        try CheckpointFixture.plan(in: fixture(page: page))
    }

    @Test func anUpToDatePageChecksClean() throws {
        let report = try Self.fixture().check(Self.evidence())
        #expect(report.diagnostics.map(\.description) == [])
        #expect(report.summary.contains("1 checkpoint"))
    }

    @Test func syncRecordsTheCheckpointAndCaptionsTheStubAndItsReplacement()
        throws
    {
        let captions = [
            "*For now, add to Sources/MiniCombine/01-Protocols/Box.swift; a later listing "
                + "replaces it*\n\n",
            "*Output of `swift run 01-protocols` at this point*\n\n",
            "*Adds to Sources/MiniCombine/01-Protocols/Box.swift, replacing the temporary "
                + "`open()`*\n\n",
        ]
        var bare = Self.page.replacingOccurrences(
            of: "-- first\nstub\n", with: "")
        for caption in captions {
            bare = bare.replacingOccurrences(of: caption, with: "")
        }
        #expect(bare != Self.page)
        let repository = try Self.fixture(page: bare)
        let evidence = Self.evidence(for: [bare, Self.page])
        let before = repository.check(evidence)
        #expect(before.diagnostics.count == 4)
        #expect(before.diagnostics.allSatisfy { $0.kind == .staleness })
        #expect(repository.sync(evidence).succeeded)
        #expect(
            try repository.contents(of: "book/01-protocols.md") == Self.page)
        #expect(repository.check(evidence).diagnostics.isEmpty)
    }

    @Test func aCheckpointThatPrintsSomethingElseIsOutOfDate() throws {
        let report = try Self.fixture().check(
            Self.evidence(checkpoint: .ran(.success("-- first\nopen\n"))))
        #expect(
            report.diagnostics.map(\.description) == [
                "book/01-protocols.md:\(Self.line(of: "<!-- checkpoint:") + 1): error: output "
                    + "block is out of date with what 01-protocols prints at this point; run "
                    + "scripts/book sync"
            ])
    }

    /// A checkpoint run that prints two parts.
    static let twoParts = CheckpointOutcome.ran(
        .success("-- first\nstub\n-- again\nstub stub\n"))

    /// The page with its checkpoint showing part `part` of what the program prints there,
    /// recorded as `output`; `caption`, if given, replaces the checkpoint's caption.
    static func partPage(
        _ output: String, part: Int = 2, caption: String? = nil
    ) -> String {
        var checkpoint = CheckpointFixture.checkpoint(output, part: part)
        if let caption {
            checkpoint = caption + checkpoint.drop { $0 != "\n" }
        }
        return page.replacingOccurrences(
            of: CheckpointFixture.checkpoint("-- first\nstub\n"),
            with: checkpoint)
    }

    @Test func aPartCheckpointHoldsOnlyTheLinesOfItsPart() throws {
        let page = Self.partPage("-- again\nstub stub\n")
        #expect(page.contains("<!-- checkpoint: 01-protocols#2 -->"))
        #expect(
            page.contains(
                "*Part 2 of the output of `swift run 01-protocols` at this point*"
            ))
        let report = try Self.fixture(page: page).check(
            Self.evidence(for: [page], checkpoint: Self.twoParts))
        #expect(report.diagnostics.map(\.description) == [])
        #expect(report.summary.contains("1 checkpoint"))
    }

    @Test func syncRewritesAStalePartCheckpointAndItsCaption() throws {
        let page = Self.partPage("-- again\nstub stub\n")
        // The whole output under the whole form's caption.
        let stale = Self.partPage(
            "-- first\nstub\n-- again\nstub stub\n",
            caption: "*Output of `swift run 01-protocols` at this point*")
        let repository = try Self.fixture(page: stale)
        let evidence = Self.evidence(
            for: [stale, page], checkpoint: Self.twoParts)
        // Both are reported at the block's opening fence.
        let fence = Self.line(of: "<!-- checkpoint:", in: stale) + 1
        #expect(
            repository.check(evidence).diagnostics.map(\.description) == [
                "book/01-protocols.md:\(fence): error: the caption above this block is "
                    + "missing or out of date; run scripts/book sync",
                "book/01-protocols.md:\(fence): error: output block is out of date "
                    + "with what 01-protocols prints at this point; run scripts/book sync",
            ])
        #expect(repository.sync(evidence).succeeded)
        #expect(try repository.contents(of: CheckpointFixture.pagePath) == page)
        #expect(repository.check(evidence).diagnostics.isEmpty)
    }

    @Test func aCheckpointPartBeyondTheLastIsAnErrorAtItsDirective() throws {
        let page = Self.partPage("-- again\nstub stub\n", part: 3)
        let report = try Self.fixture(page: page).check(
            Self.evidence(for: [page], checkpoint: Self.twoParts))
        #expect(
            report.diagnostics.map(\.description) == [
                "book/01-protocols.md:\(Self.line(of: "<!-- checkpoint:", in: page)): error: "
                    + "01-protocols prints 2 parts at this point (each begins with a line "
                    + "starting '-- '); there is no part 3"
            ])
    }

    @Test func aCheckpointWithABadPartIsMalformedAtItsLine() throws {
        let page = Self.partPage("-- again\nstub stub\n", part: 0)
        let report = try Self.fixture(page: page).check(
            Self.evidence(for: [page], checkpoint: Self.twoParts))
        #expect(
            report.diagnostics.map(\.description).contains(
                "book/01-protocols.md:\(Self.line(of: "<!-- checkpoint:", in: page)): error: "
                    + "malformed directive '<!-- checkpoint: 01-protocols#0 -->'; expected "
                    + "'<!-- checkpoint: PRODUCT -->' or '<!-- checkpoint: PRODUCT#N -->'"
            ))
    }

    @Test func theFilesAtACheckpointHoldTheRegionsShownAboveItAndTheStubs()
        throws
    {
        let plan = try Self.plan()
        #expect(plan.diagnostics.isEmpty)
        let checkpoint = try #require(
            plan.checkpoints[Self.id("<!-- checkpoint:")])
        #expect(checkpoint.product == "01-protocols")
        #expect(checkpoint.libraryFiles == [Self.boxPath, Self.labelPath])
        #expect(checkpoint.programFiles == [Self.mainPath])
        // Label.swift, which no include names, is built whole.
        #expect(
            Set(checkpoint.assembled.keys) == [Self.boxPath, Self.mainPath])
        let stub = Self.line(of: "extension Box {")
        let box = try #require(checkpoint.assembled[Self.boxPath])
        #expect(
            box.text == """
                import Foundation

                // snippet.box
                public final class Box {
                    public init() {}
                }
                // snippet.end


                extension Box {
                    public func open() -> String { "stub" }
                }

                """)
        #expect(
            box.origins == (1...8).map(LineOrigin.file)
                + [
                    .page(stub - 2), .page(stub), .page(stub + 1),
                    .page(stub + 2),
                ])
        #expect(
            checkpoint.assembled[Self.mainPath]?.text == """
                import MiniCombine

                // snippet.first
                print("-- first")
                print(Box().open())
                // snippet.end


                """)
        let replacement = try #require(
            plan.replacements[Self.id("<!-- temporary:")])
        #expect(replacement.blockStart == 15)
        #expect(replacement.isLibrary)
        #expect(
            replacement.text == Self.box + "\nextension Box {\n"
                + "    public func open() -> String { \"stub\" }\n}\n")
    }

    @Test func aBuildErrorIsReportedAtThePageLineOfTheListingItFallsIn() throws
    {
        let messages = [
            // The stub's second line, line 11 of Box.swift as built.
            CompilerMessage(
                file: Self.boxPath, line: 11, column: 5, severity: .error,
                message: "stub error"),
            // `print(Box().open())` in the listing of main.swift#first.
            CompilerMessage(
                file: Self.mainPath, line: 5, column: 1, severity: .warning,
                message: "main warning"),
            // Label.swift is in no listing; the error goes to the checkpoint.
            CompilerMessage(
                file: Self.labelPath, line: 2, column: 1, severity: .error,
                message: "label error"),
            CompilerMessage(severity: .error, message: "linker failed"),
        ]
        let report = try Self.fixture().check(
            Self.evidence(checkpoint: .failedToBuild(messages)))
        let checkpoint = Self.line(of: "<!-- checkpoint:")
        let prefix =
            "the files as they stand at the checkpoint on line \(checkpoint) do not build: "
        let here =
            "book/01-protocols.md:\(checkpoint): error: the files as they "
            + "stand here do not build: "
        #expect(
            report.diagnostics.map(\.description) == [
                "book/01-protocols.md:\(Self.line(of: "func open() -> String { \"stub\"")): "
                    + "error: \(prefix)stub error",
                "book/01-protocols.md:\(Self.line(of: "print(Box().open())")): error: "
                    + "\(prefix)warning: main warning",
                here
                    + "Sources/MiniCombine/01-Protocols/Label.swift:2: label error",
                here + "linker failed",
            ])
    }

    @Test func aCheckpointRunThatFailsIsAnErrorAtItsDirective() throws {
        let report = try Self.fixture().check(
            Self.evidence(
                checkpoint: .ran(
                    .failure(RunFailure("01-protocols exited with status 1")))))
        #expect(
            report.diagnostics.map(\.description) == [
                "book/01-protocols.md:\(Self.line(of: "<!-- checkpoint:")): error: cannot "
                    + "record the output of 01-protocols at this point: 01-protocols exited "
                    + "with status 1"
            ])
    }

    @Test func aStubThatClashesWithNothingIsAnErrorAtItsLine() throws {
        let report = try Self.fixture().check(Self.evidence(replacement: []))
        let stub = Self.line(of: "func open() -> String { \"stub\"")
        let caption = Self.line(of: "replacing the temporary")
        #expect(
            report.diagnostics.map(\.description) == [
                "book/01-protocols.md:\(stub): error: no declaration of the complete "
                    + "\(Self.boxPath) has this temporary declaration's signature, so no later "
                    + "listing replaces it; declare it exactly as the listing that replaces it "
                    + "does",
                "book/01-protocols.md:\(caption + 3): error: the caption above this block is "
                    + "missing or out of date; run scripts/book sync",
            ])
    }

    @Test func aStubReplacedByNoLaterListingIsAnErrorAtItsLine() throws {
        // The declaration it clashes with is in Box.swift#box, shown above the stub.
        let report = try Self.fixture().check(
            Self.evidence(
                replacement: CheckpointFixture.redeclaration(
                    of: "open()", at: 16, original: 5)))
        let stub = Self.line(of: "func open() -> String { \"stub\"")
        #expect(
            report.diagnostics.filter { $0.kind == .error }.map(\.description)
                == [
                    "book/01-protocols.md:\(stub): error: the declaration that replaces the "
                        + "temporary `open()` (\(Self.boxPath):5) is shown by no later listing of "
                        + "this page"
                ])
    }

    @Test func aStubWhoseLabelsAreAllUnderscoresIsCaptionedByItsFullName()
        throws
    {
        // swiftc names such a function by its base name alone: 'open', not 'open(_:)'.
        let page = Self.page.replacingOccurrences(
            of: "func open() -> String { \"stub\" }",
            with: "func open(_ times: Int) -> String { \"stub\" }"
        ).replacingOccurrences(
            of: "temporary `open()`", with: "temporary `open(_:)`")
        #expect(page.contains("`open(_:)`"))
        let report = try Self.fixture(page: page).check(
            Self.evidence(
                for: [page],
                replacement: CheckpointFixture.redeclaration(
                    of: "open", at: 16, original: 11)))
        #expect(report.diagnostics.map(\.description) == [])
    }

    @Test(arguments: [
        // swiftc's name, the declaration's lines, the name a reader knows.
        (
            "request", ["func request(_ more: Subscribers.Demand) {}"],
            "request(_:)"
        ),
        ("two", ["func two(_ a: Int, _ b: [String: Int]) {}"], "two(_:_:)"),
        (
            "gen",
            [
                "@discardableResult public func gen<T: P<Int, Int>>(",
                "    _ x: T, _ f: (Int, Int) -> Void = { _, _ in },",
                "    _ s: String = \"a, b)\"  // c, d)",
                ") -> Int where T: Q { 0 }",
            ],
            "gen(_:_:_:)"
        ),
        ("+", ["static func + (l: Box, r: Box) -> Box { l }"], "+(_:_:)"),
        ("up(_:sent:)", ["func up(_ a: Int, sent: Bool) {}"], "up(_:sent:)"),
        ("cancel()", ["func cancel() {}"], "cancel()"),
        ("count", ["var count: Int { 0 }"], "count"),
    ])
    func theNameOfAReplacedStubIsItsFullName(
        swiftcName: String, declaration: [String], name: String
    ) {
        #expect(
            CheckpointPlan.fullName(swiftcName, declaredBy: declaration)
                == name)
    }

    @Test(arguments: [
        (
            "<!-- checkpoint: 01-protocols -->",
            "<!-- output: 01-protocols -->",
            "temporary:",
            "a temporary block needs a '<!-- checkpoint: PRODUCT -->' below it on this "
                + "page, where the build it makes possible is checked"
        ),
        (
            "<!-- checkpoint: 01-protocols -->", "<!-- checkpoint: 02-just -->",
            "checkpoint:",
            "a checkpoint runs the page's chapter program, 01-protocols, not 02-just"
        ),
        (
            "<!-- temporary: Sources/MiniCombine/01-Protocols/Box.swift -->",
            "<!-- temporary: Sources/MiniCombine/01-Protocols/Label.swift -->",
            "temporary:",
            "no include of this page names Sources/MiniCombine/01-Protocols/Label.swift; "
                + "a temporary block adds to a file the page shows"
        ),
        (
            "    public func open() -> String { \"stub\" }\n", "",
            "temporary:",
            "the temporary block declares nothing for a later listing to replace"
        ),
    ])
    func misplacedTemporaryBlocksAndCheckpointsAreErrorsAtTheirDirectives(
        replacing original: String, with replacement: String,
        at directive: String,
        message: String
    ) throws {
        let page = Self.page.replacingOccurrences(
            of: original, with: replacement)
        #expect(page != Self.page)
        let report = try Self.fixture(page: page).check(
            Self.evidence(for: [page]))
        let expected =
            "book/01-protocols.md:\(Self.line(of: directive, in: page)): error: \(message)"
        #expect(report.diagnostics.map(\.description).contains(expected))
        #expect(
            report.diagnostics.filter { $0.kind == .error }.count == 1,
            "\(report.diagnostics)")
    }

    @Test func aCheckpointOnAPageWithoutAChapterProgramIsAnError() throws {
        var files = Self.files
        files["book/02-more.md"] = """
            # More

            [Contents](README.md)

            <!-- checkpoint: 02-more -->
            ```text
            ```

            [Contents](README.md)

            """
        let report = try RepositoryFixture(files).check(Self.evidence())
        #expect(
            report.diagnostics.map(\.description).contains(
                "book/02-more.md:5: error: a checkpoint runs the page's chapter program, but "
                    + "this page has none (no Chapters/02-* folder)"))
    }

    @Test func aTemporaryBlockMustAddToAFileTheCheckpointBuilds() throws {
        var files = Self.files
        files["Tests/BoxTests.swift"] =
            "// snippet.test\nfunc testBox() {}\n// snippet.end\n"
        let page =
            Self.page.replacingOccurrences(
                of:
                    "<!-- temporary: Sources/MiniCombine/01-Protocols/Box.swift -->",
                with: "<!-- temporary: Tests/BoxTests.swift -->")
            + "<!-- include: Tests/BoxTests.swift#test -->\n```swift\nfunc testBox() {}\n```\n"
        files["book/01-protocols.md"] = page
        let report = try RepositoryFixture(files).check(
            Self.evidence(for: [page]))
        #expect(
            report.diagnostics.map(\.description).contains(
                "book/01-protocols.md:\(Self.line(of: "<!-- temporary:", in: page)): error: "
                    + "Tests/BoxTests.swift is not a file of library folders 01…01 or "
                    + "Chapters/01-Protocols, which a checkpoint of this page builds"
            ))
    }

    @Test func aTooWideLineInAStubIsAnError() throws {
        let wide = "    // " + String(repeating: "x", count: 80)
        let page = Self.page.replacingOccurrences(
            of:
                "extension Box {\n    public func open() -> String { \"stub\" }",
            with:
                "extension Box {\n\(wide)\n    public func open() -> String { \"stub\" }"
        )
        let report = try Self.fixture(page: page).check(
            Self.evidence(for: [page]))
        #expect(
            report.diagnostics.filter { $0.kind == .tooWide }.map(\.line) == [
                Self.line(of: wide, in: page)
            ])
    }

    @Test func declarationsAreFoundAtTheTopLevelAndInTopLevelExtensions() {
        let block = [
            "extension Box {",  // 0
            "    func cancel() {}",  // 1
            "    private(set) var count = 0",  // 2
            "    @discardableResult static func make() -> Int {",  // 3
            "        let local = 1  // not a member",  // 4
            "        return local",  // 5
            "    }",  // 6
            "    // func commented() {}",  // 7
            "    func upstream(",  // 8
            "        _ source: Source, completedWith: String = \"{\"",  // 9
            "    ) {}",  // 10
            "    class func shared() {}",  // 11
            "    /* func hidden() {} */ func shown() {}",  // 12
            "    /* a comment {",  // 13
            "       func inComment() {} */",  // 14
            "}",  // 15
            "struct Stub { var inner = 0 }",  // 16
            "let url = \"http://x{\"  // {",  // 17
            "print(url)",  // 18
        ]
        #expect(
            CheckpointPlan.declarationLines(in: block) == [
                1, 2, 3, 8, 11, 12, 16, 17,
            ])
    }
}
