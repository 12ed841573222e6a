import Foundation
import Testing

@testable import BookKit

@Suite struct BookSessionTests {
    static let source = """
        public struct Just {
            // snippet.value
            public let value: Int
            // snippet.end
        }

        """

    static let upToDatePage = """
        # Just

        [Contents](README.md)

        *Sources/MiniCombine/02-Just/Just.swift*

        <!-- include: Sources/MiniCombine/02-Just/Just.swift#value -->
        ```swift
        public let value: Int
        ```

        *Output of `swift run 02-just`*

        <!-- output: 02-just -->
        ```text
        received 42
        ```

        [Contents](README.md)

        """

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

    @Test func upToDateBookChecksClean() throws {
        let report = try fixture(page: Self.upToDatePage).check(evidence())
        #expect(report.diagnostics.isEmpty)
        #expect(report.succeeded)
    }

    @Test func staleIncludeIsReportedAtItsBlockAndNamesTheRegion() throws {
        let page = Self.upToDatePage.replacingOccurrences(
            of: "public let value: Int\n```", with: "let old = 0\n```")
        let report = try fixture(page: page).check(evidence())
        #expect(
            report.diagnostics.map(\.description) == [
                "book/02-just.md:8: error: code block is out of date with "
                    + "Sources/MiniCombine/02-Just/Just.swift#value; run scripts/book sync"
            ])
    }

    @Test func staleOutputIsReportedAtItsBlock() throws {
        let report = try fixture(page: Self.upToDatePage).check(
            evidence(output: "received 43\n"))
        #expect(report.diagnostics.map(\.line) == [15])
        #expect(
            report.diagnostics.first?.message.hasPrefix(
                "output block is out of date") == true)
        #expect(report.diagnostics.first?.kind == .staleness)
    }

    static let partPage = """
        # Just

        [Contents](README.md)

        *Sources/MiniCombine/02-Just/Just.swift*

        <!-- include: Sources/MiniCombine/02-Just/Just.swift#value -->
        ```swift
        public let value: Int
        ```

        *Part 2 of the output of `swift run 02-just`*

        <!-- output: 02-just#2 -->
        ```text
        -- second
        b
        ```

        [Contents](README.md)

        """

    @Test func anOutputPartHoldsOnlyTheLinesOfItsGroup() throws {
        let output = "-- first\na\n-- second\nb\n-- third\nc\n"
        let fixture = try fixture(page: Self.partPage)
        #expect(fixture.check(evidence(output: output)).diagnostics.isEmpty)
        let stale = Self.partPage.replacingOccurrences(
            of: "-- second\nb\n", with: "b\n")
        let staleFixture = try self.fixture(page: stale)
        #expect(
            staleFixture.check(evidence(output: output)).diagnostics.map(
                \.line) == [15])
        #expect(staleFixture.sync(evidence(output: output)).succeeded)
        #expect(
            try staleFixture.contents(of: "book/02-just.md") == Self.partPage)
    }

    @Test func anOutputPartBeyondTheLastGroupIsAnErrorAtItsDirective() throws {
        let report = try fixture(page: Self.partPage).check(
            evidence(output: "-- only\na\n"))
        #expect(
            report.diagnostics.map(\.description) == [
                "book/02-just.md:14: error: 02-just prints 1 part "
                    + "(each begins with a line starting '-- '); there is no part 2"
            ])
    }

    @Test func failingProgramIsAnErrorAtItsDirective() throws {
        var evidence = evidence()
        evidence.programRuns["02-just"] = .failure(
            RunFailure("02-just exited with status 1"))
        let report = try fixture(page: Self.upToDatePage).check(evidence)
        #expect(report.diagnostics.map(\.line) == [14])
        #expect(report.diagnostics.first?.kind == .error)
    }

    @Test func chapterProgramWithoutARecordedRunIsReportedAtItsMainFile() throws
    {
        let fixture = try RepositoryFixture([
            "Sources/MiniCombine/02-Just/Just.swift": Self.source,
            "Chapters/02-Just/main.swift": "print(42)\n",
            "Chapters/03-Sink/main.swift": "print(7)\n",
            "book/02-just.md": Self.upToDatePage,
        ])
        #expect(
            fixture.check(evidence()).diagnostics.map(\.description) == [
                "Chapters/03-Sink/main.swift:1: error: the book records no run of 03-sink; "
                    + "add <!-- output: 03-sink --> and a text block to its chapter"
            ])
    }

    @Test func missingFileAndMissingRegionAreReportedAtTheDirective() throws {
        let page = """
            <!-- include: Sources/Nope.swift#value -->
            ```swift
            ```
            <!-- include: Sources/MiniCombine/02-Just/Just.swift#nope -->
            ```swift
            ```
            <!-- include: Sources/MiniCombine/02-Just/Just.swift#value -->
            ```swift
            public let value: Int
            ```

            """
        let report = try fixture(page: page).check(evidence())
        #expect(
            report.diagnostics.filter { $0.kind == .error }.map(\.description)
                == [
                    "book/02-just.md:1: error: included file Sources/Nope.swift does not exist",
                    "book/02-just.md:4: error: Sources/MiniCombine/02-Just/Just.swift has no region 'nope'",
                ])
    }

    @Test func regionThatNoPageIncludesIsReportedAtItsMarker() throws {
        let repository = try fixture(
            page: "# Nothing included\n\n[Contents](README.md)\n")
        let report = repository.check(evidence())
        #expect(
            report.diagnostics.map(\.description) == [
                "Sources/MiniCombine/02-Just/Just.swift:2: error: region 'value' is not included by any Markdown file"
            ])
    }

    @Test func syncRewritesStaleBlocksAndASecondSyncChangesNothing() throws {
        let stale = Self.upToDatePage
            .replacingOccurrences(
                of: "public let value: Int\n```", with: "let old = 0\n```"
            )
            .replacingOccurrences(of: "received 42", with: "")
        let repository = try fixture(page: stale)
        let first = repository.sync(evidence())
        #expect(first.succeeded)
        #expect(first.updatedFiles == ["book/02-just.md"])
        #expect(
            try repository.contents(of: "book/02-just.md") == Self.upToDatePage)
        let second = repository.sync(evidence())
        #expect(second.updatedFiles.isEmpty)
        #expect(
            try repository.contents(of: "book/02-just.md") == Self.upToDatePage)
    }

    @Test func syncWritesNothingWhenAnyPageHasAnError() throws {
        let stale = Self.upToDatePage.replacingOccurrences(
            of: "public let value: Int\n```", with: "let old = 0\n```")
        let repository = try fixture(page: stale)
        let broken = "See [missing](missing.md).\n"
        try repository.write(broken, to: "book/03-sink.md")
        try repository.write(
            RepositoryFixture.toolchainPage
                + RepositoryFixture.contents(of: [
                    "book/02-just.md", "book/03-sink.md",
                ]),
            to: "book/README.md")
        let report = repository.sync(evidence())
        #expect(!report.succeeded)
        #expect(report.updatedFiles.isEmpty)
        #expect(
            report.diagnostics.map(\.description) == [
                "book/03-sink.md:1: error: link target 'missing.md' does not exist"
            ])
        #expect(try repository.contents(of: "book/02-just.md") == stale)
        let leftovers = try FileManager.default.contentsOfDirectory(
            atPath: repository.root.appendingPathComponent("book").path)
        #expect(
            leftovers.sorted() == ["02-just.md", "03-sink.md", "README.md"])
    }

    @Test func syncRecordsMissingErrorsOfAFailsListing() throws {
        let page = "<!-- fails -->\n```swift\nlet a: Int = \"\"\n```\n"
        let repository = try RepositoryFixture(["book/notes.md": page])
        var evidence = Evidence(toolchainVersion: "Swift version 6.3.1")
        evidence.listingMessages[ListingID(path: "book/notes.md", line: 1)] = [
            CompilerMessage(
                file: "main.swift", line: 1, column: 14, severity: .error,
                message: "bad"),
            CompilerMessage(
                file: "main.swift", line: 1, column: 1, severity: .note,
                message: "ignored"),
        ]
        #expect(
            repository.check(evidence).diagnostics.map(\.kind) == [.staleness])
        #expect(repository.sync(evidence).updatedFiles == ["book/notes.md"])
        #expect(
            try repository.contents(of: "book/notes.md") == page
                + "\n*Compiler error*\n\n```text\n1:14: error: bad\n```\n")
        #expect(repository.check(evidence).succeeded)
    }

    @Test func compilesListingDiagnosticIsReportedAtTheMarkdownLineItPointsAt()
        throws
    {
        let page =
            "Intro\n\n<!-- compiles -->\n```swift\nlet a = 1\nlet b: Sink = 2\n```\n"
        let repository = try RepositoryFixture(["book/notes.md": page])
        var evidence = Evidence(toolchainVersion: "Swift version 6.3.1")
        evidence.listingMessages[ListingID(path: "book/notes.md", line: 3)] = [
            CompilerMessage(
                file: "main.swift", line: 2, column: 8, severity: .error,
                message: "cannot find type 'Sink'")
        ]
        let report = repository.check(evidence)
        #expect(
            report.diagnostics.map(\.description) == [
                "book/notes.md:6: error: cannot find type 'Sink'"
            ])
    }

    @Test
    func
        differentToolchainPrintsOneNoteAndHintsAtMismatchesWithoutFailingForItAlone()
        throws
    {
        let readme =
            "<!-- toolchain -->\n```text\nSwift version 6.0\n```\n"
            + RepositoryFixture.contents(of: ["book/02-just.md"])
        let repository = try fixture(page: Self.upToDatePage)
        try repository.write(readme, to: "book/README.md")
        let clean = repository.check(evidence())
        #expect(clean.succeeded)
        #expect(
            clean.notes == [
                "This book was recorded with Swift version 6.0; you are running Swift version 6.3.1. "
                    + "Compiler messages and outputs below may differ because of that; "
                    + "`scripts/book sync` re-records them."
            ])
        let mismatch = repository.check(evidence(output: "other\n"))
        #expect(
            mismatch.diagnostics.first?.message.contains("toolchain difference")
                == true)
        #expect(repository.sync(evidence()).updatedFiles == ["book/README.md"])
        #expect(
            try repository.contents(of: "book/README.md").contains(
                "Swift version 6.3.1"))
        #expect(repository.check(evidence()).notes.isEmpty)
    }
}

