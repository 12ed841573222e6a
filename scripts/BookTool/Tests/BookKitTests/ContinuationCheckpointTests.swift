import Foundation
import Testing

@testable import BookKit

/// The temporary block of a continued page through `sync` and `check`, when listings of both
/// pages replace its declarations, and a checkpoint on the continuing page.
@Suite struct ContinuationCheckpointTests {
    static let boxPath = CheckpointFixture.boxPath
    static let mainPath = CheckpointFixture.mainPath
    static let threadsPath = ContinuationTests.threadsPath

    /// The chapter's navigation line, which links the continuing page.
    static let chapterNavigation =
        "[Contents](README.md) · [Chapter 2: Threads →](02-threads.md)\n"

    // MARK: One block, replaced on both pages

    /// The caption of a block whose stubs listings of both pages replace.
    static let bothCaption =
        "*For now, add to \(boxPath); later listings here and in "
        + "[Chapter 2: Threads](02-threads.md) replace it*"

    /// The chapter's page as `sync` leaves it: the block stubs `open()` and `close()`; a
    /// later listing of the page replaces `close()`, and the continuing page `open()`.
    static func chapterWithTwoStubs(caption: String = bothCaption) -> String {
        CheckpointFixture.page([
            CheckpointFixture.boxListing,
            ReplacedStubTests.head[1].replacingOccurrences(
                of: "*For now, add to \(boxPath); a later listing replaces it*",
                with: caption),
            ReplacedStubTests.head[2],
            CheckpointFixture.checkpoint("stub stub\n"),
            ReplacedStubTests.closing,
            CheckpointFixture.output("open close\n"),
        ]).replacingOccurrences(
            of: "[Contents](README.md)\n", with: chapterNavigation)
    }

