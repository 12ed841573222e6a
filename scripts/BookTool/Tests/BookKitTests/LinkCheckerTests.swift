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

    @Test func webLinksAndCodeSpansAreSkipped() {
        let page = BookPage(
            path: "book/README.md",
            contents:
                "# Section\n[a](https://swift.org) [b](#section) `x[0](y)` [c](http://x.org)\n"
        )
        #expect(LinkChecker.brokenLinks(in: page) { _ in false }.isEmpty)
    }

    @Test func anAnchorNoHeadingOfItsPageGivesIsReported() {
        let just = BookPage(
            path: "book/02-just.md",
            contents: "# Just\n\n## The final `Just`, at last\n")
        let page = BookPage(
            path: "book/01-protocols.md",
            contents: """
                # Protocols
                ## Demand's rules
                [a](02-just.md#the-final-just-at-last) [b](#demands-rules)
                [c](02-just.md#both-rules-step-by-step)
                [d](#gone)

                """)
        let pages = [just.path: just, page.path: page]
        let diagnostics = LinkChecker.brokenLinks(in: page, pages: pages) {
            _ in true
        }
        #expect(diagnostics.map(\.line) == [4, 5])
        #expect(
            diagnostics.first?.message
                == "link target '02-just.md#both-rules-step-by-step' names no "
                + "heading of book/02-just.md")
    }

    @Test func linksInsideCodeBlocksAreNotChecked() {
        let page = BookPage(
            path: "book/README.md", contents: "```text\n[a](missing.md)\n```\n")
        #expect(LinkChecker.brokenLinks(in: page) { _ in false }.isEmpty)
    }
}