@Suite struct NumberedFolderTests {
    @Test func productNameHyphenatesEachWordOfTheFolderName() {
        let names = [
            "01-Protocols", "05-OperatorInner", "06-TypesChart",
            "07-ReduceLatest3",
        ].map {
            NumberedFolder(number: 0, path: "Chapters/\($0)", swiftFiles: [])
                .productName
        }
        #expect(
            names == [
                "01-protocols", "05-operator-inner", "06-types-chart",
                "07-reduce-latest3",
            ])
    }
}

@Suite struct UnreadableFileTests {
    private func evidence() -> Evidence {
        var evidence = Evidence(toolchainVersion: "Swift version 6.3.1")
        evidence.programRuns["02-just"] = .success(
            "received 42\n")
        return evidence
    }

    @Test func crlfPageIsAnErrorAtItsFirstLineAndItsBlocksAreStillChecked()
        throws
    {
        let stale = BookSessionTests.upToDatePage.replacingOccurrences(
            of: "public let value: Int\n```", with: "let old = 0\n```")
        let repository = try RepositoryFixture([
            "Sources/MiniCombine/02-Just/Just.swift": BookSessionTests.source,
            "book/02-just.md": stale.replacingOccurrences(
                of: "\n", with: "\r\n"),
        ])
        let report = repository.check(evidence())
        #expect(
            report.diagnostics.map(\.description) == [
                "book/02-just.md:1: error: uses CRLF line endings; convert it to LF",
                "book/02-just.md:8: error: code block is out of date with "
                    + "Sources/MiniCombine/02-Just/Just.swift#value; run scripts/book sync",
            ])
        #expect(repository.sync(evidence()).updatedFiles.isEmpty)
    }

    @Test func crlfSwiftFileIsAnErrorAtItsFirstLine() throws {
        let repository = try RepositoryFixture([
            "Sources/MiniCombine/02-Just/Just.swift": BookSessionTests.source
                .replacingOccurrences(of: "\n", with: "\r\n"),
            "book/02-just.md": BookSessionTests.upToDatePage,
        ])
        #expect(
            repository.check(evidence()).diagnostics.map(\.description) == [
                "Sources/MiniCombine/02-Just/Just.swift:1: error: uses CRLF line endings; "
                    + "convert it to LF"
            ])
    }

    @Test func pageThatIsNotUTF8IsAnErrorAtItsFirstLine() throws {
        let repository = try RepositoryFixture([:])
        try repository.write(
            Data([0x3C, 0x21, 0xFF, 0xFE, 0x0A]), to: "book/02-just.md")
        let report = repository.check(evidence())
        #expect(
            report.diagnostics.map(\.description) == [
                "book/02-just.md:1: error: cannot be read: this line is not valid UTF-8 text"
            ])
    }

    @Test
    func swiftFileThatIsNotUTF8IsAnErrorAtItsFirstLineAndNotAMissingRegion()
        throws
    {
        let repository = try RepositoryFixture([
            "book/02-just.md": BookSessionTests.upToDatePage
        ])
        try repository.write(
            Data([0x2F, 0x2F, 0xC3, 0x28, 0x0A]),
            to: "Sources/MiniCombine/02-Just/Just.swift")
        #expect(
            repository.check(evidence()).diagnostics.map(\.description) == [
                "Sources/MiniCombine/02-Just/Just.swift:1: error: cannot be read: "
                    + "this line is not valid UTF-8 text"
            ])
    }
}

