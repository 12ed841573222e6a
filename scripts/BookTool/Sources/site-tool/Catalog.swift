import BookKit
import Foundation

/// The DocC catalog `MiniCombine.docc`: the book's README as the module's root page, one
/// article per numbered page with links to the previous and next page at its top and bottom,
/// the figures, and one extension file per public type and per symbol the pages name, linking
/// the symbol's page to the chapter that builds it and to the pages that name it.
struct Catalog {
    var book: Book
    var symbols: SymbolIndex
    /// Where links to repository files that are not pages point, such as
    /// `https://github.com/owner/repo/blob/main`; without it, such links stay as they are.
    var repositoryURL: String?

    func write(to catalog: URL) throws {
        var files = [("MiniCombine.md", rootPage())]
        var naming: [SymbolIndex.Symbol: [BookPage]] = [:]
        for symbol in symbols.symbols where symbol.isType {
            naming[symbol] = []
        }
        for (number, page) in book.chapters.enumerated() {
            let (lines, mentions) = convert(page)
            for symbol in mentions { naming[symbol, default: []].append(page) }
            files.append(
                (page.slug + ".md", article(page, lines, number: number)))
        }
        // DocC reads which symbol an extension file adds to from its title, not its name.
        for (symbol, pages) in naming.sorted(by: {
            $0.key.linkPath < $1.key.linkPath
        }) {
            let builder = book.mainChapters.first {
                leadingNumber(of: $0.slug) == symbol.chapterNumber
            }
            let others = pages.filter { $0.slug != builder?.slug }
            var text = [
                "# ``MiniCombine/\(symbol.linkPath)``", "", "## In the book",
            ]
            if let builder { text += ["", "Built in <doc:\(builder.slug)>."] }
            if !others.isEmpty {
                text += [
                    "", builder == nil ? "Named in:" : "Also named in:", "",
                ]
                text += others.map { "- <doc:\($0.slug)>" }
            }
            if text.count > 3 {
                files.append(("Extensions/\(files.count).md", text))
            }
        }
        let manager = FileManager.default
        try? manager.removeItem(at: catalog)
        let failures = AtomicFileWriter().replace(
            files.map {
                .init(
                    url: catalog.appendingPathComponent($0.0),
                    text: $0.1.joined(separator: "\n") + "\n")
            }
        ).failures
        if let failure = failures.min(by: { $0.key < $1.key }) {
            throw SiteError(
                "\(catalog.path)/\(files[failure.key].0): cannot be written: "
                    + failure.value)
        }
        // The figures scripts/book draws, which the pages show as `![…](figures/NAME.svg)`.
        try? manager.copyItem(
            at: book.folder.appendingPathComponent("figures"),
            to: catalog.appendingPathComponent("Resources"))
    }

    /// `lines` with `head` in place of the title line and `insertion(next)` after the first
    /// paragraph, which DocC shows as the abstract (in the title area and on the cards that
    /// link to the page), or right after `head` if the page starts otherwise; `next` is the
    /// first line that follows.
    private func furnished(
        _ lines: [String], head: [String], insertion: (String?) -> [String]
    ) -> [String] {
        let title = lines.firstIndex { heading($0)?.level == 1 } ?? 0
        var body = Array(lines[(title + 1)...])
        var end = body.firstIndex { !$0.isBlankLine } ?? 0
        if body.indices.contains(end), heading(body[end]) == nil,
            !body[end].hasPrefix("```")
        {
            end = body[end...].firstIndex(where: \.isBlankLine) ?? body.endIndex
        } else {
            end = 0
        }
        body.insert(
            contentsOf: insertion(body[end...].first { !$0.isBlankLine }),
            at: end)
        return lines[..<title] + head + body
    }

