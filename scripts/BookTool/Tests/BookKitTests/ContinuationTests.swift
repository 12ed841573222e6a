import Foundation
import Testing

@testable import BookKit

/// A page that stubs a method for its checkpoint, and a second page that says
/// `<!-- continues: 01-protocols.md -->` and shows the method that replaces the stub.
@Suite struct ContinuationTests {
    static let boxPath = CheckpointFixture.boxPath
    static let mainPath = CheckpointFixture.mainPath
    static let threadsPath = "book/02-threads.md"

    static let files = [
        boxPath: CheckpointFixture.box("open"),
        mainPath: CheckpointFixture.main(("first", "print(Box().open())\n")),
    ]

    /// The temporary block's caption when the continuing page replaces it.
    static let temporaryCaption =
        "*For now, add to \(boxPath); "
        + "[Chapter 2: Threads](02-threads.md) replaces it*"

    /// The chapter's page as `sync` leaves it, with the temporary block's caption
    /// `caption`.
    static func chapter(caption: String = temporaryCaption) -> String {
        CheckpointFixture.page([
            CheckpointFixture.boxListing,
            CheckpointFixture.temporary(
                CheckpointFixture.method("open", returning: "stub")
            ).replacingOccurrences(
                of: "*For now, add to \(boxPath); a later listing replaces it*",
                with: caption),
            CheckpointFixture.include(
                mainPath, "first", "print(Box().open())\n", adds: false),
            CheckpointFixture.checkpoint("stub\n"),
            CheckpointFixture.output("open\n"),
        ]).replacingOccurrences(
            of: "[Contents](README.md)\n",
            with:
                "[Contents](README.md) · [Chapter 2: Threads →](02-threads.md)\n"
        )
    }

    static let navigation =
        "[← Chapter 1: Protocols](01-protocols.md) · [Contents](README.md)"

    /// The continuing page as `sync` leaves it, with `directive` near its top.
    static func threads(
        directive: String = "<!-- continues: 01-protocols.md -->\n\n"
    ) -> String {
        "# Chapter 2: Threads\n\n\(navigation)\n\n\(directive)"
            + CheckpointFixture.include(
                boxPath, "box-open", CheckpointFixture.method("open"),
                replacing: "open()")
            + "\n\(navigation)\n"
    }

    /// The repository with the chapter's page and the continuing page, and `more` pages.
    static func fixture(
        chapter: String = chapter(), threads: String = threads(),
        more: [String: String] = [:]
    ) throws -> RepositoryFixture {
        var files = files.merging(more) { $1 }
        files[threadsPath] = threads
        return try CheckpointFixture.repository(files, page: chapter)
    }

    /// What the toolchain says: the checkpoint prints the stub's answer, and the stub
    /// `open()` (line 16 of the replacement check) clashes with Box.swift's, on line 11.
    static func evidence(for chapter: String = chapter()) -> Evidence {
        CheckpointFixture.evidence(
            for: [chapter], run: "open\n",
            checkpoints: [.ran(.success("stub\n"))],
            replacement: CheckpointFixture.redeclaration(
                of: "open()", at: 16, original: 11))
    }

    /// The 1-based line of the first line of `page` that contains `text`.
    static func line(of text: String, in page: String) -> Int {
        CheckpointFixture.line(of: text, in: page)
    }

    @Test func aTemporaryReplacedOnTheContinuingPageChecksClean() throws {
        let report = try Self.fixture().check(Self.evidence())
        #expect(report.diagnostics.map(\.description) == [])
        #expect(report.summary.contains("1 checkpoint"))
    }

