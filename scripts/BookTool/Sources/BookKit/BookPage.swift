/// A directive together with the block it governs.
package struct PlacedDirective: Equatable {
    /// The directive.
    package var directive: Directive
    /// The 0-based index of the directive's comment line.
    var index: Int
    /// The fenced block right below the directive.
    package var block: FencedBlock
    /// For `fails`: the ```text block holding the recorded errors, if present.
    var recordedBlock: FencedBlock?

    /// The 1-based line number of the directive, for diagnostics.
    package var lineNumber: Int { index + 1 }
}

/// A Markdown file of the book, with its directives found and its structure checked.
package struct BookPage {
    /// The file's path relative to the repository root, such as `book/02-just.md`.
    package var path: String
    /// The file's lines as read.
    package var text: TextLines
    /// The chapter number from a `NN-` file name prefix; `nil` for files like `README.md`.
    var chapterNumber: Int?
    /// The directives in file order.
    package var directives: [PlacedDirective] = []
    /// The figure directives in file order, each with its image line.
    var figures: [PlacedFigure] = []
    /// The page's fenced blocks, lone comments and prose lines, as the scanner found them.
    package var items: [MarkdownItem] = []
    /// The prose lines' 0-based indices (figure image lines aside), where links are looked for.
    var proseIndices: [Int] = []
    /// Structural problems: swift blocks without directives, directives without blocks, and so on.
    var diagnostics: [BookDiagnostic] = []
    /// The first structural problem as `path:line: error: message`, if there is one.
    package var firstProblem: String? { diagnostics.first?.description }

    /// Parses `contents`, the file at `path`.
    package init(path: String, contents: String) {
        self.path = path
        self.text = TextLines(contents)
        let fileName = path.split(separator: "/").last.map(String.init) ?? path
        self.chapterNumber = leadingNumber(of: fileName)
        guard text.lines.contains(where: { !$0.isBlankLine }) else {
            report(
                "the page is empty; if it should go, delete it and its line in the contents",
                at: 0)
            return
        }
        let scanner = MarkdownScanner(lines: text.lines)
        for problem in scanner.problems {
            report(problem.message, at: problem.index)
        }
        if let unclosed = scanner.unclosedFenceIndex {
            report("fenced code block is never closed", at: unclosed)
        }
        items = scanner.items
        readItems(scanner.items)
    }

    private mutating func readItems(_ items: [MarkdownItem]) {
        var claimedFences: Set<Int> = []
        for (position, item) in items.enumerated() {
            switch item {
            case .prose(let index):
                if !figures.contains(where: { $0.index + 1 == index }) {
                    proseIndices.append(index)
                }
            case .fence(let block):
                if block.isSwift && !claimedFences.contains(block.openingIndex)
                {
                    report(
                        "swift block without a directive (add '<!-- include: PATH#REGION -->', "
                            + "'<!-- compiles -->' or '<!-- fails -->' on the line above)",
                        at: block.openingIndex)
                }
            case .comment(let index, let body):
                var fence: FencedBlock?
                if position + 1 < items.count,
                    case .fence(let block) = items[position + 1],
                    block.openingIndex == index + 1
                {
                    fence = block
                    claimedFences.insert(block.openingIndex)
                }
                readComment(
                    body, at: index, fence: fence,
                    following: items[(position + 1)...])
            }
        }
    }

    private mutating func readComment(
        _ body: String, at index: Int, fence: FencedBlock?,
        following: ArraySlice<MarkdownItem>
    ) {
        switch ParsedComment(body: body) {
        case .other:
            if let fence, fence.isSwift {
                report(
                    "unknown directive '<!-- \(body) -->' above a swift block",
                    at: index)
            }
        case .figure(let spec):
            readFigure(spec, at: index)
        case .malformedDirective(let expectation):
            report(
                "malformed directive '<!-- \(body) -->'; \(expectation)",
                at: index)
        case .directive(let directive):
            guard let fence else {
                report(
                    "directive '<!-- \(directive.spelling) -->' must be followed on the next line "
                        + "by a ```\(directive.blockLanguage) block", at: index)
                return
            }
            guard directive.accepts(fence) else {
                let actual =
                    fence.language.isEmpty
                    ? "a block without a language"
                    : "a ```\(fence.language) block"
                report(
                    "directive '<!-- \(directive.spelling) -->' needs a ```\(directive.blockLanguage) block, "
                        + "not \(actual)", at: index)
                return
            }
            guard fence.indentation == 0 else {
                report(
                    "directive '<!-- \(directive.spelling) -->' is followed by an indented fence "
                        + "(as in a list item), which sync would rewrite without its indentation; "
                        + "start the fence at the beginning of its line",
                    at: index)
                return
            }
            var placed = PlacedDirective(
                directive: directive, index: index, block: fence)
            if directive == .fails {
                placed.recordedBlock = recordedBlock(
                    after: fence, in: following)
            }
            directives.append(placed)
        }
    }

    private mutating func readFigure(_ spec: FigureSpec, at index: Int) {
        let next = index + 1 < text.lines.count ? text.lines[index + 1] : ""
        guard let image = PlacedFigure.image(in: next) else {
            report(
                "directive '<!-- \(spec.spelling) -->' must be followed on the next line by "
                    + "'![ALT TEXT](figures/NAME.svg)', with alt text saying what it shows",
                at: index)
            return
        }
        let folder = path.split(separator: "/").dropLast().joined(
            separator: "/")
        figures.append(
            PlacedFigure(
                spec: spec, index: index,
                imagePath: folder.isEmpty
                    ? image.path : "\(folder)/\(image.path)",
                altText: image.altText))
    }

    private func recordedBlock(
        after block: FencedBlock, in items: ArraySlice<MarkdownItem>
    )
        -> FencedBlock?
    {
        for item in items {
            guard case .fence(let candidate) = item,
                candidate.openingIndex > block.closingIndex
            else { continue }
            let gap = text.lines[
                (block.closingIndex + 1)..<candidate.openingIndex]
            let captions = gap.filter(PageFurniture.isCaption).count
            let isAdjacent =
                captions <= 1
                && gap.allSatisfy {
                    $0.isBlankLine || PageFurniture.isCaption($0)
                }
            return isAdjacent && candidate.language == "text" ? candidate : nil
        }
        return nil
    }

    private mutating func report(_ message: String, at index: Int) {
        diagnostics.append(
            BookDiagnostic(path: path, line: index + 1, message: message))
    }
}

/// The number a name like `02-just.md` or `02-Just` starts with, if it starts with digits and a dash.
public func leadingNumber(of name: String) -> Int? {
    let digits = name.prefix { $0.isASCII && $0.isNumber }
    guard !digits.isEmpty, name.dropFirst(digits.count).first == "-" else {
        return nil
    }
    return Int(digits)
}
