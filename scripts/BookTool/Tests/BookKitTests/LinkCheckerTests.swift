import Testing

@testable import BookKit

@Suite struct LinkCheckerTests {
    @Test func missingRelativeTargetIsReportedAtItsLine() {
        let page = BookPage(
            path: "book/01-protocols.md",
            contents:
                "Intro\nSee [Just](02-just.md#top), [src](../Sources/A.swift) and [gone](03-gone.md).\n"
        )
        let existing: Set<String> = ["book/02-just.md", "Sources/A.swift"]
        let diagnostics = LinkChecker.brokenLinks(in: page) {
            existing.contains($0)
        }
        #expect(diagnostics.map(\.line) == [2])
        #expect(
            diagnostics.first?.message
                == "link target '03-gone.md' does not exist")
    }

    @Test func webLinksAnchorsAndCodeSpansAreSkipped() {
        let page = BookPage(
            path: "book/README.md",
            contents:
                "[a](https://swift.org) [b](#section) `x[0](y)` [c](http://x.org)\n"
        )
        #expect(LinkChecker.brokenLinks(in: page) { _ in false }.isEmpty)
    }

    @Test func linksInsideCodeBlocksAreNotChecked() {
        let page = BookPage(
            path: "book/README.md", contents: "```text\n[a](missing.md)\n```\n")
        #expect(LinkChecker.brokenLinks(in: page) { _ in false }.isEmpty)
    }
}
