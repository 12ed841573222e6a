import Foundation

/// Turns one page of the book into a DocC article body.
///
/// Code blocks pass through untouched. Outside them: HTML comments (the book tool's
/// directives) are dropped; the book's own navigation lines are dropped, since the catalog
/// writes its own; relative links become DocC links; and a code span that names a public
/// `MiniCombine` symbol becomes a link to its reference page, the first time it appears in
/// each `##` section. Every symbol a page names is recorded in `mentions`.
struct PageConverter {
    var book: Book
    var symbols: SymbolIndex
    /// Where links to repository files that are not chapters point, such as
    /// `https://github.com/owner/repo/blob/main`; without it, such links stay as they are.
    var repositoryURL: String?

    /// The converted lines of `page` (its `# ` title included) and the symbols it names.
    func convert(_ page: BookPage) -> (lines: [String], mentions: Set<SymbolIndex.Symbol>) {
        var output: [String] = []
        var mentions: Set<SymbolIndex.Symbol> = []
        var linkedInSection: Set<SymbolIndex.Symbol> = []
        var fence: Fence?
        var inComment = false
        for line in page.lines {
            if let open = fence {
                output.append(line)
                if open.isClosed(by: line) { fence = nil }
                continue
            }
            if inComment {
                if line.contains("-->") { inComment = false }
                continue
            }
            if let opened = Fence(opening: line) {
                fence = opened
                output.append(line)
                continue
            }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("<!--") {
                inComment = !trimmed.dropFirst(4).contains("-->")
                continue
            }
            if isNavigationLine(trimmed) { continue }
            let heading = Markdown.heading(line)
            if heading?.level == 2 { linkedInSection = [] }
            output.append(
                convertInline(
                    line, page: page, linkSymbols: heading == nil, mentions: &mentions,
                    linked: &linkedInSection))
        }
        return (output, mentions)
    }

    /// A line made only of links to book pages separated by `·`, like
    /// `[← Chapter 1: …](01-protocols.md) · [Contents](README.md) · [Chapter 3: Sink →](03-sink.md)`.
    private func isNavigationLine(_ line: String) -> Bool {
        guard line.contains(".md)") else { return false }
        let rest = line.replacingOccurrences(
            of: #"\[[^\]]*\]\([^)\s]*\.md(#[^)\s]*)?\)"#, with: "", options: .regularExpression)
        return rest.allSatisfy { $0 == "·" || $0.isWhitespace }
    }

    private func convertInline(
        _ line: String, page: BookPage, linkSymbols: Bool,
        mentions: inout Set<SymbolIndex.Symbol>, linked: inout Set<SymbolIndex.Symbol>
    ) -> String {
        var result = ""
        var text = ""  // prose since the last code span, links not yet rewritten
        var bracketDepth = 0
        var index = line.startIndex
        while index < line.endIndex {
            let character = line[index]
            guard character == "`" else {
                if character == "[" { bracketDepth += 1 }
                if character == "]" { bracketDepth = max(0, bracketDepth - 1) }
                text.append(character)
                index = line.index(after: index)
                continue
            }
            let run = line[index...].prefix { $0 == "`" }
            let contentStart = run.endIndex
            guard let close = closingRun(of: run.count, in: line, from: contentStart) else {
                text += run
                index = contentStart
                continue
            }
            result += rewriteLinks(text, page: page)
            text = ""
            let span = String(line[index..<close.upperBound])
            let content = String(line[contentStart..<close.lowerBound])
            index = close.upperBound
            guard let symbol = symbols.symbol(named: content) else {
                result += span
                continue
            }
            mentions.insert(symbol)
            if !linkSymbols || bracketDepth > 0 || linked.contains(symbol) {
                result += span
                continue
            }
            linked.insert(symbol)
            result +=
                content == symbol.dottedName && symbol.isType
                ? "``\(symbol.linkPath)``" : "[\(span)](<doc:\(symbol.linkPath)>)"
        }
        return result + rewriteLinks(text, page: page)
    }

    /// The next run of exactly `count` backticks at or after `start`.
    private func closingRun(of count: Int, in line: String, from start: String.Index)
        -> Range<String.Index>?
    {
        var index = start
        while index < line.endIndex {
            if line[index] == "`" {
                let run = line[index...].prefix { $0 == "`" }
                if run.count == count { return index..<run.endIndex }
                index = run.endIndex
            } else {
                index = line.index(after: index)
            }
        }
        return nil
    }

    /// Rewrites the targets of `[text](target)` links in prose.
    private func rewriteLinks(_ text: String, page: BookPage) -> String {
        guard text.contains("](") else { return text }
        let pattern = try! NSRegularExpression(pattern: #"\]\(([^)\s]+)\)"#)
        var result = ""
        var last = text.startIndex
        for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            guard let whole = Range(match.range, in: text),
                let target = Range(match.range(at: 1), in: text)
            else { continue }
            result += text[last..<whole.lowerBound]
            result += "](\(docTarget(String(text[target]), from: page)))"
            last = whole.upperBound
        }
        return result + text[last...]
    }

    /// `03-sink.md#anchor` → `<doc:03-sink#Anchor>`; `README.md` → `<doc:MiniCombine>`;
    /// `#anchor` → `<doc:#Anchor>`; `../Tests/…` → the file at `repositoryURL`;
    /// anything else stays as it is.
    private func docTarget(_ target: String, from page: BookPage) -> String {
        if target.contains("://") || target.hasPrefix("mailto:") { return target }
        if target.hasPrefix("figures/") { return String(target.dropFirst("figures/".count)) }
        let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let path = String(parts[0])
        let fragment = parts.count > 1 ? String(parts[1]) : nil
        let slug = path.isEmpty ? page.slug : String(path.dropLast(3))
        if path.isEmpty || (path.hasSuffix(".md") && !path.contains("/")),
            let linked = book.page(slug: slug)
        {
            let name = linked.isRoot ? "MiniCombine" : linked.slug
            guard let fragment else { return "<doc:\(name)>" }
            let heading = linked.headings.first { Markdown.gitHubAnchor($0) == fragment }
            let anchor = heading.map(Markdown.docCAnchor) ?? fragment
            return path.isEmpty ? "<doc:#\(anchor)>" : "<doc:\(name)#\(anchor)>"
        }
        guard let repositoryURL else { return target }
        let resolved = URL(fileURLWithPath: "/book/" + path).standardized.path
        return repositoryURL + resolved + (fragment.map { "#" + $0 } ?? "")
    }
}
