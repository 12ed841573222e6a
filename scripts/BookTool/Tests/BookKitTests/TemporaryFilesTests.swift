import Foundation
import Testing

@testable import BookKit

/// What `sync` refuses to write. (Interrupts: InterruptCleanupTests.)
@Suite struct TemporaryFilesTests {
    @Test func renderingThatChangesAPagesProseIsRefused() {
        let page = BookPage(
            path: "book/02-just.md",
            contents: "# Just\n\n<!-- output: 02-just -->\n```text\n```\n")
        let rendered = TextLines(
            "# Just\n\n<!-- output: 02-just -->\n```text\n```\nNew prose.\n")
        #expect(
            PageRenderer.structureChange(from: page, to: rendered)?.description
                == "book/02-just.md:1: error: sync would change this page's directives or prose, "
                + "not only its generated blocks, so it writes nothing; this is a bug in the book tool"
        )
        let regenerated = TextLines(
            "# Just\n\n<!-- output: 02-just -->\n```text\nnew\n```\n")
        #expect(
            PageRenderer.structureChange(from: page, to: regenerated) == nil)
    }
}

/// The status an interrupt handler exited with, waited for across threads.
