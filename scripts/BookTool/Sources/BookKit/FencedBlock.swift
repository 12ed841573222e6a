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
            if let opening = Self.fenceOpening(line) {
                guard
                    let closingIndex = scanBlock(opening, at: index, in: lines)
                else {
                    unclosedFenceIndex = index
                    return
                }
                items.append(
                    .fence(opening.block(from: index, to: closingIndex)))
                index = closingIndex + 1
                continue
            }
            let trimmed = line.trimmedWhitespace
            if trimmed.hasPrefix("<!--") && trimmed.hasSuffix("-->")
                && trimmed.count >= 7
            {
                let body = trimmed.dropFirst(4).dropLast(3)
                items.append(
                    .comment(index: index, body: String(body).trimmedWhitespace)
                )
            } else if trimmed.hasPrefix("<!--") && !trimmed.contains("-->") {
                index =
                    lines[index...].firstIndex { $0.contains("-->") }
                    ?? lines.count
            } else {
                items.append(.prose(index: index))
            }
            index += 1
        }
    }

    private mutating func scanBlock(
        _ opening: FenceOpening, at index: Int, in lines: [String]
    )
        -> Int?
    {
        var reported = false
        for contentIndex in (index + 1)..<lines.count {
            let line = lines[contentIndex]
            if Self.closesFence(line, opening: opening) {
                return contentIndex
            }
            guard !reported,
                let what = Self.structure(in: line, inside: opening)
            else { continue }
            reported = true
            problems.append(
                (
                    contentIndex,
                    "\(what) inside the block that line \(index + 1) opens; that block's closing "
                        + "fence is probably missing (a block that shows such lines needs a "
                        + "longer fence)"
                ))
        }
        return nil
    }

    private static func structure(in line: String, inside opening: FenceOpening)
        -> String?
    {
        if let inner = fenceOpening(line), inner.marker == opening.marker,
            inner.length >= opening.length, !inner.language.isEmpty
        {
            return "a fence that opens a ```\(inner.language) block"
        }
        let trimmed = line.trimmedWhitespace
        guard opening.length == 3, trimmed.hasPrefix("<!--"),
            trimmed.hasSuffix("-->"),
            trimmed.count >= 7,
            case .directive = ParsedComment(
                body: String(trimmed.dropFirst(4).dropLast(3)).trimmedWhitespace
            )
        else { return nil }
        return "a directive, '\(trimmed)',"
    }

    private struct FenceOpening {
        var marker: Character
        var length: Int
        var language: String
        var indentation: Int

        func block(from openingIndex: Int, to closingIndex: Int) -> FencedBlock
        {
            FencedBlock(
                openingIndex: openingIndex, closingIndex: closingIndex,
                language: language,
                indentation: indentation, marker: marker, fenceLength: length)
        }
    }

    private static func fenceOpening(_ line: String) -> FenceOpening? {
        let indentation = line.prefix { $0 == " " }.count
        guard indentation <= 3 else { return nil }
        let rest = line.dropFirst(indentation)
        guard let marker = rest.first, marker == "`" || marker == "~" else {
            return nil
        }
        let length = rest.prefix { $0 == marker }.count
        guard length >= 3 else { return nil }
        let info = String(rest.dropFirst(length)).trimmedWhitespace
        if marker == "`" && info.contains("`") {
            return nil
        }
        let language = info.split(whereSeparator: { $0 == " " || $0 == "\t" })
            .first.map(
                String.init)
        return FenceOpening(
            marker: marker, length: length, language: language ?? "",
            indentation: indentation)
    }

    private static func closesFence(_ line: String, opening: FenceOpening)
        -> Bool
    {
        let rest = line.drop { $0 == " " }
        guard line.count - rest.count <= 3, rest.first == opening.marker else {
            return false
        }
        let trimmed = rest.trimmedWhitespace
        return trimmed.count >= opening.length
            && trimmed.allSatisfy { $0 == opening.marker }
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
