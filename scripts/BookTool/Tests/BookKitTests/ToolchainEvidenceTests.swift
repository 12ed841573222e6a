import Foundation
import Testing

@testable import BookKit

/// The few tests that run the real compiler, on a two-chapter library.
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

        ```text
        2:18: error: cannot convert value of type 'String' to specified type 'Int'
        ```

        """,
    ]

    @Test func listingsAndChaptersCompileAgainstTheLibraryAsItStandsAtTheirChapter() throws {
        let repository = try RepositoryFixture(Self.files)
        let report = BookSession(root: repository.root).check()
        #expect(
            report.diagnostics.map(\.description) == [
                "Chapters/01-Protocols/main.swift:1: error: the book records no run of "
                    + "01-protocols; add <!-- output: 01-protocols --> and a text block to its chapter",
                "Chapters/01-Protocols/main.swift:3: error: chapter 1 does not build with library folders "
                    + "01…01 alone: cannot find 'Just' in scope",
                "book/01-protocols.md:4: error: cannot find 'Just' in scope",
            ])
    }
}
