import Foundation

/// A fenced code block in a Markdown file; indices are 0-based line numbers.
package struct FencedBlock: Equatable, Sendable {
    package var openingIndex: Int
    package var closingIndex: Int
    /// The first word of the info string, such as `swift` or `text`; empty if none.
    package var language: String
    /// How many spaces the opening fence is indented by (0…3).
    package var indentation: Int = 0
    /// The fence character, `` ` `` or `~`, and how many of them open the block.
    var marker: Character = "`"
    var fenceLength: Int = 3

    /// Whether the info string's first word is `swift` in any letter case.
    package var isSwift: Bool { language.lowercased() == "swift" }

    package var contentRange: Range<Int> { (openingIndex + 1)..<closingIndex }
}

/// One thing in a Markdown file that the tool cares about, outside fenced blocks.
package enum MarkdownItem: Equatable, Sendable {
    case fence(FencedBlock)
    /// An HTML comment alone on its line: its index and the text inside `<!--` `-->`.
    case comment(index: Int, body: String)
    case prose(index: Int)
}

/// Splits Markdown lines into fenced blocks, lone comments and prose, without parsing inside fences.
package struct MarkdownScanner: Sendable {
    package private(set) var items: [MarkdownItem] = []
    /// The index of an opening fence that is never closed, if any.
    package private(set) var unclosedFenceIndex: Int?
    private(set) var problems: [(index: Int, message: String)] = []

    package init(lines: [String]) {
        var index = 0
        while index < lines.count {
            let line = lines[index]
            if var block = Self.fenceOpening(line, at: index) {
                guard let closingIndex = scanBlock(block, in: lines) else {
                    unclosedFenceIndex = index
                    return
                }
                block.closingIndex = closingIndex
                items.append(.fence(block))
                index = closingIndex
            } else if let body = Self.loneComment(line) {
                items.append(.comment(index: index, body: body))
            } else if line.trimmedWhitespace.hasPrefix("<!--"),
                !line.contains("-->")
            {
                index =
                    lines[index...].firstIndex { $0.contains("-->") }
                    ?? lines.count
            } else {
                items.append(.prose(index: index))
            }
            index += 1
        }
    }

    /// The text inside `<!--` `-->` when `line` is an HTML comment alone on its line.
    static func loneComment(_ line: String) -> String? {
        let trimmed = line.trimmedWhitespace
        guard trimmed.hasPrefix("<!--"), trimmed.hasSuffix("-->"),
            trimmed.count >= 7
        else { return nil }
        return String(trimmed.dropFirst(4).dropLast(3)).trimmedWhitespace
    }

    /// The closing fence's index for `block`, noting the first line inside it that looks like
    /// structure: a directive, or a fence that could open a block of its own.
    private mutating func scanBlock(_ block: FencedBlock, in lines: [String])
        -> Int?
    {
        var reported = false
        for index in (block.openingIndex + 1)..<lines.count {
            let line = lines[index]
            if Self.closes(block, line) { return index }
            var what: String?
            if let inner = Self.fenceOpening(line, at: index),
                inner.marker == block.marker,
                inner.fenceLength >= block.fenceLength, !inner.language.isEmpty
            {
                what = "a fence that opens a ```\(inner.language) block"
            } else if block.fenceLength == 3,
                let body = Self.loneComment(line),
                case .directive = ParsedComment(body: body)
            {
                what = "a directive, '\(line.trimmedWhitespace)',"
            }
            guard !reported, let what else { continue }
            reported = true
            problems.append(
                (
                    index,
                    "\(what) inside the block that line \(block.openingIndex + 1) opens; that "
                        + "block's closing fence is probably missing (a block that shows such "
                        + "lines needs a longer fence)"
                ))
        }
        return nil
    }

    /// The fence characters `line` starts with after up to three spaces (a tab indents
    /// further), and the rest of the line.
    private static func fence(_ line: String) -> (
        indentation: Int, marker: Character, length: Int, info: Substring
    )? {
        let rest = line.drop { $0 == " " }
        guard line.count - rest.count <= 3, let marker = rest.first,
            marker == "`" || marker == "~"
        else { return nil }
        let length = rest.prefix { $0 == marker }.count
        return (line.count - rest.count, marker, length, rest.dropFirst(length))
    }

    private static func fenceOpening(_ line: String, at index: Int)
        -> FencedBlock?
    {
        guard let fence = fence(line), fence.length >= 3,
            fence.marker == "~" || !fence.info.contains("`")
        else { return nil }
        let language = fence.info.split(whereSeparator: {
            $0 == " " || $0 == "\t"
        })
        .first.map { $0.trimmedWhitespace }
        return FencedBlock(
            openingIndex: index, closingIndex: index, language: language ?? "",
            indentation: fence.indentation, marker: fence.marker,
            fenceLength: fence.length)
    }

    /// CommonMark: at least as many of the same marker, then only whitespace.
    private static func closes(_ block: FencedBlock, _ line: String) -> Bool {
        guard let fence = fence(line) else { return false }
        return fence.marker == block.marker && fence.length >= block.fenceLength
            && fence.info.isBlankLine
    }

    /// The longest run of `marker` that starts a line of `lines`, after up to three spaces.
    static func longestFenceRun(of marker: Character, in lines: [String]) -> Int
    {
        lines.compactMap(fence).filter { $0.marker == marker }.map(\.length)
            .max() ?? 0
    }
}