    private func article(_ page: BookPage, _ lines: [String], number: Int)
        -> [String]
    {
        let link = { (page: BookPage) in (page.title, "<doc:\(page.slug)>") }
        let next = book.chapters.dropFirst(number + 1).first
        let navigation = [
            "",
            PageFurniture.navigationLine(
                previous: number > 0 ? link(book.chapters[number - 1]) : nil,
                next: next.map(link), contents: "<doc:MiniCombine>"),
        ]
        let head = [
            "# " + page.title.filter { $0 != "`" }, "", "@Metadata {",
            "    @TitleHeading(\"\(book.root.title)\")", "}", "", "@Options {",
            "    @AutomaticSeeAlso(disabled)", "}",
        ]
        let readOn = next.map {
            [
                "", "## Read on", "", "@Links(visualStyle: detailedGrid) {",
                "    - <doc:\($0.slug)>", "}",
            ]
        }
        return furnished(lines, head: head) { _ in navigation } + navigation
            + (readOn ?? [])
    }

    private func rootPage() -> [String] {
        let head = [
            "# ``MiniCombine``", "", "@Metadata {",
            "    @DisplayName(\"\(book.root.title)\")",
            "    @TitleHeading(\"A book\")",
            "}", "", "@Options(scope: global) {",
            "    @AutomaticArticleSubheading(disabled)", "}",
        ]
        // DocC heads a module page's text "Overview" unless it starts with a heading of its
        // own: the paragraphs after the abstract get a book's heading instead.
        var lines = furnished(convert(book.root).lines, head: head) { next in
            next.map { heading($0) == nil } == true
                ? ["", "## About this book"] : []
        }
        lines += ["", "## Topics"]
        for (name, pages) in [
            ("Chapters", book.mainChapters),
            ("Beyond the chapters", book.pagesBeyond),
        ] where !pages.isEmpty {
            lines +=
                ["", "### \(name)", ""] + pages.map { "- <doc:\($0.slug)>" }
        }
        return lines
    }

