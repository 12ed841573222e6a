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

    /// Whether the info string's first word is `swift` in any letter case (`swift`, `Swift`).
    public var isSwift: Bool { language.lowercased() == "swift" }

    /// The 0-based indices of the lines between the fences.
    public var contentRange: Range<Int> { (openingIndex + 1)..<closingIndex }
}

/// One thing in a Markdown file that the tool cares about, outside fenced blocks.
public enum MarkdownItem: Equatable, Sendable {
    /// A fenced code block.
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

    /// Scans `lines`, a Markdown file's lines without their line terminators.
    public init(lines: [String]) {
        var index = 0
        while index < lines.count {
            let line = lines[index]
            if let opening = Self.fenceOpening(line) {
                guard
                    let closingIndex = lines[(index + 1)...].firstIndex(where: {
                        Self.closesFence($0, opening: opening)
                    })
                else {
                    unclosedFenceIndex = index
                    return
                }
                let block = FencedBlock(
                    openingIndex: index, closingIndex: closingIndex, language: opening.language,
                    indentation: opening.indentation)
                items.append(.fence(block))
                index = closingIndex + 1
                continue
            }
            let trimmed = line.trimmedWhitespace
            if trimmed.hasPrefix("<!--") && trimmed.hasSuffix("-->") && trimmed.count >= 7 {
                let body = trimmed.dropFirst(4).dropLast(3)
                items.append(.comment(index: index, body: String(body).trimmedWhitespace))
            } else {
                items.append(.prose(index: index))
            }
            index += 1
        }
    }

    private struct FenceOpening {
        var marker: Character
        var length: Int
        var language: String
        var indentation: Int
    }

    private static func fenceOpening(_ line: String) -> FenceOpening? {
        let indentation = line.prefix { $0 == " " }.count
        guard indentation <= 3 else { return nil }
        let rest = line.dropFirst(indentation)
        guard let marker = rest.first, marker == "`" || marker == "~" else { return nil }
        let length = rest.prefix { $0 == marker }.count
        guard length >= 3 else { return nil }
        let info = String(rest.dropFirst(length)).trimmedWhitespace
        if marker == "`" && info.contains("`") {
            return nil
        }
        let language = info.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(
            String.init)
        return FenceOpening(
            marker: marker, length: length, language: language ?? "", indentation: indentation)
    }

    /// CommonMark: up to three spaces, at least as many of the same marker, then only whitespace.
    private static func closesFence(_ line: String, opening: FenceOpening) -> Bool {
        guard line.prefix(while: { $0 == " " }).count <= 3 else { return false }
        let trimmed = line.trimmedWhitespace
        return trimmed.count >= opening.length && trimmed.allSatisfy { $0 == opening.marker }
    }
}
