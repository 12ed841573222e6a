/// A fenced code block in a Markdown file.
public struct FencedBlock: Equatable, Sendable {
    /// The 0-based index of the opening fence line.
    public var openingIndex: Int
    /// The 0-based index of the closing fence line.
    public var closingIndex: Int
    /// The first word of the info string, such as `swift` or `text`; empty if none.
    public var language: String
    /// How many spaces the opening fence is indented by (0…3).
    public var indentation: Int = 0
    /// The fence character, `` ` `` or `~`.
    var marker: Character = "`"
    /// How many fence characters the opening fence has (3 or more).
    var fenceLength: Int = 3

    /// Whether the info string's first word is `swift` in any letter case (`swift`, `Swift`).
    public var isSwift: Bool { language.lowercased() == "swift" }

    /// The 0-based indices of the lines between the fences.
    public var contentRange: Range<Int> { (openingIndex + 1)..<closingIndex }
}

/// One thing in a Markdown file that the tool cares about, outside fenced blocks.
public enum MarkdownItem: Equatable, Sendable {
    case fence(FencedBlock)
    /// An HTML comment alone on its line: its 0-based line index and the text inside `<!--` `-->`.
    case comment(index: Int, body: String)
    /// A prose line that may contain links: its 0-based index.
    case prose(index: Int)
}

/// Splits Markdown lines into fenced blocks, lone comments and prose, without parsing inside fences.
public struct MarkdownScanner: Sendable {
    /// The items in file order.
    public private(set) var items: [MarkdownItem] = []
    /// The 0-based index of an opening fence that is never closed, if any.
    public private(set) var unclosedFenceIndex: Int?
    private(set) var problems: [(index: Int, message: String)] = []

    /// Scans `lines`, a Markdown file's lines without their line terminators.
    public init(lines: [String]) {
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

    private static func fenceOpening(_ line: String, at index: Int)
        -> FencedBlock?
    {
        let indentation = line.prefix { $0 == " " }.count
        guard indentation <= 3 else { return nil }
        let rest = line.dropFirst(indentation)
        guard let marker = rest.first, marker == "`" || marker == "~" else {
            return nil
        }
        let length = rest.prefix { $0 == marker }.count
        let info = String(rest.dropFirst(length)).trimmedWhitespace
        guard length >= 3, marker == "~" || !info.contains("`") else {
            return nil
        }
        let language = info.split(whereSeparator: { $0 == " " || $0 == "\t" })
            .first.map(String.init)
        return FencedBlock(
            openingIndex: index, closingIndex: index, language: language ?? "",
            indentation: indentation, marker: marker, fenceLength: length)
    }

    /// CommonMark: up to three spaces (a tab indents further), at least as many of the same
    /// marker, then only whitespace.
    private static func closes(_ block: FencedBlock, _ line: String) -> Bool {
        let rest = line.drop { $0 == " " }
        guard line.count - rest.count <= 3, rest.first == block.marker else {
            return false
        }
        let trimmed = rest.trimmedWhitespace
        return trimmed.count >= block.fenceLength
            && trimmed.allSatisfy { $0 == block.marker }
    }

    /// The longest run of `marker` that starts a line of `lines`, after up to three spaces.
    static func longestFenceRun(of marker: Character, in lines: [String]) -> Int
    {
        lines.map { line in
            let rest = line.drop { $0 == " " }
            guard line.count - rest.count <= 3 else { return 0 }
            return rest.prefix { $0 == marker }.count
        }.max() ?? 0
    }
}