/// An instruction in a Markdown comment that ties the fenced block below it to the code.
package enum Directive: Hashable, Sendable {
    /// `<!-- include: PATH#REGION -->`: the swift block holds region REGION of file PATH.
    case include(path: String, region: String)
    /// `<!-- compiles -->`: the swift block type-checks cleanly against the chapter's library.
    case compiles
    /// `<!-- fails -->`: the swift block fails to compile; a text block after it records the errors.
    case fails
    /// `<!-- output: PRODUCT -->`: the text block holds what chapter executable PRODUCT prints;
    /// `<!-- output: PRODUCT#N -->` holds only its Nth part (see ``OutputParts``).
    case output(product: String, part: Int? = nil)
    /// `<!-- toolchain -->`: the text block holds the first line of `swift --version`.
    case toolchain
    /// `<!-- measurement: COMMAND -->`: the text block holds what COMMAND measured; it is never
    /// expected to repeat, only to be there and to say that COMMAND made it.
    case measurement(command: String)
    /// `<!-- temporary: PATH -->`: the swift block holds lines the reader adds to file PATH for
    /// now, so that a checkpoint below builds; a later include of the page, or of the page that
    /// continues it, replaces each of its declarations.
    case temporary(path: String)
    /// `<!-- checkpoint: PRODUCT -->`: the text block holds what chapter executable PRODUCT
    /// prints when its files are as the reader has them at this point of the page;
    /// `<!-- checkpoint: PRODUCT#N -->` holds only its Nth part (see ``OutputParts``).
    case checkpoint(product: String, part: Int? = nil)

    var blockLanguage: String {
        switch self {
        case .include, .compiles, .fails, .temporary: "swift"
        case .output, .toolchain, .measurement, .checkpoint: "text"
        }
    }

    var spelling: String {
        switch self {
        case .include(let path, let region): "include: \(path)#\(region)"
        case .compiles: "compiles"
        case .fails: "fails"
        case .output(let product, let part):
            "output: \(product)\(part.map { "#\($0)" } ?? "")"
        case .toolchain: "toolchain"
        case .measurement(let command): "measurement: \(command)"
        case .temporary(let path): "temporary: \(path)"
        case .checkpoint(let product, let part):
            "checkpoint: \(product)\(part.map { "#\($0)" } ?? "")"
        }
    }
}

enum ParsedComment: Equatable {
    case directive(Directive)
    /// A `figure` directive, which governs the image line below it rather than a fenced block.
    case figure(FigureSpec)
    /// `<!-- continues: PAGE.md -->`, which governs no block: the page goes on from PAGE, a
    /// page of its folder, whose temporary blocks its listings may replace.
    case continues(page: String)
    /// A known directive keyword with a wrong argument; the message says what is expected.
    case malformedDirective(String)
    case other