@Suite struct BookWideChecksTests {
    private let evidence = Evidence(toolchainVersion: "Swift version 6.3.1")

    @Test func bookWithoutAToolchainBlockFailsAtItsReadme() throws {
        let repository = try RepositoryFixture([
            "book/README.md": "# The book\n"
        ])
        #expect(
            repository.check(evidence).diagnostics.map(\.description) == [
                "book/README.md:1: error: the book has no '<!-- toolchain -->' block; add exactly "
                    + "one, above a ```text block, to record the first line of `swift --version`"
            ])
    }

    @Test func bookWithTwoToolchainBlocksFailsAtEachNamingBoth() throws {
        let repository = try RepositoryFixture([
            "book/02-just.md": "Intro\n\n" + RepositoryFixture.toolchainPage
        ])
        let expected =
            "error: the book must have exactly one '<!-- toolchain -->' block, but has 2: "
            + "book/02-just.md:3, book/README.md:1"
        #expect(
            repository.check(evidence).diagnostics.map(\.description) == [
                "book/02-just.md:3: " + expected,
                "book/README.md:1: " + expected,
            ])
    }

    @Test
    func unrecordedProgramIsReportedAtMainSwiftEvenIfAnotherFileSortsFirst()
        throws
    {
        let repository = try RepositoryFixture([
            "Chapters/05-Relay/Relay.swift": "struct Relay {}\n",
            "Chapters/05-Relay/main.swift": "print(Relay())\n",
        ])
        #expect(
            repository.check(evidence).diagnostics.map(\.path) == [
                "Chapters/05-Relay/main.swift"
            ])
    }

    @Test
    func failsListingWhoseErrorHasNoLocationIsAnErrorAndNothingIsRecorded()
        throws
    {
        let page = "<!-- fails -->\n```swift\nlet a: Int = \"\"\n```\n"
        let repository = try RepositoryFixture(["book/notes.md": page])
        var evidence = evidence
        evidence.listingMessages[ListingID(path: "book/notes.md", line: 1)] = [
            CompilerMessage(
                file: nil, line: nil, column: nil, severity: .error,
                message: "unable to load standard library")
        ]
        let report = repository.sync(evidence)
        #expect(
            report.diagnostics.map(\.description) == [
                "book/notes.md:1: error: the compiler failed without pointing at a line of this "
                    + "'fails' listing, so there is nothing to record: unable to load standard library"
            ])
        #expect(try repository.contents(of: "book/notes.md") == page)
    }

    @Test func requestHasEachListingsSourceAndChapterAndEachOutput() {
        let chapter = BookPage(
            path: "book/03-sink.md",
            contents:
                "<!-- compiles -->\n```swift\nlet a = 1\n\nlet b = 2\n```\n"
                + "<!-- output: 03-sink -->\n```text\n```\n")
        let readme = BookPage(
            path: "book/README.md",
            contents: "Intro\n<!-- fails -->\n```Swift\nlet c = 3\n```\n")
        let request = BookSession.request(for: [chapter, readme])
        #expect(
            request.listings == [
                ListingRequest(
                    id: ListingID(path: "book/03-sink.md", line: 1),
                    source: "let a = 1\n\nlet b = 2\n", chapter: 3),
                ListingRequest(
                    id: ListingID(path: "book/README.md", line: 2),
                    source: "let c = 3\n",
                    chapter: nil),
            ])
        #expect(
            request.outputs == [
                OutputRequest(
                    product: "03-sink",
                    id: ListingID(path: "book/03-sink.md", line: 7))
            ])
    }
}

