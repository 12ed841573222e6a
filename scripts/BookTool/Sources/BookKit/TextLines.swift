/// The lines of a text file, remembering whether it ended with a newline so it round-trips.
package struct TextLines: Equatable {
    /// The lines, without their line terminators.
    package var lines: [String]
    /// Whether the text ended with a newline.
    package var endsWithNewline: Bool

    /// Wraps `lines`, already split.
    package init(lines: [String], endsWithNewline: Bool) {
        self.lines = lines
        self.endsWithNewline = endsWithNewline
    }

    /// Splits `text` at `\n`; a trailing `\r` is kept as part of its line.
    /// (It splits scalars: `"\r\n"` is one `Character`, so a CRLF file would be one line.)
    package init(_ text: String) {
        var lines = text.unicodeScalars.split(
            separator: "\n", omittingEmptySubsequences: false
        )
        .map { String(String.UnicodeScalarView($0)) }
        endsWithNewline = text.unicodeScalars.last == "\n"
        if endsWithNewline {
            lines.removeLast()
        }
        self.lines = text.isEmpty ? [] : lines
    }

    /// The text these lines were read from, or the edited text.
    package var text: String {
        lines.joined(separator: "\n")
            + (endsWithNewline && !lines.isEmpty ? "\n" : "")
    }
}

extension StringProtocol {
    /// The string without leading and trailing spaces and tabs.
    package var trimmedWhitespace: String {
        let start = drop { $0 == " " || $0 == "\t" }
        return String(
            start.dropLast(
                start.reversed().prefix {
                    $0 == " " || $0 == "\t" || $0 == "\r"
                }
                .count))
    }

    /// Whether the line holds nothing but whitespace.
    package var isBlankLine: Bool {
        trimmedWhitespace.isEmpty
    }
}

/// Removes the indentation all non-blank lines share, and the blank lines at the end.
func dedented(_ lines: [String]) -> [String] {
    var lines = lines
    while let last = lines.last, last.isBlankLine {
        lines.removeLast()
    }
    let indentations = lines.filter { !$0.isBlankLine }.map { line in
        line.prefix { $0 == " " || $0 == "\t" }.count
    }
    let common = indentations.min() ?? 0
    return lines.map { $0.isBlankLine ? "" : String($0.dropFirst(common)) }
}

/// `n` with at least two digits, as chapter folders are numbered.
package func twoDigits(_ number: Int) -> String {
    number < 10 ? "0\(number)" : "\(number)"
}

extension Sequence where Element: Hashable {
    /// The elements in order, each only the first time it occurs.
    package func uniqued() -> [Element] {
        var seen: Set<Element> = []
        return filter { seen.insert($0).inserted }
    }
}
