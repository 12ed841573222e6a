import Foundation
import Testing

@testable import site_tool

@Suite struct PageConverterTests {
    @Test func noteKeepsOneLabelAndBecomesANamedAside() {
        #expect(
            PageConverter.singleNoteLabel(
                "> **Note: where the original post differs.**")
                == "> Where the original post differs:")
        #expect(
            PageConverter.singleNoteLabel("> An ordinary quote.")
                == "> An ordinary quote.")
    }

    @Test func headingLosesItsBackticksBecauseDocCWouldShowThem() {
        #expect(
            PageConverter.headingWithoutCodeSpans(
                (2, "Ending early: `tryMap`")) == "## Ending early: tryMap")
    }

    @Test func spanInASentenceAboutOpenCombineOrCombineIsTheirs() {
        #expect(
            PageConverter.isAboutAnotherLibrary(
                before: "First. OpenCombine's ", after: " sends them again."))
        #expect(
            PageConverter.isAboutAnotherLibrary(
                before: "As in Combine, ", after: " finishes."))
        #expect(
            !PageConverter.isAboutAnotherLibrary(
                before: "MiniCombine keeps it simple. Our ",
                after: " sends once."))
    }

    @Test func itsAndTheirPointBackToTheSentenceThatNamesTheOwner() {
        let before =
            "OpenCombine takes locks where we do not. "
            + "Its sequence subscription locks around every value. Its "
        #expect(
            PageConverter.isAboutAnotherLibrary(
                before: before, after: " locks too."))
        #expect(
            !PageConverter.isAboutAnotherLibrary(
                before: "Our sink is small. Its ", after: " holds two closures."
            ))
    }

    @Test func aDotInsideACodeNameDoesNotEndTheSentence() {
        #expect(
            PageConverter.isAboutAnotherLibrary(
                before: "OpenCombine returns `Subscribers.Demand`s and its ",
                after: " too."))
    }

    @Test func pagesBeyondTheChaptersFollowTheContentsNotTheFileNames() throws {
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("site-book-\(UUID().uuidString)")
        let book = root.appendingPathComponent("book")
        try FileManager.default.createDirectory(
            at: book, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let pages = [
            "README.md": "# A book\n\nAfterword: [Last words](09-afterword.md)"
                + "\n\nAppendix: [Costs](08-costs.md)\n",
            "08-costs.md": "# Costs\n\nText.\n",
            "09-afterword.md": "# Last words\n\nText.\n",
        ]
        for (name, text) in pages {
            try text.write(
                to: book.appendingPathComponent(name), atomically: true,
                encoding: .utf8)
        }
        #expect(
            try Book(folder: book).pagesBeyond.map(\.slug) == [
                "09-afterword", "08-costs",
            ])
    }
}
