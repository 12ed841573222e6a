import BookKit
import Foundation

/// Turns one page of the book into a DocC article body.
struct PageConverter {
    var book: Book
    var symbols: SymbolIndex
    /// Where links to repository files that are not chapters point, such as
    /// `https://github.com/owner/repo/blob/main`; without it, such links stay as they are.
    var repositoryURL: String?

    /// The converted lines of `page` (its `# ` title included) and the symbols it names.
    func convert(_ page: BookPage) -> (
        lines: [String], mentions: Set<SymbolIndex.Symbol>
    ) {
        var output: [String] = []
        var mentions: Set<SymbolIndex.Symbol> = []
        var linkedInSection: Set<SymbolIndex.Symbol> = []
        // The paragraph so far, for the sentence a code span is in.
        var previousSentences = ""
        for item in page.items {
            let index: Int
            switch item {
            case .fence(let block):
                output += page.lines[block.openingIndex...block.closingIndex]
                continue
            case .comment:
                continue
            case .prose(let proseIndex):
                index = proseIndex
            }
            let line = page.lines[index]
            // The scanner leaves out comments that span lines; this drops `<!-- … --> text`.
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("<!--") { continue }
            if PageFurniture.isNavigationLine(trimmed) { continue }
            let heading = Markdown.heading(line)
            if heading?.level == 2 { linkedInSection = [] }
            if trimmed.isEmpty || heading != nil { previousSentences = "" }
            let prose =
                heading.map(Self.headingWithoutCodeSpans)
                ?? Self.singleNoteLabel(line)
            output.append(
                convertInline(
                    prose, page: page, linkSymbols: heading == nil,
                    context: previousSentences,
                    mentions: &mentions, linked: &linkedInSection))
            previousSentences += " " + prose
        }
        while output.last?.isBlankLine == true { output.removeLast() }
        return (output, mentions)
    }

    /// DocC shows a heading as plain text, backticks and all, so `` ## Ending early: `tryMap` ``
    /// becomes `## Ending early: tryMap` (GitHub still shows the code span).
    static func headingWithoutCodeSpans(_ heading: (level: Int, text: String))
        -> String
    {
        String(repeating: "#", count: heading.level) + " "
            + heading.text.filter { $0 != "`" }
    }

    /// `> **Note: where the original post differs.**` → `> Where the original post differs:`,
    /// an aside that DocC labels with that name, instead of its own "Note" above the book's.
    static func singleNoteLabel(_ line: String) -> String {
        guard let range = line.range(of: "> **Note: "),
            line[..<range.lowerBound].allSatisfy(\.isWhitespace),
            line.hasSuffix(".**")
        else { return line }
        let label = line[range.upperBound...].dropLast(3)
        return line[..<range.lowerBound] + "> " + label.prefix(1).uppercased()
            + label.dropFirst()
            + ":"
    }

    /// Whether the sentence around a code span, or the sentence its "Its" or "Their" points
    /// back to, is about Combine or OpenCombine, so the span names their symbol, not ours.
    static func isAboutAnotherLibrary(before: String, after: String) -> Bool {
        // A sentence ends at `.`, `!` or `?` followed by a space; `Subscribers.Demand` does not.
        func sentences(_ text: String) -> [String] {
            text.replacingOccurrences(
                of: #"[.!?](\s+)"#, with: "\u{0}", options: .regularExpression
            )
            .split(separator: "\u{0}", omittingEmptySubsequences: false).map(
                String.init)
        }
        let earlier = sentences(before)
        var sentence = (earlier.last ?? "") + (sentences(after).first ?? "")
        func mentions(_ text: String) -> Bool {
            text.contains(
                /(?:^|[^A-Za-z])(OpenCombine|Combine|Apple)(?![A-Za-z])/)
        }
        // "Its `Sink` locks": follow "Its" and "Their" back to the sentence that names the owner.
        var position = earlier.count - 1
        while true {
            if mentions(sentence) { return true }
            let opening = sentence.trimmingCharacters(in: .whitespaces)
            guard
                ["Its ", "Their ", "It ", "They "].contains(where: {
                    opening.hasPrefix($0)
                }),
                position > 0
            else { return false }
            position -= 1
            sentence = earlier[position]
        }
    }

    private func convertInline(
        _ line: String, page: BookPage, linkSymbols: Bool, context: String,
        mentions: inout Set<SymbolIndex.Symbol>,
        linked: inout Set<SymbolIndex.Symbol>
    ) -> String {
        var result = ""
        // Prose since the last code span, links not yet rewritten.
        var text = ""
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
            guard
                let close = closingRun(
                    of: run.count, in: line, from: contentStart)
            else {
                text += run
                index = contentStart
                continue
            }
            result += rewriteLinks(text, page: page)
            text = ""
            let span = String(line[index..<close.upperBound])
            let content = String(line[contentStart..<close.lowerBound])
            let before = context + " " + line[..<index]
            index = close.upperBound
            if index < line.endIndex, line[index] == "'" {
                text.append("’")
                index = line.index(after: index)
            }
            guard let symbol = symbols.symbol(named: content) else {
                result += span
                continue
            }
            mentions.insert(symbol)
            if !linkSymbols || bracketDepth > 0 || linked.contains(symbol)
                || Self.isAboutAnotherLibrary(
                    before: before, after: String(line[index...]))
            {
                result += span
                continue
            }
            linked.insert(symbol)
            result +=
                content == symbol.dottedName && symbol.isType
                ? "``\(symbol.linkPath)``"
                : "[\(span)](<doc:\(symbol.linkPath)>)"
        }
        return result + rewriteLinks(text, page: page)
    }

    private func closingRun(
        of count: Int, in line: String, from start: String.Index
    )
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

    private func rewriteLinks(_ text: String, page: BookPage) -> String {
        text.replacing(/\]\(([^)\s]+)\)/) { link in
            "](\(docTarget(String(link.1), from: page)))"
        }
    }

    private func docTarget(_ target: String, from page: BookPage) -> String {
        if target.contains("://") || target.hasPrefix("mailto:") {
            return target
        }
        if target.hasPrefix("figures/") {
            return String(target.dropFirst("figures/".count))
        }
        let parts = target.split(
            separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let path = String(parts[0])
        let fragment = parts.count > 1 ? String(parts[1]) : nil
        let slug = path.isEmpty ? page.slug : String(path.dropLast(3))
        if path.isEmpty || (path.hasSuffix(".md") && !path.contains("/")),
            let linked = book.page(slug: slug)
        {
            let name = linked.isRoot ? "MiniCombine" : linked.slug
            guard let fragment else { return "<doc:\(name)>" }
            let heading = linked.headings.first {
                Markdown.gitHubAnchor($0) == fragment
            }
            let anchor = heading.map(Markdown.docCAnchor) ?? fragment
            return path.isEmpty ? "<doc:#\(anchor)>" : "<doc:\(name)#\(anchor)>"
        }
        guard let repositoryURL else { return target }
        let resolved = URL(fileURLWithPath: "/book/" + path).standardized.path
        return repositoryURL + resolved + (fragment.map { "#" + $0 } ?? "")
    }
}