    @Test func syncCaptionsTheTemporaryAndItsReplacementOnTheContinuingPage()
        throws
    {
        let replacing =
            "*Adds to \(Self.boxPath), replacing the temporary `open()`*\n\n"
        // The captions as they were before the page was continued.
        let chapter = Self.chapter(
            caption: "*For now, add to \(Self.boxPath); a later listing "
                + "replaces it*")
        let threads = Self.threads().replacingOccurrences(
            of: replacing, with: "*Adds to \(Self.boxPath)*\n\n")
        let repository = try Self.fixture(chapter: chapter, threads: threads)
        let evidence = Self.evidence()
        let before = repository.check(evidence)
        #expect(
            before.diagnostics.map(\.description) == [
                "book/01-protocols.md:\(Self.line(of: "<!-- temporary:", in: chapter) + 1): "
                    + "error: the caption above this block is missing or out of date; run "
                    + "scripts/book sync",
                "book/02-threads.md:\(Self.line(of: "<!-- include:", in: threads) + 1): "
                    + "error: the caption above this block is missing or out of date; run "
                    + "scripts/book sync",
            ])
        #expect(repository.sync(evidence).succeeded)
        #expect(
            try repository.contents(of: CheckpointFixture.pagePath)
                == Self.chapter())
        #expect(try repository.contents(of: Self.threadsPath) == Self.threads())
        #expect(repository.check(evidence).diagnostics.isEmpty)
    }

    @Test func withoutTheDirectiveTheReplacingListingMustBeOnTheSamePage()
        throws
    {
        let chapter = Self.chapter()
        let report = try Self.fixture(threads: Self.threads(directive: ""))
            .check(Self.evidence())
        let stub = Self.line(
            of: "func open() -> String { \"stub\"", in: chapter)
        #expect(
            report.diagnostics.filter { $0.kind == .error }.map(\.description)
                == [
                    "book/01-protocols.md:\(stub): error: the declaration that replaces the "
                        + "temporary `open()` (\(Self.boxPath):11) is shown by no later "
                        + "listing of this page"
                ])
    }

    /// The checkpoints and temporary blocks of the chapter's page and the continuing page in
    /// `repository`.
    static func plan(in repository: RepositoryFixture) throws -> CheckpointPlan
    {
        let layout = RepositoryLayout(root: repository.root)
        let pages = try [CheckpointFixture.pagePath, threadsPath].map {
            BookPage(path: $0, contents: try repository.contents(of: $0))
        }
        return CheckpointPlan(
            pages: pages, layout: layout,
            snippetFiles: try layout.markedSwiftFiles.reduce(into: [:]) {
                $0[$1] = SnippetFile(
                    path: $1, text: try repository.contents(of: $1))
            })
    }

    @Test func theChaptersCheckpointBuildsWithTheTemporaryWhole() throws {
        let plan = try Self.plan(in: Self.fixture())
        #expect(plan.diagnostics.isEmpty)
        #expect(
            plan.continuingPages[CheckpointFixture.pagePath]?.path
                == Self.threadsPath)
        let checkpoint = try #require(
            plan.checkpoints[
                CheckpointFixture.id("<!-- checkpoint:", in: Self.chapter())])
        #expect(!checkpoint.awaitsReplacementChecks)
        let box = checkpoint.files(replacedIn: [
            CheckpointFixture.id("<!-- temporary:", in: Self.chapter()):
                CheckpointFixture.redeclaration(
                    of: "open()", at: 16, original: 11)
        ])[Self.boxPath]
        #expect(
            box?.text.hasSuffix(
                "\n\nextension Box {\n    public func open() -> String { \"stub\" }\n}\n"
            )
                == true)
    }

    static let lidPath = "Sources/MiniCombine/01-Protocols/Lid.swift"

    /// The chapter's page with a second temporary block, for Lid.swift, which only the
    /// continuing page shows.
    static let chapterWithLid = chapter().replacingOccurrences(
        of: CheckpointFixture.include(
            mainPath, "first", "print(Box().open())\n", adds: false),
        with: "*For now, add to \(lidPath); "
            + "[Chapter 2: Threads](02-threads.md) replaces it*\n\n"
            + "<!-- temporary: \(lidPath) -->\n```swift\n"
            + "public func lid() -> String { \"stub\" }\n```\n\n"
            + CheckpointFixture.include(
                mainPath, "first", "print(Box().open())\n", adds: false))

    /// The continuing page, showing Lid.swift too.
    static let threadsWithLid = threads().replacingOccurrences(
        of: "```\n\n\(navigation)\n",
        with: "```\n\n*\(lidPath), replacing the temporary `lid()`*\n\n"
            + "<!-- include: \(lidPath)#lid -->\n```swift\n"
            + "public func lid() -> String { \"lid\" }\n```\n\n\(navigation)\n")

    /// The repository with Lid.swift and the pages that stub and show it; `directive`
    /// replaces the continuing page's `continues:` comment.
    static func fixtureWithLid(directive: String? = nil) throws
        -> RepositoryFixture
    {
        try fixture(
            chapter: chapterWithLid,
            threads: directive.map {
                threadsWithLid.replacingOccurrences(
                    of: "<!-- continues: 01-protocols.md -->\n\n", with: $0)
            } ?? threadsWithLid,
            more: [
                lidPath: CheckpointFixture.region(
                    "lid", "public func lid() -> String { \"lid\" }\n")
            ])
    }

    /// `evidence()`, and the stub `lid()` (line 5 of its replacement check) clashing with
    /// Lid.swift's, on line 2.
    static let evidenceWithLid = {
        var found = evidence(for: chapterWithLid)
        found.replacementMessages[
            CheckpointFixture.id("<!-- temporary:", 2, in: chapterWithLid)] = [
                CompilerMessage(
                    file: lidPath, line: 5, column: 13, severity: .error,
                    message: "invalid redeclaration of 'lid()'"),
                CompilerMessage(
                    file: lidPath, line: 2, column: 13, severity: .note,
                    message: "'lid()' previously declared here"),
            ]
        return found
    }()

    @Test func aTemporaryMayAddToAFileOnlyTheContinuingPageShows() throws {
        let repository = try Self.fixtureWithLid()
        let report = repository.check(Self.evidenceWithLid)
        #expect(report.diagnostics.map(\.description) == [])
        // The checkpoint builds the stub, not the whole Lid.swift.
        let plan = try Self.plan(in: repository)
        let checkpoint = plan.checkpoints[
            CheckpointFixture.id("<!-- checkpoint:", in: Self.chapterWithLid)]
        #expect(
            checkpoint?.assembled[Self.lidPath]?.text
                == "\npublic func lid() -> String { \"stub\" }\n")
        // Without `continues:`, the file must be shown on the stub's own page.
        let alone = try Self.fixtureWithLid(directive: "")
            .check(Self.evidenceWithLid)
        let directive = Self.line(
            of: "<!-- temporary: \(Self.lidPath)", in: Self.chapterWithLid)
        #expect(
            alone.diagnostics.map(\.description).contains(
                "book/01-protocols.md:\(directive): error: no include of this page names "
                    + "\(Self.lidPath); a temporary block adds to a file the page shows"
            ))
    }

    @Test func theTemporaryCaptionNamesBothPagesWhenEachReplacesSome() {
        let caption = PageFurniture.temporaryCaption(
            path: Self.boxPath,
            replacedIn: ("Chapter 2: Threads", "02-threads.md"),
            alsoHere: true)
        #expect(
            caption
                == "*For now, add to \(Self.boxPath); later listings here and in "
                + "[Chapter 2: Threads](02-threads.md) replace it*")
        #expect(PageFurniture.isCaption(caption))
        #expect(PageFurniture.isCaption(Self.temporaryCaption))
        #expect(
            !PageFurniture.isCaption(
                "*For now, add to \(Self.boxPath); a cat replaces it*"))
    }

    /// A third page, `book/03-NAME.md`, holding only its title and `directive`.
    static func page(_ name: String, directive: String) -> [String: String] {
        ["book/03-\(name).md": "# \(name)\n\n\(directive)\n"]
    }

    @Test(arguments: [
        (
            "<!-- continues: 01-protocol.md -->", [String: String](),
            "book/02-threads.md",
            "'continues:' names book/01-protocol.md, which is not a page of the book"
        ),
        (
            "<!-- continues: 02-threads.md -->", [:], "book/02-threads.md",
            "a page cannot continue itself"
        ),
        (
            "<!-- continues: 01-protocols.md -->",
            page("again", directive: "<!-- continues: 01-protocols.md -->"),
            "book/03-again.md",
            "book/01-protocols.md is continued by book/02-threads.md too; a page may be "
                + "continued by only one page"
        ),
        (
            "<!-- continues: 01-protocols.md -->\n<!-- continues: 03-other.md -->",
            page("other", directive: ""), "book/02-threads.md",
            "this page continues book/01-protocols.md already (line 5); a page may "
                + "continue only one page"
        ),
        (
            "<!-- continues: book/01-protocols.md -->", [:],
            "book/02-threads.md",
            "malformed directive '<!-- continues: book/01-protocols.md -->'; expected "
                + "'<!-- continues: PAGE.md -->', the file name of a page in this page's folder"
        ),
    ])
    func aBadContinuationIsAnErrorAtItsDirective(
        directive: String, more: [String: String], path: String,
        message: String
    ) throws {
        let threads = Self.threads(directive: directive + "\n\n")
        let repository = try Self.fixture(threads: threads, more: more)
        let report = repository.check(Self.evidence())
        let page = path == Self.threadsPath ? threads : more[path] ?? ""
        let last = TextLines(page).lines.lastIndex { $0.contains("continues") }
        let expected = "\(path):\((last ?? -1) + 1): error: \(message)"
        #expect(report.diagnostics.map(\.description).contains(expected))
        #expect(
            report.diagnostics.filter { $0.message == message }.count == 1,
            "\(report.diagnostics)")
    }

    @Test func twoPagesContinuingOnePageAreEachReported() throws {
        let repository = try Self.fixture(
            more: Self.page(
                "again", directive: "<!-- continues: 01-protocols.md -->"))
        let report = repository.check(Self.evidence())
        #expect(
            report.diagnostics.map(\.description).contains(
                "book/02-threads.md:5: error: book/01-protocols.md is continued by "
                    + "book/03-again.md too; a page may be continued by only one page"
            ))
    }

    /// The error at a `continues:` whose page comes later in the book.
    static func later(_ continued: String) -> String {
        "\(continued) comes after this page in the book (the order of "
            + "book/README.md's contents); a page may continue only a page before it"
    }

    @Test func aPageMayNotContinueAPageThatComesAfterIt() throws {
        let report = try Self.fixture(
            threads: Self.threads(directive: ""),
            more: [
                "book/00-early.md":
                    "# Early\n\n<!-- continues: 01-protocols.md -->\n"
            ]
        ).check(Self.evidence())
        #expect(
            report.diagnostics.map(\.description).contains(
                "book/00-early.md:3: error: "
                    + Self.later("book/01-protocols.md")))
    }

    @Test func theBooksOrderIsTheOrderOfItsContentsNotOfFileNames() throws {
        let contents =
            RepositoryFixture.toolchainPage
            + "\nContents: [Threads](02-threads.md), [Protocols](01-protocols.md).\n"
        let report = try Self.fixture(more: ["book/README.md": contents])
            .check(Self.evidence())
        #expect(
            report.diagnostics.map(\.description).contains(
                "book/02-threads.md:5: error: "
                    + Self.later("book/01-protocols.md")))
    }

    @Test func pagesThatContinueEachOtherAreEachReported() throws {
        let navigation =
            "[Contents](README.md) · [Chapter 2: Threads →](02-threads.md)\n\n"
        let chapter = Self.chapter()
        let top = try #require(chapter.range(of: navigation))
        let circular = chapter.replacingCharacters(
            in: top, with: navigation + "<!-- continues: 02-threads.md -->\n\n")
        let directive = Self.line(of: "<!-- continues:", in: circular)
        let report = try Self.fixture(chapter: circular).check(Self.evidence())
        let messages = report.diagnostics.map(\.description)
        #expect(
            messages.contains(
                "book/01-protocols.md:\(directive): error: this page continues "
                    + "book/02-threads.md and book/02-threads.md:5 continues this page; "
                    + "pages cannot continue one another in a circle"))
        #expect(
            messages.contains(
                "book/02-threads.md:5: error: this page continues book/01-protocols.md "
                    + "and book/01-protocols.md:\(directive) continues this page; "
                    + "pages cannot continue one another in a circle"))
        #expect(!messages.contains { $0.contains("comes after this page") })
    }

    @Test func threePagesInACircleAreEachReported() throws {
        let report = try Self.fixture(
            threads: Self.threads(
                directive: "<!-- continues: 03-third.md -->\n\n"),
            more: [
                "book/03-third.md":
                    "# Third\n\n<!-- continues: 04-fourth.md -->\n",
                "book/04-fourth.md":
                    "# Fourth\n\n<!-- continues: 02-threads.md -->\n",
            ]
        ).check(Self.evidence())
        #expect(
            report.diagnostics.map(\.description).contains(
                "book/03-third.md:3: error: this page continues book/04-fourth.md, "
                    + "book/04-fourth.md:3 continues book/02-threads.md and "
                    + "book/02-threads.md:5 continues this page; pages cannot continue "
                    + "one another in a circle"))
        #expect(
            report.diagnostics.filter { $0.message.hasSuffix("in a circle") }
                .map(\.path) == [
                    "book/02-threads.md", "book/03-third.md",
                    "book/04-fourth.md",
                ])
    }
}
