import Foundation
import Testing

@testable import BookKit

/// The few tests that run the real compiler, on a two-chapter library.
///
/// Chapter 2's listings and program fail only in SIL diagnostics (a missing return, a data race,
/// a constant used before it is set), which `swiftc -typecheck` never reports.
@Suite struct ToolchainEvidenceTests {
    static let files = [
        "Sources/MiniCombine/01-Protocols/Publisher.swift":
            "/// Produces values.\npublic protocol Publisher {}\n",
        "Sources/MiniCombine/02-Just/Just.swift":
            "/// Publishes one value.\npublic struct Just: Publisher {\n    public init() {}\n}\n",
        "Chapters/01-Protocols/main.swift":
            "import MiniCombine\n\nlet just = Just()\nprint(just)\n",
        "book/01-protocols.md": """
        <!-- compiles -->
        ```swift
        struct Empty: Publisher {}
        let unused = Just()
        ```

        <!-- fails -->
        ```swift
        struct Empty: Publisher {}
        let value: Int = "one"
        ```

        *Compiler error*

        ```text
        2:18: error: cannot convert value of type 'String' to specified type 'Int'
        ```

        """,
        "book/02-just.md": """
        <!-- fails -->
        ```swift
        func answer() -> Int {
        }
        ```

        *Compiler error*

        ```text
        2:1: error: missing return in global function expected to return 'Int'
        ```

        <!-- fails -->
        ```swift
        final class Box { var value = 0 }
        func race() async {
            let box = Box()
            Task { box.value += 1 }
            print(box.value)
        }
        ```

        *Compiler error*

        ```text
        4:5: error: sending value of non-Sendable type '() async -> ()' risks causing
            data races [#SendingRisksDataRace]
        ```

        <!-- compiles -->
        ```swift
        let late: Int
        print(late)
        ```

        """,
        "Chapters/02-Just/main.swift":
            "import MiniCombine\n\nfunc count() -> Int {\n}\n",
    ]

    /// The files, with the book recorded by the running toolchain.
    static func repository() throws -> RepositoryFixture {
        var files = files
        files["book/README.md"] =
            RepositoryFixture.toolchainPage.replacingOccurrences(
                of: "Swift version 6.3.1",
                with: ToolchainEvidenceSource.toolchainVersion())
            + RepositoryFixture.contents(of: Array(files.keys))
        return try RepositoryFixture(files)
    }