    @Test func syncCaptionsABlockReplacedOnItsOwnPageAndOnTheContinuingPage()
        throws
    {
        let stale = Self.chapterWithTwoStubs(
            caption: "*For now, add to \(Self.boxPath); a later listing "
                + "replaces it*")
        let repository = try CheckpointFixture.repository(
            [
                Self.boxPath: ReplacedStubTests.box,
                Self.mainPath: ReplacedStubTests.main,
                Self.threadsPath: ContinuationTests.threads(),
            ], page: stale)
        let evidence = CheckpointFixture.evidence(
            for: [stale], run: "open close\n",
            checkpoints: [.ran(.success("stub stub\n"))],
            replacement: ReplacedStubTests.replacementMessages)
        let directive = CheckpointFixture.line(
            of: "<!-- temporary:", in: stale)
        #expect(
            repository.check(evidence).diagnostics.map(\.description) == [
                "book/01-protocols.md:\(directive + 1): error: the caption above "
                    + "this block is missing or out of date; run scripts/book sync"
            ])
        #expect(repository.sync(evidence).succeeded)
        #expect(
            try repository.contents(of: CheckpointFixture.pagePath)
                == Self.chapterWithTwoStubs())
        #expect(repository.check(evidence).diagnostics.isEmpty)
    }

    // MARK: A checkpoint on the continuing page

    static let threadsMainPath = "Chapters/02-Threads/main.swift"

    /// The continuing page as `sync` leaves it: it shows `open()`, replacing the chapter's
    /// stub, then its own program, and a checkpoint and the output of 02-threads.
    static let threads = {
        let navigation = ContinuationTests.navigation
        return "# Chapter 2: Threads\n\n\(navigation)\n\n"
            + "<!-- continues: 01-protocols.md -->\n\n"
            + CheckpointFixture.include(
                boxPath, "box-open", CheckpointFixture.method("open"),
                replacing: "open()") + "\n"
            + CheckpointFixture.include(
                threadsMainPath, "threads", "print(Box().open())\n",
                adds: false) + "\n"
            + "*Output of `swift run 02-threads` at this point*\n\n"
            + "<!-- checkpoint: 02-threads -->\n```text\nopen\n```\n\n"
            + "*Output of `swift run 02-threads`*\n\n"
            + "<!-- output: 02-threads -->\n```text\nopen\n```\n\n"
            + "\(navigation)\n"
    }()

    static func threadsFixture() throws -> RepositoryFixture {
        try ContinuationTests.fixture(
            threads: threads,
            more: [
                threadsMainPath: CheckpointFixture.main(
                    ("threads", "print(Box().open())\n"))
            ])
    }

    /// The place of the continuing page's checkpoint.
    static let threadsCheckpoint = ListingID(
        path: threadsPath,
        line: CheckpointFixture.line(of: "<!-- checkpoint:", in: threads))

    /// The chapter's temporary block and what its replacement check says.
    static let temporaryMessages = [
        CheckpointFixture.id(
            "<!-- temporary:", in: ContinuationTests.chapter()):
            CheckpointFixture.redeclaration(of: "open()", at: 16, original: 11)
    ]

    /// `ContinuationTests.evidence()`, and 02-threads's run and its checkpoint's `outcome`.
    static func evidence(checkpoint outcome: CheckpointOutcome) -> Evidence {
        var evidence = ContinuationTests.evidence()
        evidence.programRuns["02-threads"] = .success("open\n")
        evidence.checkpoints[threadsCheckpoint] = outcome
        return evidence
    }

    @Test func aCheckpointOnTheContinuingPageSeesTheContinuedPagesListings()
        throws
    {
        let plan = try ContinuationTests.plan(in: Self.threadsFixture())
        #expect(plan.diagnostics.isEmpty)
        let checkpoint = try #require(plan.checkpoints[Self.threadsCheckpoint])
        // The chapter's stub waits for its replacement check: the listing of `open()`
        // above the checkpoint replaces it.
        #expect(checkpoint.awaitsReplacementChecks)
        let box = try #require(
            checkpoint.files(replacedIn: Self.temporaryMessages)[Self.boxPath])
        #expect(box.text == CheckpointFixture.box("open"))
        // Until the replacement check answers, the stub stays, at its lines of the chapter.
        let whole = try #require(
            checkpoint.files(replacedIn: [:])[Self.boxPath])
        let chapter = ContinuationTests.chapter()
        let directive = CheckpointFixture.line(
            of: "<!-- temporary:", in: chapter)
        let stub = CheckpointFixture.line(
            of: "func open() -> String { \"stub\"", in: chapter)
        #expect(
            whole.text.hasSuffix(
                "\n\nextension Box {\n    public func open() -> String { \"stub\" }\n}\n"
            ))
        #expect(
            whole.origins.suffix(4)
                == [directive, stub - 1, stub, stub + 1].map(
                    LineOrigin.continuedPage))
        #expect(
            checkpoint.assembled.keys.sorted() == [
                Self.threadsMainPath, Self.boxPath,
            ])
    }

    /// A companion that continues chapter 1 and has no program of its own: its checkpoint
    /// runs chapter 1's.
    static let companion = {
        let navigation = ContinuationTests.navigation
        return "# Companion to chapter 1: Threads\n\n\(navigation)\n\n"
            + "<!-- continues: 01-protocols.md -->\n\n"
            + CheckpointFixture.include(
                boxPath, "box-open", CheckpointFixture.method("open"),
                replacing: "open()") + "\n"
            + CheckpointFixture.checkpoint("open\n")
            + "\n\(navigation)\n"
    }()

    @Test func aCompanionsCheckpointRunsTheProgramOfTheChapterItContinues()
        throws
    {
        let plan = try ContinuationTests.plan(
            in: ContinuationTests.fixture(threads: Self.companion))
        #expect(plan.diagnostics.map(\.description) == [])
        let id = ListingID(
            path: Self.threadsPath,
            line: CheckpointFixture.line(
                of: "<!-- checkpoint:", in: Self.companion))
        let checkpoint = try #require(plan.checkpoints[id])
        #expect(checkpoint.product == "01-protocols")
        #expect(checkpoint.chapter == 1)
        #expect(checkpoint.programFiles == [Self.mainPath])
        let box = try #require(
            checkpoint.files(replacedIn: Self.temporaryMessages)[Self.boxPath])
        #expect(box.text == CheckpointFixture.box("open"))
    }

    @Test func theContinuingPageWithACheckpointChecksClean() throws {
        let report = try Self.threadsFixture().check(
            Self.evidence(checkpoint: .ran(.success("open\n"))))
        #expect(report.diagnostics.map(\.description) == [])
        #expect(report.summary.contains("2 checkpoints"))
    }

    @Test func anErrorInALineOnlyTheContinuedPageShowsIsReportedThere() throws {
        // Line 4 of Box.swift is `public final class Box {`, which only the chapter shows.
        let report = try Self.threadsFixture().check(
            Self.evidence(
                checkpoint: .failedToBuild([
                    CompilerMessage(
                        file: Self.boxPath, line: 4, column: 1,
                        severity: .error, message: "class error")
                ])))
        let chapter = ContinuationTests.chapter()
        #expect(
            report.diagnostics.map(\.description) == [
                "book/01-protocols.md:"
                    + "\(CheckpointFixture.line(of: "public final class Box", in: chapter)): "
                    + "error: the files as they stand at the checkpoint on "
                    + "book/02-threads.md:\(Self.threadsCheckpoint.line) do not build: "
                    + "class error"
            ])
    }
}
