import Foundation
import Testing

@testable import BookKit

/// Bad input a contributor can give the tool: `sync` must never lose text it did not generate,
/// and each problem is said once, where it is.
@Suite struct BadInputTests {
    static let source = BookSessionTests.source
    static let page = BookSessionTests.upToDatePage

    private func evidence(output: String = "received 42\n") -> Evidence {
        var evidence = Evidence(toolchainVersion: "Swift version 6.3.1")
        evidence.programRuns["02-just"] = .success(output)
        return evidence
    }

    private func fixture(page: String) throws -> RepositoryFixture {
        try RepositoryFixture([
            "Sources/MiniCombine/02-Just/Just.swift": Self.source,
            "book/02-just.md": page,
        ])
    }

    @Test func deletedClosingFenceIsAStructuralErrorAndSyncWritesNothing()
        throws
    {
        let page = """
            # Just

            <!-- include: Sources/MiniCombine/02-Just/Just.swift#value -->
            ```swift
            let old = 0

            Run it:

            ```sh
            swift run 02-just
            ```

            <!-- output: 02-just -->
            ```text
            received 42
            ```

            """
        let repository = try fixture(page: page)
        let expected = [
            "book/02-just.md:9: error: a fence that opens a ```sh block inside the block that "
                + "line 4 opens; that block's closing fence is probably missing (a block that "
                + "shows such lines needs a longer fence)"
        ]
        #expect(
            repository.check(evidence()).diagnostics.map(\.description)
                == expected)
        let report = repository.sync(evidence())
        #expect(report.diagnostics.map(\.description) == expected)
        #expect(report.updatedFiles.isEmpty)
        #expect(try repository.contents(of: "book/02-just.md") == page)
    }

    @Test func directiveInsideAnOpenBlockIsAStructuralError() {
        let page = BookPage(
            path: "book/02-just.md",
            contents:
                "```text\nreceived 42\n\n<!-- compiles -->\nlet a = 1\n```\n")
        #expect(page.diagnostics.map(\.line) == [4])
        #expect(
            page.diagnostics.first?.message.hasPrefix(
                "a directive, '<!-- compiles -->', inside the block that line 1 opens"
            ) == true)
    }

    @Test func pageEditedWhileSyncRunsIsNotOverwrittenAndIsNamed() throws {
        let stale = Self.page.replacingOccurrences(
            of: "received 42", with: "old")
        let repository = try fixture(page: stale)
        let edited = stale + "A sentence written while sync was running.\n"
        let source = EditingEvidence(evidence: evidence()) {
            try? repository.write(edited, to: "book/02-just.md")
        }
        let report = BookSession(root: repository.root, evidenceSource: source)
            .sync()
        #expect(
            report.diagnostics.map(\.description) == [
                "book/02-just.md:1: error: cannot write the file: it changed since it was read; "
                    + "run the command again"
            ])
        #expect(report.updatedFiles.isEmpty)
        #expect(try repository.contents(of: "book/02-just.md") == edited)
        #expect(
            try repository.listing(of: "book") == ["02-just.md", "README.md"])
    }

    @Test func outputHoldingAFenceLineGetsALongerFenceAndStaysInStep() throws {
        let repository = try fixture(page: Self.page)
        let output = "```\nreceived 42\n"
        #expect(
            repository.sync(evidence(output: output)).updatedFiles == [
                "book/02-just.md"
            ])
        #expect(
            try repository.contents(of: "book/02-just.md")
                == Self.page.replacingOccurrences(
                    of: "```text\nreceived 42\n```",
                    with: "````text\n```\nreceived 42\n````"))
        #expect(repository.check(evidence(output: output)).succeeded)
        #expect(repository.sync(evidence(output: output)).updatedFiles.isEmpty)
    }

    @Test func outputHoldingADirectiveLineGetsALongerFenceAndStaysInStep()
        throws
    {
        let repository = try fixture(page: Self.page)
        let output = "<!-- compiles -->\n"
        #expect(
            repository.sync(evidence(output: output)).updatedFiles == [
                "book/02-just.md"
            ])
        #expect(
            try repository.contents(of: "book/02-just.md")
                == Self.page.replacingOccurrences(
                    of: "```text\nreceived 42\n```",
                    with: "````text\n<!-- compiles -->\n````"))
        #expect(repository.check(evidence(output: output)).succeeded)
    }

    @Test func errorsBlockTwoBlankLinesBelowAFailsListingIsNotDuplicated()
        throws
    {
        let page =
            "<!-- fails -->\n```swift\nlet a: Int = \"\"\n```\n\n\n```text\nold\n```\n"
        let repository = try RepositoryFixture(["book/notes.md": page])
        var evidence = Evidence(toolchainVersion: "Swift version 6.3.1")
        evidence.listingMessages[ListingID(path: "book/notes.md", line: 1)] = [
            CompilerMessage(
                file: "main.swift", line: 1, column: 14, severity: .error,
                message: "bad")
        ]
        #expect(repository.sync(evidence).updatedFiles == ["book/notes.md"])
        // The two blank lines become the tool's label between blank lines; no second block.
        #expect(
            try repository.contents(of: "book/notes.md")
                == page.replacingOccurrences(
                    of: "old", with: "1:14: error: bad"
                )
                .replacingOccurrences(
                    of: "```\n\n\n```text",
                    with: "```\n\n*Compiler error*\n\n```text"))
    }

    @Test func temporaryPagesAreIgnoredByGit() {
        let repositoryRoot = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .deletingLastPathComponent()
        let result = ProcessRunner.run(
            "git",
            [
                "-C", repositoryRoot.path, "check-ignore", "--no-index", "-q",
                "book/.02-just.md.book-tool-0C4F8D6E-2B1A-4B3C-9D8E-7F6A5B4C3D2E",
            ])
        #expect(result.exitStatus == 0)
    }

    @Test func emptiedAppendixIsAnErrorAtThePage() throws {
        let repository = try RepositoryFixture([
            "book/08-what-does-a-pipeline-cost.md": MeasurementTests.appendix(
                block: MeasurementTests.table)
        ])
        try repository.write("\n", to: "book/08-what-does-a-pipeline-cost.md")
        #expect(
            repository.check(evidence()).diagnostics.map(\.description) == [
                "book/08-what-does-a-pipeline-cost.md:1: error: the page is empty; if it should "
                    + "go, delete it and its line in the contents"
            ])
    }

    @Test func emptiedChapterGivesOneErrorThatNamesThePage() throws {
        let repository = try RepositoryFixture([
            "Sources/MiniCombine/02-Just/Just.swift": Self.source,
            "Chapters/02-Just/main.swift": "print(42)\n",
            "book/02-just.md": "",
        ])
        #expect(
            repository.check(evidence()).diagnostics.map(\.description) == [
                "book/02-just.md:1: error: the page is empty; if it should go, delete it and its "
                    + "line in the contents"
            ])
    }

    @Test func pageMissingFromTheContentsIsAnError() throws {
        let repository = try fixture(page: Self.page)
        try repository.write("# A note\n", to: "book/notes.md")
        #expect(
            repository.check(evidence()).diagnostics.map(\.description) == [
                "book/notes.md:1: error: the page is missing from the contents; "
                    + "link it from book/README.md"
            ])
    }

    @Test func rootWithoutABookIsRejected() {
        let status = BookCommand.run(
            ["--root", "/nonexistent", "check"],
            evidenceSource: FixedEvidence(evidence: evidence())
        )
        #expect(status == 2)
    }

    @Test func theLastRootWinsAsScriptsBookPassesItsOwnFirst() throws {
        let repository = try fixture(page: Self.page)
        let status = BookCommand.run(
            [
                "--root", "/nonexistent", "--root", repository.root.path,
                "check",
            ],
            evidenceSource: FixedEvidence(evidence: evidence()))
        #expect(status == 0)
    }

    @Test func extraArgumentsAreRejected() throws {
        let repository = try fixture(page: Self.page)
        for arguments in [["check", "sync"], ["check", "extra"]] {
            let status = BookCommand.run(
                ["--root", repository.root.path] + arguments,
                evidenceSource: FixedEvidence(evidence: evidence()))
            #expect(status == 2)
        }
    }

    @Test func byteThatIsNotUTF8IsReportedOnceAtItsLine() throws {
        let repository = try fixture(page: Self.page)
        try repository.write(
            Data("# Just\n\nCaf".utf8) + Data([0xE9])
                + Data(" au lait.\n".utf8),
            to: "book/02-just.md")
        #expect(
            repository.check(evidence()).diagnostics.map(\.description) == [
                "book/02-just.md:3: error: cannot be read: this line is not valid UTF-8 text"
            ])
    }

    @Test func unwritablePageIsOnePlainLine() throws {
        let repository = try fixture(
            page: Self.page.replacingOccurrences(of: "42", with: "1"))
        var writer = AtomicFileWriter()
        writer.writeData = { _, url in
            throw CocoaError(
                .fileWriteNoPermission,
                userInfo: [
                    NSFilePathErrorKey: url.path,
                    NSUnderlyingErrorKey: NSError(
                        domain: NSPOSIXErrorDomain, code: Int(EACCES)),
                ])
        }
        #expect(
            repository.sync(evidence(), writer: writer).diagnostics.map(
                \.description) == [
                    "book/02-just.md:1: error: cannot write the file: Permission denied"
                ])
    }

    @Test func includePathWithADotIsNormalised() throws {
        let page = Self.page.replacingOccurrences(
            of: "include: Sources/", with: "include: ./Sources/")
        #expect(try fixture(page: page).check(evidence()).diagnostics.isEmpty)
    }

    @Test func fenceInsideAMultiLineCommentIsNotAFence() {
        let page = BookPage(
            path: "book/02-just.md",
            contents:
                "<!--\nAn old draft:\n```\n-->\n<!-- output: 02-just -->\n```text\n"
                + "received 42\n```\n")
        #expect(page.diagnostics.isEmpty)
        #expect(
            page.directives.map(\.directive) == [
                .output(product: "02-just", part: nil)
            ])
        #expect(page.directives.first?.block.contentRange == 6..<7)
    }

    @Test func tabIndentedFenceDoesNotCloseABlock() {
        let page = BookPage(
            path: "book/02-just.md",
            contents:
                "<!-- output: 02-just -->\n```text\n\t```\nreceived 42\n```\n")
        #expect(page.diagnostics.isEmpty)
        #expect(page.directives.first?.block.contentRange == 2..<4)
    }

    @Test func theSameProblemTwiceOnALineIsReportedOnce() throws {
        // The sentence goes above the closing navigation line, which must stay last.
        let page = Self.page.replacingOccurrences(
            of: "```\n\n[Contents](README.md)\n",
            with:
                "```\n\nSee [a](gone.md) and [b](gone.md).\n\n[Contents](README.md)\n"
        )
        let repository = try fixture(page: page)
        #expect(
            repository.check(evidence()).diagnostics.map(\.description) == [
                "book/02-just.md:19: error: link target 'gone.md' does not exist"
            ])
    }
}

/// Answers with fixed evidence after running `edit`, as a contributor might save a page while
/// the toolchain is still at work.
struct EditingEvidence: EvidenceSource {
    var evidence: Evidence
    var edit: () -> Void

    func gather(_ request: EvidenceRequest, in layout: RepositoryLayout)
        -> Evidence
    {
        edit()
        return evidence
    }
}