    /// `page` as DocC Markdown (its `# ` title included), and the symbols it names: the
    /// book's directives, comments and navigation lines dropped; a code span that names a
    /// symbol linked to its page, the first time in each `##` section.
    func convert(_ page: BookPage) -> (
        lines: [String], mentions: Set<SymbolIndex.Symbol>
    ) {
        var output: [String] = []
        var mentions: Set<SymbolIndex.Symbol> = []
        var linkedInSection: Set<SymbolIndex.Symbol> = []
        // The paragraph so far, for the sentence a code span is in.
        var paragraph = ""
        for item in page.items {
            if case .fence(let block) = item {
                output += page.lines[block.openingIndex...block.closingIndex]
            }
            guard case .prose(let index) = item else { continue }
            // The scanner leaves out comments that span lines; this drops `<!-- … --> text`.
            let trimmed = page.lines[index].trimmedWhitespace
            if trimmed.hasPrefix("<!--")
                || PageFurniture.isNavigationLine(trimmed)
            {
                continue
            }
            let title = heading(page.lines[index])
            if title?.level == 2 { linkedInSection = [] }
            if trimmed.isEmpty || title != nil { paragraph = "" }
            // DocC shows a heading's backticks, so `` `tryMap` `` loses them in a heading.
            let line =
                title != nil
                ? page.lines[index].filter { $0 != "`" }
                : Self.singleNoteLabel(page.lines[index])
            let converted = line.replacing(/(`+)(.+?)\1(?!`)('?)/) { match in
                let span = "\(match.1)\(match.2)\(match.1)"
                // An apostrophe right after a code span: `Just`’s.
                let apostrophe = match.3.isEmpty ? "" : "’"
                guard let symbol = symbols.symbol(named: String(match.2)) else {
                    return span + apostrophe
                }
                mentions.insert(symbol)
                // A span in a link's text, `[`Just`](02-just.md)`, is not linked again.
                let before = line[..<match.range.lowerBound]
                let insideLink =
                    before.reduce(0) {
                        $1 == "[" ? $0 + 1 : $1 == "]" ? max(0, $0 - 1) : $0
                    } > 0
                guard title == nil, !insideLink,
                    !Self.isAboutAnotherLibrary(
                        before: paragraph + " " + before,
                        after: String(line[match.range.upperBound...])),
                    linkedInSection.insert(symbol).inserted
                else { return span + apostrophe }
                return
                    (match.2 == symbol.dottedName && symbol.isType
                    ? "``\(symbol.linkPath)``"
                    : "[\(span)](<doc:\(symbol.linkPath)>)") + apostrophe
            }
            output.append(rewriteLinks(converted, page: page))
            paragraph += " " + line
        }
        while output.last?.isBlankLine == true { output.removeLast() }
        return (output, mentions)
    }

    /// `> **Note: where the original post differs.**` → `> Where the original post differs:`,
    /// an aside that DocC labels with that name, instead of its own "Note" above the book's.
    static func singleNoteLabel(_ line: String) -> String {
        guard let note = line.wholeMatch(of: /(\s*)> \*\*Note: (.)(.*)\.\*\*/)
        else { return line }
        return "\(note.1)> \(note.2.uppercased())\(note.3):"
    }

    /// Whether the sentence around a code span, or the sentence its "Its" or "Their" points
    /// back to, is about Combine or OpenCombine, so the span names their symbol, not ours.
    static func isAboutAnotherLibrary(before: String, after: String) -> Bool {
        // A sentence ends at `.`, `!` or `?` followed by a space; `Subscribers.Demand` does not.
        let sentences = { (text: String) in
            text.split(separator: /[.!?]\s+/, omittingEmptySubsequences: false)
        }
        let earlier = sentences(before)
        var sentence = (earlier.last ?? "") + (sentences(after).first ?? "")
        for position in earlier.indices.reversed() {
            if sentence.contains(
                /(?:^|[^A-Za-z])(OpenCombine|Combine|Apple)(?![A-Za-z])/)
            {
                return true
            }
            let opening = sentence.trimmedWhitespace
            guard position > 0,
                ["Its ", "Their ", "It ", "They "].contains(where: {
                    opening.hasPrefix($0)
                })
            else { return false }
            sentence = earlier[position - 1]
        }
        return false
    }

    /// Relative links as DocC links: `](02-just.md#running-it)` → `](<doc:02-just#Running-it>)`;
    /// `figures/NAME.svg` → `NAME.svg`, a resource; other repository files at `repositoryURL`,
    /// or, without one, as their text alone: DocC would drop the link and its text.
    private func rewriteLinks(_ text: String, page: BookPage) -> String {
        text.replacing(
            /\[([^\]\n]*)\]\((?=[^)\s<])([^)\s#]*)(?:#([^)\s]*))?\)/
        ) { link in
            let (label, path, fragment) = (
                "[\(link.1)]", String(link.2), link.3.map { "#\($0)" } ?? ""
            )
            if path.contains("://") || path.hasPrefix("mailto:") {
                return "\(label)(\(path)\(fragment))"
            }
            if path.hasPrefix("figures/") {
                return
                    "\(label)(\(path.dropFirst("figures/".count))\(fragment))"
            }
            let slug = path.isEmpty ? page.slug : String(path.dropLast(3))
            if path.isEmpty || (path.hasSuffix(".md") && !path.contains("/")),
                let linked = book.pages.first(where: { $0.slug == slug })
            {
                // GitHub's anchor: `what-running-it-prints`; DocC's: `What-running-it-prints`.
                let heading = linked.headings.first {
                    "#" + LinkChecker.anchor(ofHeading: $0.text) == fragment
                }.map { plainText($0.text) }
                let anchor =
                    heading.map {
                        "#"
                            + $0.split(whereSeparator: \.isWhitespace).joined(
                                separator: "-")
                    } ?? fragment
                let name = slug == "README" ? "MiniCombine" : slug
                return "\(label)(<doc:\(path.isEmpty ? "" : name)\(anchor)>)"
            }
            guard let repositoryURL else { return String(link.1) }
            let resolved = URL(fileURLWithPath: "/book/" + path).standardized
            return "\(label)(\(repositoryURL)\(resolved.path)\(fragment))"
        }
    }
}