@Suite struct SyncWritingTests {
    private func evidence() -> Evidence {
        var evidence = Evidence(toolchainVersion: "Swift version 6.3.1")
        evidence.programRuns["02-just"] = .success(
            "received 42\n")
        evidence.programRuns["03-sink"] = .success(
            "received 42\n")
        return evidence
    }

    private var stalePage: String {
        BookSessionTests.upToDatePage.replacingOccurrences(
            of: "public let value: Int\n```", with: "let old = 0\n```")
    }

    private func fixture() throws -> RepositoryFixture {
        try RepositoryFixture([
            "Sources/MiniCombine/02-Just/Just.swift": BookSessionTests.source,
            "book/02-just.md": stalePage,
            "book/03-sink.md": stalePage.replacingOccurrences(
                of: "02-just", with: "03-sink"),
        ])
    }

    @Test func failingToWriteOnePageWritesNoPageAndLeavesNoTemporaryFiles()
        throws
    {
        let repository = try fixture()
        var writer = AtomicFileWriter()
        writer.writeData = { data, url in
            guard !url.lastPathComponent.hasPrefix(".03-sink.md") else {
                throw CocoaError(.fileWriteOutOfSpace)
            }
            try data.write(to: url)
        }
        let report = repository.sync(evidence(), writer: writer)
        #expect(!report.succeeded)
        #expect(report.updatedFiles.isEmpty)
        #expect(report.diagnostics.map(\.path) == ["book/03-sink.md"])
        #expect(report.summary == "sync: failed with 1 error; wrote nothing")
        #expect(try repository.contents(of: "book/02-just.md") == stalePage)
        #expect(
            try repository.listing(of: "book") == [
                "02-just.md", "03-sink.md", "README.md",
            ])
    }

    @Test func syncKeepsThePagesPermissions() throws {
        let repository = try fixture()
        let path = repository.root.appendingPathComponent("book/02-just.md")
            .path
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o640], ofItemAtPath: path)
        #expect(
            repository.sync(evidence()).updatedFiles.contains("book/02-just.md")
        )
        let permissions = try FileManager.default.attributesOfItem(
            atPath: path)[.posixPermissions]
        #expect(permissions as? Int == 0o640)
    }

    @Test func syncWritesThroughASymbolicLinkAndKeepsTheLink() throws {
        let repository = try fixture()
        try repository.write(stalePage, to: "drafts/just.md")
        let link = repository.root.appendingPathComponent("book/02-just.md")
            .path
        try FileManager.default.removeItem(atPath: link)
        try FileManager.default.createSymbolicLink(
            atPath: link, withDestinationPath: "../drafts/just.md")
        #expect(
            repository.sync(evidence()).updatedFiles.contains("book/02-just.md")
        )
        #expect(
            try FileManager.default.destinationOfSymbolicLink(atPath: link)
                == "../drafts/just.md")
        let linkedToChapter3 = BookSessionTests.upToDatePage
            .replacingOccurrences(
                of: "[Contents](README.md)",
                with: "[Contents](README.md) · [Just →](03-sink.md)")
        #expect(
            try repository.contents(of: "drafts/just.md") == linkedToChapter3)
        #expect(try repository.listing(of: "drafts") == ["just.md"])
    }
}

@Suite struct AtomicFileWriterTests {
    @Test func temporaryFileIsRemovedWhenWritingItFails() throws {
        let repository = try RepositoryFixture(["book/page.md": "old\n"])
        var writer = AtomicFileWriter()
        writer.writeData = { data, url in
            try data.prefix(1).write(to: url)
            throw CocoaError(.fileWriteOutOfSpace)
        }
        let outcome = writer.replace([
            AtomicFileWriter.Replacement(
                url: repository.root.appendingPathComponent("book/page.md"),
                text: "new\n")
        ])
        #expect(outcome.replaced.isEmpty)
        #expect(outcome.failures.keys.sorted() == [0])
        #expect(try repository.listing(of: "book") == ["README.md", "page.md"])
        #expect(try repository.contents(of: "book/page.md") == "old\n")
    }
}
