import Foundation

/// Writes the DocC catalog `MiniCombine.docc`: the book's README as the module's root page,
/// one article per chapter in reading order with previous and next links, and one extension
/// file per symbol the chapters name, listing those chapters on the symbol's page.
struct CatalogWriter {
    var book: Book
    var converter: PageConverter

    func write(to catalog: URL) throws {
        let files = FileManager.default
        try? files.removeItem(at: catalog)
        try files.createDirectory(
            at: catalog.appendingPathComponent("Extensions"), withIntermediateDirectories: true)

        var chaptersNaming: [SymbolIndex.Symbol: [BookPage]] = [:]
        for (number, chapter) in book.chapters.enumerated() {
            let (lines, mentions) = converter.convert(chapter)
            for symbol in mentions { chaptersNaming[symbol, default: []].append(chapter) }
            let previous = number > 0 ? book.chapters[number - 1] : nil
            let next = number + 1 < book.chapters.count ? book.chapters[number + 1] : nil
            try write(
                article(lines, previous: previous, next: next),
                to: catalog.appendingPathComponent(chapter.slug + ".md"))
        }
        try write(rootPage(), to: catalog.appendingPathComponent("MiniCombine.md"))
        // The figures scripts/book draws, which the pages show as `![…](figures/NAME.svg)`.
        let figures = book.folder.appendingPathComponent("figures")
        let resources = catalog.appendingPathComponent("Resources")
        try files.createDirectory(at: resources, withIntermediateDirectories: true)
        for name in (try? files.contentsOfDirectory(atPath: figures.path)) ?? []
        where name.hasSuffix(".svg") {
            try files.copyItem(
                at: figures.appendingPathComponent(name), to: resources.appendingPathComponent(name)
            )
        }

        var usedNames: Set<String> = []
        for (symbol, chapters) in chaptersNaming.sorted(by: { $0.key.linkPath < $1.key.linkPath }) {
            var name = symbol.linkPath.map { $0.isLetter || $0.isNumber ? $0 : "-" }
                .reduce(into: "") { $0.append($1) }
            while !usedNames.insert(name.lowercased()).inserted { name += "-" }
            let text =
                [
                    "# ``MiniCombine/\(symbol.linkPath)``",
                    "",
                    "## In the book",
                    "",
                ] + chapters.map { "- <doc:\($0.slug)>" }
            try write(text, to: catalog.appendingPathComponent("Extensions/\(name).md"))
        }
    }

    /// The chapter with DocC options after its title and previous/next links at its end.
    private func article(_ lines: [String], previous: BookPage?, next: BookPage?) -> [String] {
        var links: [String] = []
        if let previous { links.append("[← \(previous.title)](<doc:\(previous.slug)>)") }
        links.append("[Contents](<doc:MiniCombine>)")
        if let next { links.append("[\(next.title) →](<doc:\(next.slug)>)") }
        var text = lines
        while text.last?.trimmingCharacters(in: .whitespaces).isEmpty == true { text.removeLast() }
        let titleIndex = text.firstIndex { Markdown.heading($0)?.level == 1 } ?? 0
        text.insert(
            contentsOf: [
                "",
                "@Metadata {",
                "    @TitleHeading(\"Combine from Scratch\")",
                "}",
                "",
                "@Options {",
                "    @AutomaticSeeAlso(disabled)",
                "}",
            ], at: titleIndex + 1)
        return text + ["", links.joined(separator: " · ")]
    }

    /// The README as the module page, named after the book, with the chapters in order as
    /// its first topic group.
    private func rootPage() -> [String] {
        var lines = converter.convert(book.root).lines
        while lines.last?.trimmingCharacters(in: .whitespaces).isEmpty == true {
            lines.removeLast()
        }
        if let titleIndex = lines.firstIndex(where: { Markdown.heading($0)?.level == 1 }) {
            lines.replaceSubrange(
                titleIndex...titleIndex,
                with: [
                    "# ``MiniCombine``",
                    "",
                    "@Metadata {",
                    "    @DisplayName(\"\(book.root.title)\")",
                    "}",
                    "",
                    "@Options(scope: global) {",
                    "    @AutomaticArticleSubheading(disabled)",
                    "}",
                ])
        }
        return lines + ["", "## Topics", "", "### Chapters", ""]
            + book.chapters.map { "- <doc:\($0.slug)>" }
    }

    private func write(_ lines: [String], to url: URL) throws {
        try (lines.joined(separator: "\n") + "\n").write(to: url, atomically: true, encoding: .utf8)
    }
}
