import Dispatch
import Foundation
import Testing

@testable import BookKit

/// What the tool leaves behind when it is interrupted, and what `sync` refuses to write.
@Suite struct TemporaryFilesTests {
    @Test func anInterruptRemovesTemporaryFilesAndExitsWithTheSignalsStatus() throws {
        let repository = try RepositoryFixture([:])
        let page = repository.root.appendingPathComponent("book/.02-just.md.book-tool-test")
        let workspace = repository.root.appendingPathComponent("book-tool-test")
        try repository.write("half a page", to: "book/.02-just.md.book-tool-test")
        try FileManager.default.createDirectory(at: workspace, withIntermediateDirectories: true)
        let registry = TemporaryFiles()
        registry.register(page)
        registry.register(workspace)
        let exited = ExitRecorder()
        registry.removeOnInterrupt { exited.record($0) }
        kill(getpid(), SIGTERM)
        #expect(exited.wait() == 128 + SIGTERM)
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
        #expect(try repository.listing(of: "book") == ["README.md"])
        #expect(!FileManager.default.fileExists(atPath: workspace.path))
    }

    @Test func renderingThatChangesAPagesProseIsRefused() {
        let page = BookPage(
            path: "book/02-just.md", contents: "# Just\n\n<!-- output: 02-just -->\n```text\n```\n")
        let rendered = TextLines("# Just\n\n<!-- output: 02-just -->\n```text\n```\nNew prose.\n")
        #expect(
            PageRenderer.structureChange(from: page, to: rendered)?.description
                == "book/02-just.md:1: error: sync would change this page's directives or prose, "
                + "not only its generated blocks, so it writes nothing; this is a bug in the book tool"
        )
        let regenerated = TextLines("# Just\n\n<!-- output: 02-just -->\n```text\nnew\n```\n")
        #expect(PageRenderer.structureChange(from: page, to: regenerated) == nil)
    }
}

/// The status an interrupt handler exited with, waited for across threads.
private final class ExitRecorder: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var status: Int32?

    func record(_ status: Int32) {
        self.status = status
        done.signal()
    }

    func wait() -> Int32? {
        _ = done.wait(timeout: .now() + 10)
        return status
    }
}