    @Test func oneSyntaxErrorInTheLibraryIsReportedOnceAndNothingElse() throws {
        let repository = try Self.repository()
        try repository.write(
            "/// Produces values.\npublic protocol Publisher {\n",
            to: "Sources/MiniCombine/01-Protocols/Publisher.swift")
        try repository.write(
            Self.files["book/01-protocols.md"]!
                + "*Output of `swift run 01-protocols`*\n\n<!-- output: 01-protocols -->\n"
                + "```text\n```\n",
            to: "book/01-protocols.md")
        try repository.write(
            Self.files["book/02-just.md"]!
                + "*Output of `swift run 02-just`*\n\n<!-- output: 02-just -->\n```text\n```\n",
            to: "book/02-just.md")
        let report = BookSession(root: repository.root).check()
        #expect(
            report.diagnostics.map(\.description) == [
                "Sources/MiniCombine/01-Protocols/Publisher.swift:3: error: chapter 1 does not "
                    + "build with library folders 01…01 alone: expected declaration",
                "Sources/MiniCombine/01-Protocols/Publisher.swift:3: error: chapter 1 does not "
                    + "build with library folders 01…01 alone: expected '}' in protocol",
            ])
    }

    @Test
    func listingsAndChaptersCompileAgainstTheLibraryAsItStandsAtTheirChapter()
        throws
    {
        let repository = try Self.repository()
        let report = BookSession(root: repository.root).check()
        #expect(
            report.diagnostics.map(\.description) == [
                "Chapters/01-Protocols/main.swift:1: error: the book records no run of "
                    + "01-protocols; add <!-- output: 01-protocols --> and a text block to its chapter",
                "Chapters/01-Protocols/main.swift:3: error: chapter 1 does not build with library folders "
                    + "01…01 alone: cannot find 'Just' in scope",
                "Chapters/02-Just/main.swift:1: error: the book records no run of "
                    + "02-just; add <!-- output: 02-just --> and a text block to its chapter",
                "Chapters/02-Just/main.swift:4: error: chapter 2 does not build with library folders "
                    + "01…02 alone: missing return in global function expected to return 'Int'",
                "book/01-protocols.md:4: error: cannot find 'Just' in scope",
                "book/02-just.md:33: error: constant 'late' used before being initialized",
            ])
    }

    /// What the real toolchain says of `CheckpointTests.page`, with `stub` as the temporary
    /// block's declaration.
    static func checkpointEvidence(
        stub: String = "public func open() -> String { \"stub\" }"
    ) throws -> (
        repository: RepositoryFixture, page: String, evidence: Evidence
    ) {
        let page = CheckpointTests.page.replacingOccurrences(
            of: "public func open() -> String { \"stub\" }", with: stub)
        let repository = try CheckpointTests.fixture(page: page)
        let evidence = try CheckpointFixture.toolchainEvidence(in: repository)
        return (repository, page, evidence)
    }

    @Test func aCheckpointRunsTheFilesAsTheReaderHasThemAndTheStubClashes()
        throws
    {
        let (repository, _, evidence) = try Self.checkpointEvidence()
        #expect(evidence.buildDiagnostics.isEmpty)
        #expect(
            evidence.checkpoints[CheckpointTests.id("<!-- checkpoint:")]
                == .ran(.success("-- first\nstub\n")))
        let messages =
            evidence.replacementMessages[CheckpointTests.id("<!-- temporary:")]
            ?? []
        #expect(
            messages.map { "\($0.file ?? ""):\($0.line ?? 0): \($0.message)" }
                .filter {
                    $0.contains("redeclaration") || $0.contains("previously")
                } == [
                    "\(CheckpointTests.boxPath):16: invalid redeclaration of 'open()'",
                    "\(CheckpointTests.boxPath):11: 'open()' previously declared here",
                ])
        // With the real evidence, the page as sync leaves it is up to date.
        var all = evidence
        all.toolchainVersion = "Swift version 6.3.1"
        all.programRuns["01-protocols"] = .success(
            "-- first\nopen\n-- second\nopen\n")
        #expect(repository.check(all).diagnostics.map(\.description) == [])
    }

    @Test func aStubWithAnotherSignatureClashesWithNothingAndBreaksTheBuild()
        throws
    {
        let (repository, page, evidence) = try Self.checkpointEvidence(
            stub: "public func open(_ lid: Int) -> String { \"stub\" }")
        var all = evidence
        all.toolchainVersion = "Swift version 6.3.1"
        all.programRuns["01-protocols"] = .success(
            "-- first\nopen\n-- second\nopen\n")
        let stub = CheckpointTests.line(of: "func open(_ lid", in: page)
        let call = CheckpointTests.line(of: "print(Box().open())", in: page)
        let checkpoint = CheckpointTests.line(of: "<!-- checkpoint:", in: page)
        #expect(
            repository.check(all).diagnostics.filter { $0.kind == .error }.map(
                \.description) == [
                    "book/01-protocols.md:\(stub): error: no declaration of the complete "
                        + "\(CheckpointTests.boxPath) has this temporary declaration's signature, "
                        + "so no later listing replaces it; declare it exactly as the listing that "
                        + "replaces it does",
                    "book/01-protocols.md:\(call): error: the files as they stand at the "
                        + "checkpoint on line \(checkpoint) do not build: missing argument for "
                        + "parameter #1 in call",
                ])
    }
}

/// The real toolchain on `ReplacedStubTests.page`: two checkpoints, and a listing between them
/// that replaces one of the block's two stubs.
@Suite struct ReplacedStubToolchainTests {
    @Test func theSecondCheckpointBuildsWithoutTheReplacedStub() throws {
        let page = ReplacedStubTests.page
        let repository = try ReplacedStubTests.fixture()
        let evidence = try CheckpointFixture.toolchainEvidence(in: repository)
        #expect(evidence.buildDiagnostics.isEmpty)
        #expect(
            evidence.checkpoints[ReplacedStubTests.id("<!-- checkpoint:", 1)]
                == .ran(.success("stub stub\n")))
        // With the stub `open()` left in, this build fails: invalid redeclaration.
        #expect(
            evidence.checkpoints[ReplacedStubTests.id("<!-- checkpoint:", 2)]
                == .ran(.success("open stub\n")))
        #expect(
            (evidence.replacementMessages[
                ReplacedStubTests.id("<!-- temporary:", in: page)] ?? []).filter
            {
                $0.message.contains("redeclaration")
                    || $0.message.contains("previously")
            } == ReplacedStubTests.replacementMessages)
        var all = evidence
        all.toolchainVersion = "Swift version 6.3.1"
        all.programRuns["01-protocols"] = .success("open close\n")
        #expect(repository.check(all).diagnostics.map(\.description) == [])
    }
}
