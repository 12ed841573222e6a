import Foundation
import Testing

@testable import site_tool

@Suite struct CatalogTests {
    @Test func noteKeepsOneLabelAndBecomesANamedAside() {
        #expect(
            Catalog.singleNoteLabel(
                "> **Note: where the original post differs.**")
                == "> Where the original post differs:")
        #expect(
            Catalog.singleNoteLabel("> An ordinary quote.")
                == "> An ordinary quote.")
    }

    @Test func headingLosesItsBackticksBecauseDocCWouldShowThem() throws {
        let (book, cleanUp) = try makeBook([
            "01-start.md": "# Start\n\n## Ending early: `tryMap`\n"
        ])
        defer { cleanUp() }
        let catalog = Catalog(book: book, symbols: SymbolIndex(symbols: []))
        #expect(
            catalog.convert(book.chapters[0]).lines == [
                "# Start", "", "## Ending early: tryMap",
            ])
    }

    @Test func convertLinksSymbolsOncePerSectionAndRewritesLinks() throws {
        let page = """
            # Start

            [Contents](README.md) · [Ends →](02-ends.md)

            <!-- a note for whoever edits this page -->
            `Just` waits, and `Just`'s value waits. See [`Just`](02-ends.md).
            In Combine, `receive(_:)` is the same. Our `receive(_:)` is not.
            [Why](02-ends.md#why-it-ends) · ![A picture](figures/a.svg)

            ## Again

            `Just` and `Subscribers.Demand`.
            """
        let (book, cleanUp) = try makeBook([
            "01-start.md": page, "02-ends.md": "# Ends\n\n## Why it ends\n",
        ])
        defer { cleanUp() }
        let symbols = SymbolIndex(symbols: [
            .init(path: ["Just"], kind: "swift.struct"),
            .init(path: ["Subscribers", "Demand"], kind: "swift.struct"),
            .init(path: ["Sink", "receive(_:)"], kind: "swift.method"),
            .init(path: ["Subscriber"], kind: "swift.protocol"),
            .init(path: ["Subscriber", "receive(_:)"], kind: "swift.method"),
        ])
        let (lines, mentions) = Catalog(book: book, symbols: symbols)
            .convert(book.chapters[0])
        #expect(
            lines == [
                "# Start", "", "",
                "``Just`` waits, and `Just`’s value waits. "
                    + "See [`Just`](<doc:02-ends>).",
                "In Combine, `receive(_:)` is the same. Our "
                    + "[`receive(_:)`](<doc:Subscriber/receive(_:)>) is not.",
                "[Why](<doc:02-ends#Why-it-ends>) · ![A picture](a.svg)", "",
                "## Again", "",
                "``Just`` and ``Subscribers/Demand``.",
            ])
        #expect(
            mentions.map(\.linkPath).sorted() == [
                "Just", "Subscriber/receive(_:)", "Subscribers/Demand",
            ])
    }

    @Test func aLinkToAHeadingWithAnUnderscoreFindsItsHeading() throws {
        // GitHub keeps `_` in an anchor: `receive(_:)` gives `receive_`.
        let page = """
            # Start

            [Nested](02-ends.md#sending-from-inside-receive_)
            """
        let (book, cleanUp) = try makeBook([
            "01-start.md": page,
            "02-ends.md": "# Ends\n\n## Sending from inside `receive(_:)`\n",
        ])
        defer { cleanUp() }
        let catalog = Catalog(book: book, symbols: SymbolIndex(symbols: []))
        #expect(
            catalog.convert(book.chapters[0]).lines.last
                == "[Nested](<doc:02-ends#Sending-from-inside-receive(_:)>)")
    }

    @Test func aLinkToARepositoryFileKeepsItsTextWithoutARepositoryURL() throws
    {
        let page = """
            # Start

            The code is in [`Sources/A/`](../Sources/A/), and [B](02-ends.md).
            """
        let (book, cleanUp) = try makeBook([
            "01-start.md": page, "02-ends.md": "# Ends\n",
        ])
        defer { cleanUp() }
        let local = Catalog(book: book, symbols: SymbolIndex(symbols: []))
        #expect(
            local.convert(book.chapters[0]).lines.last
                == "The code is in `Sources/A/`, and [B](<doc:02-ends>).")
        var published = local
        published.repositoryURL = "https://example.com/blob/main"
        #expect(
            published.convert(book.chapters[0]).lines.last
                == "The code is in [`Sources/A/`](https://example.com/blob/main"
                + "/Sources/A), and [B](<doc:02-ends>).")
    }

    @Test func aSentenceThatBeginsWithALinkOnItsOwnLineIsNotNavigation() throws
    {
        let page = """
            # Start

            [← Ends](02-ends.md) · [Contents](README.md)

            [Ends](02-ends.md#why-it-ends)
            says why.
            """
        let (book, cleanUp) = try makeBook([
            "01-start.md": page, "02-ends.md": "# Ends\n\n## Why it ends\n",
        ])
        defer { cleanUp() }
        let catalog = Catalog(book: book, symbols: SymbolIndex(symbols: []))
        #expect(
            catalog.convert(book.chapters[0]).lines == [
                "# Start", "", "", "[Ends](<doc:02-ends#Why-it-ends>)",
                "says why.",
            ])
    }

    @Test func aCheckpointAndItsStubLoseTheirDirectivesAndKeepTheirCaptions()
        throws
    {
        let page = """
            # Start

            *For now, add to Sources/A.swift; a later listing replaces it*

            <!-- temporary: Sources/A.swift -->
            ```swift
            func stub() {}
            ```

            *Output of `swift run 01-start` at this point*

            <!-- checkpoint: 01-start -->
            ```text
            halfway
            ```
            """
        let (book, cleanUp) = try makeBook(["01-start.md": page])
        defer { cleanUp() }
        let catalog = Catalog(book: book, symbols: SymbolIndex(symbols: []))
        #expect(
            catalog.convert(book.chapters[0]).lines == [
                "# Start", "",
                "*For now, add to Sources/A.swift; a later listing replaces it*",
                "", "```swift", "func stub() {}", "```", "",
                "*Output of `swift run 01-start` at this point*", "",
                "```text", "halfway", "```",
            ])
    }

    @Test func spanInASentenceAboutOpenCombineOrCombineIsTheirs() {
        #expect(
            Catalog.isAboutAnotherLibrary(
                before: "First. OpenCombine's ", after: " sends them again."))
        #expect(
            Catalog.isAboutAnotherLibrary(
                before: "As in Combine, ", after: " finishes."))
        #expect(
            !Catalog.isAboutAnotherLibrary(
                before: "MiniCombine keeps it simple. Our ",
                after: " sends once."))
    }

    @Test func itsAndTheirPointBackToTheSentenceThatNamesTheOwner() {
        let before =
            "OpenCombine takes locks where we do not. "
            + "Its sequence subscription locks around every value. Its "
        #expect(
            Catalog.isAboutAnotherLibrary(
                before: before, after: " locks too."))
        #expect(
            !Catalog.isAboutAnotherLibrary(
                before: "Our sink is small. Its ", after: " holds two closures."
            ))
    }

    @Test func aDotInsideACodeNameDoesNotEndTheSentence() {
        #expect(
            Catalog.isAboutAnotherLibrary(
                before: "OpenCombine returns `Subscribers.Demand`s and its ",
                after: " too."))
    }

    @Test func catalogListsThePagesAndSaysWhereEachTypeIsBuiltAndNamed() throws
    {
        let (book, cleanUp) = try makeBook([
            "README.md": "# A book\n\nIt rebuilds things.\n\nMore.\n\n"
                + "- [Start](01-start.md)\n- [More](02-more.md)\n"
                + "- [Costs](03-costs.md)\n",
            "01-start.md": "# Start\n\nWe build `Just`.\n",
            "02-more.md": "# More\n\n`Just` again.\n",
            "03-costs.md": "# Costs\n\nNo code.\n",
        ])
        defer { cleanUp() }
        let root = book.folder.deletingLastPathComponent()
        for folder in ["Chapters/01-Start", "Chapters/02-More"] {
            try FileManager.default.createDirectory(
                at: root.appendingPathComponent(folder),
                withIntermediateDirectories: true)
        }
        let catalog = root.appendingPathComponent("MiniCombine.docc")
        let symbols = SymbolIndex(symbols: [
            .init(path: ["Just"], kind: "swift.struct", chapterNumber: 1),
            .init(path: ["Sink"], kind: "swift.class", chapterNumber: 9),
        ])
        try Catalog(book: Book(folder: book.folder), symbols: symbols)
            .write(to: catalog)
        let read = { (name: String) in
            try String(
                contentsOf: catalog.appendingPathComponent(name),
                encoding: .utf8)
        }
        #expect(
            try read("MiniCombine.md").hasSuffix(
                """
                ## About this book

                More.

                - [Start](<doc:01-start>)
                - [More](<doc:02-more>)
                - [Costs](<doc:03-costs>)

                ## Topics

                ### Chapters

                - <doc:01-start>
                - <doc:02-more>

                ### Beyond the chapters

                - <doc:03-costs>

                """))
        let extensions = try FileManager.default.contentsOfDirectory(
            atPath: catalog.appendingPathComponent("Extensions").path)
        #expect(extensions.count == 1)
        #expect(
            try read("Extensions/\(extensions[0])") == """
                # ``MiniCombine/Just``

                ## In the book

                Built in <doc:01-start>.

                Also named in:

                - <doc:02-more>

                """)
        #expect(
            try read("02-more.md").contains(
                "[← Start](<doc:01-start>) · [Contents](<doc:MiniCombine>) · "
                    + "[Costs →](<doc:03-costs>)"))
    }

    @Test func pagesBeyondTheChaptersFollowTheContentsNotTheFileNames() throws {
        let (book, cleanUp) = try makeBook([
            "README.md": "# A book\n\nAfterword: [Last words](09-afterword.md)"
                + "\n\nAppendix: [Costs](08-costs.md)\n",
            "08-costs.md": "# Costs\n\nText.\n",
            "09-afterword.md": "# Last words\n\nText.\n",
        ])
        defer { cleanUp() }
        #expect(book.pagesBeyond.map(\.slug) == ["09-afterword", "08-costs"])
        // The articles' previous and next links walk the same order.
        #expect(book.chapters.map(\.slug) == ["09-afterword", "08-costs"])
    }

    /// A book of `pages` (a README is added if missing) in a temporary folder, and what
    /// removes it.
    private func makeBook(_ pages: [String: String]) throws -> (
        Book, () -> Void
    ) {
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("site-book-\(UUID().uuidString)")
        let folder = root.appendingPathComponent("book")
        try FileManager.default.createDirectory(
            at: folder, withIntermediateDirectories: true)
        let all = pages.merging(["README.md": "# A book\n"]) { old, _ in old }
        for (name, text) in all {
            try text.write(
                to: folder.appendingPathComponent(name), atomically: true,
                encoding: .utf8)
        }
        return (
            try Book(folder: folder),
            { try? FileManager.default.removeItem(at: root) }
        )
    }
}