    /// Parses `body`, the text of an HTML comment without `<!--`, `-->` and surrounding spaces.
    init(body: String) {
        guard
            let match = body.wholeMatch(
                of:
                    /(include|compiles|fails|output|toolchain|measurement|temporary|checkpoint|figure|continues)([:\s].*)?/
            )
        else {
            self = .other
            return
        }
        let keyword = String(match.1)
        let argument = String(match.2 ?? "").trimmedWhitespace
        // What follows `KEYWORD:`; empty without the colon.
        let value =
            argument.hasPrefix(":")
            ? argument.dropFirst().trimmedWhitespace : ""
        let directive: Directive?
        var expectation = "expected '<!-- \(keyword): "
        switch keyword {
        case "figure":
            self =
                FigureSpec(argument: argument).map(ParsedComment.figure)
                ?? .malformedDirective(FigureSpec.expectation)
            return
        case "continues":
            self =
                value.wholeMatch(of: /[^\s\/#]+\.md/) == nil
                ? .malformedDirective(
                    expectation
                        + "PAGE.md -->', the file name of a page in this page's "
                        + "folder")
                : .continues(page: value)
            return
        case "include":
            expectation += "PATH#REGION -->'"
            directive = value.wholeMatch(of: /(\S+)#(\S+)/).flatMap { match in
                let written = String(match.1)
                let path =
                    LinkChecker.resolvedPath(of: written, from: "") ?? written
                let region = String(match.2)
                return path.isEmpty || !isValidRegionName(region)
                    ? nil : .include(path: path, region: region)
            }
        case "output", "checkpoint":
            expectation += "PRODUCT -->' or '<!-- \(keyword): PRODUCT#N -->'"
            directive = value.wholeMatch(of: /([^\s#]+)(?:#([0-9]+))?/).flatMap
            {
                match in
                let product = String(match.1)
                let part = match.2.map { Int($0) ?? 0 }
                return part == 0
                    ? nil
                    : keyword == "output"
                        ? .output(product: product, part: part)
                        : .checkpoint(product: product, part: part)
            }
        case "measurement":
            expectation += "COMMAND -->'"
            directive = value.isEmpty ? nil : .measurement(command: value)
        case "temporary":
            expectation += "PATH -->'"
            let path =
                value.wholeMatch(of: /[^\s#]+/) == nil
                ? nil : LinkChecker.resolvedPath(of: value, from: "")
            directive = path.flatMap {
                $0.isEmpty ? nil : .temporary(path: $0)
            }
        default:
            expectation = "expected '<!-- \(keyword) -->' with nothing after it"
            directive =
                !argument.isEmpty
                ? nil
                : keyword == "compiles"
                    ? .compiles : keyword == "fails" ? .fails : .toolchain
        }
        self =
            directive.map { .directive($0) } ?? .malformedDirective(expectation)
    }
}

/// What a `<!-- figure: … -->` directive asks to be drawn: `KIND PRODUCT pipeline N`, the
/// calls (`sequence`) or values (`marbles`) of the Nth pipeline of PRODUCT's traced run; or
/// `costs`, the page's `measurement` table as bars on a log scale.
///
/// It says `pipeline N`, not `#N`: `#N` names the Nth part of an output, and a part may hold
/// several pipelines.
struct FigureSpec: Hashable, Sendable {
    enum Kind: String, Sendable {
        case sequence, marbles, costs
    }

    var kind: Kind
    /// The chapter program whose trace the figure is drawn from; `nil` for `costs`.
    var product: String?
    var number = 0

    var spelling: String {
        "figure: \(kind.rawValue)"
            + (product.map { " \($0) pipeline \(number)" } ?? "")
    }

    static let expectation =
        "expected '<!-- figure: sequence|marbles PRODUCT pipeline N -->' or "
        + "'<!-- figure: costs -->'"

    /// Parses the argument after `figure`, including its colon; `nil` if it is malformed.
    init?(argument: String) {
        if argument.wholeMatch(of: /:\s*costs/) != nil {
            kind = .costs
            return
        }
        guard
            let match = argument.wholeMatch(
                of: /:\s*(sequence|marbles)\s+(\S+)\s+pipeline\s+(\d+)/),
            let number = Int(match.3), number > 0
        else { return nil }
        self.kind = Kind(rawValue: String(match.1))!
        self.product = String(match.2)
        self.number = number
    }
}

/// A `<!-- continues: PAGE.md -->` comment: the page it names and where it is.
struct PlacedContinuation: Equatable {
    /// The continued page's path relative to the repository root, such as `book/03-sink.md`.
    var path: String
    var index: Int

    var lineNumber: Int { index + 1 }
}

struct PlacedFigure: Equatable {
    var spec: FigureSpec
    var index: Int
    /// The image's path relative to the repository root, such as `book/figures/04-map.svg`.
    var imagePath: String
    var altText: String

    var lineNumber: Int { index + 1 }
}

package struct PlacedDirective: Equatable {
    package var directive: Directive
    var index: Int
    package var block: FencedBlock
    /// For `fails`: the ```text block holding the recorded errors, if present.
    var recordedBlock: FencedBlock?

    package var lineNumber: Int { index + 1 }
}

/// A Markdown file of the book, with its directives found and its structure checked.
package struct BookPage {
    /// The path relative to the repository root, such as `book/02-just.md`.
    package var path: String
    package var text: TextLines
    /// The number a `NN-` file name starts with; `nil` for files like `README.md`.
    var chapterNumber: Int?
    package var directives: [PlacedDirective] = []
    var figures: [PlacedFigure] = []
    /// The page this one continues, if it says so.
    var continuation: PlacedContinuation?
    package var items: [MarkdownItem] = []
    /// The prose lines' indices (figure image lines aside), where links are looked for.
    var proseIndices: [Int] = []
    /// Structural problems: swift blocks without directives, directives without blocks, and so on.
    var diagnostics: [BookDiagnostic] = []
    package var firstProblem: String? { diagnostics.first?.description }

    package init(path: String, contents: String) {
        self.path = path
        self.text = TextLines(contents)
        chapterNumber = leadingNumber(
            of: path.split(separator: "/").last.map(String.init) ?? path)
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
        var claimed: Set<Int> = []
        for (position, item) in items.enumerated() {
            switch item {
            case .prose(let index):
                if !figures.contains(where: { $0.index + 1 == index }) {
                    proseIndices.append(index)
                }
                if text.lines[index].contains(/^(<{7}|>{7})( |$)/) {
                    report(
                        "an unresolved merge conflict marker; keep the lines you want "
                            + "and delete the markers",
                        at: index)
                }
            case .fence(let block):
                if block.isSwift && !claimed.contains(block.openingIndex) {
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
                    claimed.insert(block.openingIndex)
                }
                read(
                    body, at: index, fence: fence,
                    following: items[(position + 1)...])
            }
        }
    }

    private mutating func read(
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
            let next = index + 1 < text.lines.count ? text.lines[index + 1] : ""
            guard
                let image = next.trimmedWhitespace.wholeMatch(
                    of: /!\[(.*)\]\((figures\/[^\/ ]+\.svg)\)/),
                !image.1.trimmedWhitespace.isEmpty
            else {
                return report(
                    "directive '<!-- \(spec.spelling) -->' must be followed on the next line by "
                        + "'![ALT TEXT](figures/NAME.svg)', with alt text saying what it shows",
                    at: index)
            }
            let folder = path.split(separator: "/").dropLast().map { $0 + "/" }
            figures.append(
                PlacedFigure(
                    spec: spec, index: index,
                    imagePath: folder.joined() + image.2,
                    altText: String(image.1)))
        case .continues(let name):
            if let fence, fence.isSwift {
                report(
                    "'<!-- \(body) -->' governs no block; the swift block below it needs "
                        + "a directive of its own", at: index)
            }
            let continued =
                LinkChecker.resolvedPath(of: name, from: path) ?? name
            if let continuation {
                report(
                    "this page continues \(continuation.path) already (line "
                        + "\(continuation.lineNumber)); a page may continue only one page",
                    at: index)
            } else {
                continuation = PlacedContinuation(path: continued, index: index)
            }
        case .malformedDirective(let expectation):
            report(
                "malformed directive '<!-- \(body) -->'; \(expectation)",
                at: index)
        case .directive(let directive):
            let needs = "```\(directive.blockLanguage) block"
            let name = "directive '<!-- \(directive.spelling) -->'"
            guard let fence else {
                return report(
                    "\(name) must be followed on the next line by a \(needs)",
                    at: index)
            }
            guard
                directive.blockLanguage == "swift"
                    ? fence.isSwift : fence.language == directive.blockLanguage
            else {
                let actual =
                    fence.language.isEmpty
                    ? "a block without a language"
                    : "a ```\(fence.language) block"
                return report(
                    "\(name) needs a \(needs), not \(actual)", at: index)
            }
            guard fence.indentation == 0 else {
                return report(
                    "\(name) is followed by an indented fence "
                        + "(as in a list item), which sync would rewrite without its indentation; "
                        + "start the fence at the beginning of its line",
                    at: index)
            }
            var placed = PlacedDirective(
                directive: directive, index: index, block: fence)
            // The errors block of a `fails` listing: the next text block, if only blank lines
            // and at most one caption come between.
            if directive == .fails,
                case .fence(let next) = following.first(where: {
                    if case .fence(let next) = $0 {
                        next.openingIndex > fence.closingIndex
                    } else {
                        false
                    }
                })
            {
                let gap = text.lines[
                    (fence.closingIndex + 1)..<next.openingIndex]
                if next.language == "text",
                    gap.filter(PageFurniture.isCaption).count <= 1,
                    gap.allSatisfy({
                        $0.isBlankLine || PageFurniture.isCaption($0)
                    })
                {
                    placed.recordedBlock = next
                }
            }
            directives.append(placed)
        }
    }

    private mutating func report(_ message: String, at index: Int) {
        diagnostics.append(
            BookDiagnostic(path: path, line: index + 1, message: message))
    }
}

/// The number a name like `02-just.md` or `02-Just` starts with, if it starts with digits and a dash.
package func leadingNumber(of name: String) -> Int? {
    name.prefixMatch(of: /([0-9]+)-/).flatMap { Int($0.1) }
}

extension [BookPage] {
    /// These pages in the order `contents`, the book's README, links them; those it does not
    /// link go last, in their order here.
    package func inContentsOrder(of contents: BookPage) -> [BookPage] {
        let text = contents.text.text
        func place(_ page: BookPage) -> String.Index {
            let file =
                page.path.split(separator: "/").last.map(String.init) ?? ""
            return text.range(of: "](\(file)")?.lowerBound ?? text.endIndex
        }
        return enumerated().map { (place: place($1), offset: $0, page: $1) }
            .sorted { ($0.place, $0.offset) < ($1.place, $1.offset) }
            .map(\.page)
    }
}

/// Finds relative Markdown links, `](path)` or `](path#anchor)`, whose target file does not exist,
/// or whose anchor names no heading of a page in `pages` (the page itself for `](#anchor)`).
package enum LinkChecker {
    static func brokenLinks(
        in page: BookPage, pages: [String: BookPage] = [:],
        fileExists: (String) -> Bool
    ) -> [BookDiagnostic] {
        page.proseIndices.flatMap { index in
            linkTargets(in: page.text.lines[index]).compactMap { target in
                let isLocal = target.hasPrefix("#")
                guard
                    let path = isLocal
                        ? page.path : resolvedPath(of: target, from: page.path)
                else { return nil }
                var problem: String? = nil
                if !isLocal && !fileExists(path) {
                    problem = "does not exist"
                } else if target.contains("#"),
                    let anchor = target.split(separator: "#").last,
                    let linked = isLocal ? page : pages[path],
                    !anchors(of: linked).contains(String(anchor))
                {
                    problem = "names no heading of \(path)"
                }
                return problem.map {
                    BookDiagnostic(
                        path: page.path, line: index + 1,
                        message: "link target '\(target)' \($0)")
                }
            }
        }
    }

    /// The anchors GitHub gives `page`'s headings.
    static func anchors(of page: BookPage) -> Set<String> {
        Set(
            page.proseIndices.compactMap { index in
                page.text.lines[index].wholeMatch(of: /#{1,6}[ \t]+(.*)/).map {
                    anchor(ofHeading: String($0.1))
                }
            })
    }

    /// The anchor GitHub gives a heading whose text is `heading`: lowercased, punctuation
    /// other than `-` and `_` dropped, spaces as dashes.
    package static func anchor(ofHeading heading: String) -> String {
        String(
            heading.lowercased().filter {
                $0.isLetter || $0.isNumber || " -_".contains($0)
            }
        ).replacingOccurrences(of: " ", with: "-")
    }

    static func linkTargets(in line: String) -> [String] {
        let withoutCode = line.split(
            separator: "`", omittingEmptySubsequences: false
        )
        .enumerated().filter { $0.offset.isMultiple(of: 2) }.map(\.element)
        .joined(separator: " ")
        return withoutCode.matches(of: /\]\([ \t]*([^)\s]+)[^)]*\)/).map {
            String($0.1).trimmingCharacters(
                in: CharacterSet(charactersIn: "<>"))
        }
    }

    /// The repository-relative path a link from `pagePath` points to, or `nil` if it is not a
    /// local file link.
    static func resolvedPath(of target: String, from pagePath: String)
        -> String?
    {
        if target.isEmpty || target.hasPrefix("#")
            || target.prefixMatch(of: /(?i)(https?:\/\/|mailto:)/) != nil
        {
            return nil
        }
        let withoutAnchor = String(target.prefix { $0 != "#" })
        let decoded = withoutAnchor.removingPercentEncoding ?? withoutAnchor
        var components =
            decoded.hasPrefix("/")
            ? [] : pagePath.split(separator: "/").dropLast().map(String.init)
        for component in decoded.split(separator: "/") {
            switch component {
            case ".": continue
            case "..": if components.popLast() == nil { return decoded }
            default: components.append(String(component))
            }
        }
        return components.joined(separator: "/")
    }
}
