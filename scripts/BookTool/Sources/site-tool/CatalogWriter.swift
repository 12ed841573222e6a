import BookKit
import Foundation

/// Writes the DocC catalog `MiniCombine.docc`: the book's README as the module's root page,
/// one article per numbered page in reading order with previous and next links at its top and
/// bottom, and one extension file per public type and per symbol the pages name, linking the
/// symbol's page to the chapter that builds it and to the pages that name it.
struct CatalogWriter {
    var book: Book
    var converter: PageConverter

    func write(to catalog: URL) throws {
        let files = FileManager.default
        try? files.removeItem(at: catalog)
        try files.createDirectory(
            at: catalog.appendingPathComponent("Extensions"),
            withIntermediateDirectories: true)

        var chaptersNaming: [SymbolIndex.Symbol: [BookPage]] = [:]
        for (number, chapter) in book.chapters.enumerated() {
            let (lines, mentions) = converter.convert(chapter)
            for symbol in mentions {
                chaptersNaming[symbol, default: []].append(chapter)
            }
            let previous = number > 0 ? book.chapters[number - 1] : nil
            let next =
                number + 1 < book.chapters.count
                ? book.chapters[number + 1] : nil
            try write(
                article(lines, previous: previous, next: next),
                to: catalog.appendingPathComponent(chapter.slug + ".md"))
        }
        try write(
            rootPage(), to: catalog.appendingPathComponent("MiniCombine.md"))
        // The figures scripts/book draws, which the pages show as `![…](figures/NAME.svg)`.
        let figures = book.folder.appendingPathComponent("figures")
        let resources = catalog.appendingPathComponent("Resources")
        try files.createDirectory(
            at: resources, withIntermediateDirectories: true)
        for name in (try? files.contentsOfDirectory(atPath: figures.path)) ?? []
        where name.hasSuffix(".svg") {
            try files.copyItem(
                at: figures.appendingPathComponent(name),
                to: resources.appendingPathComponent(name)
            )
        }

        for symbol in converter.symbols.types
        where chaptersNaming[symbol] == nil {
            chaptersNaming[symbol] = []
        }
        var usedNames: Set<String> = []
        for (symbol, chapters) in chaptersNaming.sorted(by: {
            $0.key.linkPath < $1.key.linkPath
        }) {
            var name = symbol.linkPath.map {
                $0.isLetter || $0.isNumber ? $0 : "-"
            }
            .reduce(into: "") { $0.append($1) }
            while !usedNames.insert(name.lowercased()).inserted { name += "-" }
            let builder = symbol.chapterNumber.flatMap { number in
                book.mainChapters.first {
                    $0.slug.hasPrefix(twoDigits(number) + "-")
                }
            }
            var text = [
                "# ``MiniCombine/\(symbol.linkPath)``", "", "## In the book",
                "",
            ]
            if let builder {
                text += ["Built in <doc:\(builder.slug)>.", ""]
            }
            let others = chapters.filter { $0.slug != builder?.slug }
            if !others.isEmpty {
                text += [builder == nil ? "Named in:" : "Also named in:", ""]
                text += others.map { "- <doc:\($0.slug)>" }
            }
            guard text.count > 4 else { continue }
            try write(
                text,
                to: catalog.appendingPathComponent("Extensions/\(name).md"))
        }
    }

    private func article(
        _ lines: [String], previous: BookPage?, next: BookPage?
    ) -> [String] {
        let navigation = PageFurniture.navigationLine(
            previous: previous.map { ($0.title, "<doc:\($0.slug)>") },
            next: next.map { ($0.title, "<doc:\($0.slug)>") },
            contents: "<doc:MiniCombine>")
        var text = lines
        let titleIndex =
            text.firstIndex { Markdown.heading($0)?.level == 1 } ?? 0
        // The links go under the first paragraph, which DocC shows as the page's abstract
        // (in the title area, and on the card that links to the page).
        let isBlank = { (line: String) in line.allSatisfy(\.isWhitespace) }
        let body = text.indices.dropFirst(titleIndex + 1)
        if let first = body.first(where: { !isBlank(text[$0]) }),
            Markdown.heading(text[first]) == nil,
            !text[first].hasPrefix("```")
        {
            let end = text[first...].firstIndex(where: isBlank) ?? text.endIndex
            text.insert(contentsOf: ["", navigation], at: end)
        } else {
            text.insert(contentsOf: ["", navigation], at: titleIndex + 1)
        }
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
        text += ["", navigation]
        if let next {
            text += [
                "", "## Read on", "", "@Links(visualStyle: detailedGrid) {",
                "    - <doc:\(next.slug)>",
                "}",
            ]
        }
        return text
    }

    private func rootPage() -> [String] {
        var lines = converter.convert(book.root).lines
        if let titleIndex = lines.firstIndex(where: {
            Markdown.heading($0)?.level == 1
        }) {
            lines.replaceSubrange(
                titleIndex...titleIndex,
                with: [
                    "# ``MiniCombine``",
                    "",
                    "@Metadata {",
                    "    @DisplayName(\"\(book.root.title)\")",
                    "    @TitleHeading(\"A book\")",
                    "}",
                    "",
                    "@Options(scope: global) {",
                    "    @AutomaticArticleSubheading(disabled)",
                    "}",
                ])
            // DocC heads a module page's text "Overview" unless it starts with a heading of
            // its own: the paragraphs after the abstract get a book's heading instead.
            let body = lines.indices.dropFirst(titleIndex + 10)
            if let abstract = body.first(where: {
                !lines[$0].allSatisfy(\.isWhitespace)
            }),
                let end = lines[abstract...].firstIndex(where: {
                    $0.allSatisfy(\.isWhitespace)
                }),
                let next = lines[end...].firstIndex(where: {
                    !$0.allSatisfy(\.isWhitespace)
                }),
                Markdown.heading(lines[next]) == nil
            {
                lines.insert(contentsOf: ["", "## About this book"], at: end)
            }
        }
        var topics = ["", "## Topics", "", "### Chapters", ""]
        topics += book.mainChapters.map { "- <doc:\($0.slug)>" }
        if !book.pagesBeyond.isEmpty {
            topics += ["", "### Beyond the chapters", ""]
            topics += book.pagesBeyond.map { "- <doc:\($0.slug)>" }
        }
        return lines + topics
    }

    private func write(_ lines: [String], to url: URL) throws {
        let text = lines.joined(separator: "\n") + "\n"
        if let reason = AtomicFileWriter().replace([.init(url: url, text: text)]
        ).failures.first {
            throw SiteError("\(url.path): cannot be written: \(reason.value)")
        }
    }
}
