import Foundation
import Testing

@testable import BookKit

/// `<!-- measurement: COMMAND -->` blocks, as in the appendix that has no chapter program.
@Suite struct MeasurementTests {
    static let table = """
        Benchmark  MiniCombine
        Just          1000

        Measured by scripts/benchmark on 2026-11-22: 2 cores, some processor,
        """

    /// An appendix page whose measurement block holds `block`.
    static func appendix(block: String) -> String {
        """
        # What does a pipeline cost?

        [Contents](README.md)

        <!-- measurement: scripts/benchmark -->
        ```text
        \(block)
        ```

        [Contents](README.md)

        """
    }

    private func fixture(block: String) throws -> RepositoryFixture {
        try RepositoryFixture([
            "book/08-what-does-a-pipeline-cost.md": Self.appendix(block: block)
        ])
    }

    private let evidence = Evidence(toolchainVersion: "Swift version 6.3.1")

    @Test func signedMeasurementOnAPageWithoutAChapterProgramChecksClean()
        throws
    {
        let repository = try fixture(block: Self.table)
        let report = repository.check(evidence)
        #expect(report.diagnostics.isEmpty)
        #expect(report.succeeded)
        #expect(repository.sync(evidence).updatedFiles.isEmpty)
    }

    @Test func measurementIsNeverComparedWithAnything() throws {
        let other = Self.table.replacingOccurrences(of: "1000", with: "1234")
        #expect(try fixture(block: other).check(evidence).succeeded)
    }

    @Test func emptyMeasurementIsAnErrorAtItsDirective() throws {
        let report = try fixture(block: "").check(evidence)
        #expect(
            report.diagnostics.map(\.description) == [
                "book/08-what-does-a-pipeline-cost.md:5: error: the measurement block is empty; "
                    + "scripts/benchmark fills it"
            ])
    }

    @Test func measurementThatDoesNotNameItsCommandIsAnError() throws {
        let unsigned = Self.table.replacingOccurrences(
            of: "scripts/benchmark", with: "my laptop")
        let repository = try fixture(block: unsigned)
        let report = repository.check(evidence)
        #expect(report.diagnostics.map(\.line) == [5])
        #expect(
            report.diagnostics.first?.message.contains(
                "does not say that scripts/benchmark made it") == true)
        #expect(repository.sync(evidence).updatedFiles.isEmpty)
    }

    @Test func measurementNeedsATextBlock() {
        let page = BookPage(
            path: "book/08-cost.md",
            contents:
                "<!-- measurement: scripts/benchmark -->\n```swift\nlet a = 1\n```\n"
        )
        #expect(
            page.diagnostics.map(\.message) == [
                "directive '<!-- measurement: scripts/benchmark -->' needs a ```text block, "
                    + "not a ```swift block"
            ])
    }

    // `record`: how scripts/benchmark writes its table into the page.

    private func record(_ text: String, in repository: RepositoryFixture)
        -> BookReport
    {
        BookSession(root: repository.root).record(
            text, by: "scripts/benchmark",
            in: "book/08-what-does-a-pipeline-cost.md")
    }

    @Test func recordReplacesOnlyTheMeasurementBlock() throws {
        let repository = try fixture(block: "old table")
        let report = record(Self.table + "\n", in: repository)
        #expect(report.diagnostics.isEmpty)
        #expect(report.updatedFiles == ["book/08-what-does-a-pipeline-cost.md"])
        #expect(
            try repository.contents(of: "book/08-what-does-a-pipeline-cost.md")
                == Self.appendix(block: Self.table))
        #expect(
            try repository.listing(of: "book") == [
                "08-what-does-a-pipeline-cost.md", "README.md",
            ])
    }

    @Test func recordRefusesAPageWithoutTheCommandsBlock() throws {
        let repository = try fixture(block: "old table")
        let report = BookSession(root: repository.root).record(
            Self.table, by: "scripts/other",
            in: "book/08-what-does-a-pipeline-cost.md")
        #expect(
            report.diagnostics.map(\.description) == [
                "book/08-what-does-a-pipeline-cost.md:1: error: the page must have exactly one "
                    + "'<!-- measurement: scripts/other -->' block, but has 0; nothing was written"
            ])
        #expect(
            try repository.contents(of: "book/08-what-does-a-pipeline-cost.md")
                == Self.appendix(block: "old table"))
    }

    @Test func recordRefusesAMeasurementThatWouldCloseItsBlockEarly() throws {
        let repository = try fixture(block: "old table")
        let report = record("first line\n```\nlast line", in: repository)
        #expect(
            report.diagnostics.map(\.description) == [
                "book/08-what-does-a-pipeline-cost.md:5: error: the measurement holds a line that "
                    + "would end its block early; nothing was written"
            ])
        #expect(
            try repository.contents(of: "book/08-what-does-a-pipeline-cost.md")
                == Self.appendix(block: "old table"))
    }

    @Test func recordRefusesAPageWithStructuralErrors() throws {
        let repository = try RepositoryFixture([
            "book/08-what-does-a-pipeline-cost.md": Self.appendix(block: "old")
                + "```swift\n"
        ])
        let report = record(Self.table, in: repository)
        #expect(report.diagnostics.map(\.line) == [11])
        #expect(report.updatedFiles.isEmpty)
    }
}
