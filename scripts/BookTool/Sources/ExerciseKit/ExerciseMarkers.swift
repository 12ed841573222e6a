import BookKit

/// A library file with its exercise markers read: what `start` blanks and what it hides.
///
/// `// exercise.blank: WHAT` … `// exercise.end` becomes one
/// `fatalError("Not implemented yet: WHAT")`, indented like the marker;
/// `// exercise.hide` … `// exercise.end` disappears. The book tool drops every marker line.
struct ExerciseMarkedFile {
    struct Region {
        /// What a blank region says is missing; `nil` for a hidden one.
        var blank: String?
        /// The 1-based lines of the opening marker and of `// exercise.end`.
        var startLine: Int
        var endLine: Int
        var indentation: String
    }

    var regions: [Region] = []
    /// Malformed, nested or unclosed markers, as `path:line: error: message`.
    var problems: [String] = []
    private var text: TextLines

    static let failurePrefix = "Not implemented yet: "

    init(path: String, text: String) {
        self.text = TextLines(text)
        var open: Region?
        for (index, line) in self.text.lines.enumerated() {
            let trimmed = line.trimmedWhitespace
            guard trimmed.hasPrefix(exerciseMarkerPrefix) else { continue }
            let marker = trimmed.dropFirst(exerciseMarkerPrefix.count)
            let what = marker.dropFirst("blank:".count).trimmedWhitespace
            func problem(_ message: String) {
                problems.append("\(path):\(index + 1): error: \(message)")
            }
            if marker == "end" {
                guard var region = open else {
                    problem("'// exercise.end' without an open region")
                    continue
                }
                region.endLine = index + 1
                regions.append(region)
                open = nil
            } else if marker != "hide",
                !marker.hasPrefix("blank:") || what.isEmpty
            {
                problem(
                    "malformed exercise marker '\(trimmed)'; expected "
                        + "'// exercise.blank: WHAT', '// exercise.hide' "
                        + "or '// exercise.end'")
            } else if let region = open {
                problem(
                    "exercise regions do not nest; the one opened at line "
                        + "\(region.startLine) is still open")
            } else {
                open = Region(
                    blank: marker == "hide" ? nil : what,
                    startLine: index + 1, endLine: 0,
                    indentation: String(line.prefix { $0 == " " }))
            }
        }
        if let region = open {
            problems.append(
                "\(path):\(region.startLine): error: exercise region is "
                    + "never closed with '// exercise.end'")
        }
    }

    /// The file as a student starts it, without the book's `// snippet.` markers; each blank
    /// with its line in it.
    var blanked: (text: String, blanks: [(what: String, line: Int)]) {
        var output: [String] = []
        var blanks: [(String, Int)] = []
        var next = 0
        func keep(_ range: Range<Int>) {
            output += text.lines[range].filter {
                !$0.trimmedWhitespace.hasPrefix("// snippet.")
            }
        }
        for region in regions {
            keep(next..<(region.startLine - 1))
            if let what = region.blank {
                let literal = what.replacingOccurrences(of: "\\", with: "\\\\")
                    .replacingOccurrences(of: "\"", with: "\\\"")
                output.append(
                    region.indentation
                        + "fatalError(\"\(Self.failurePrefix)\(literal)\")")
                blanks.append((what, output.count))
            }
            next = region.endLine
        }
        keep(next..<text.lines.count)
        let lines = TextLines(
            lines: output, endsWithNewline: text.endsWithNewline)
        return (lines.text, blanks)
    }

    /// `text` without exercise and snippet marker lines: the book's code as a student sees it.
    static func withoutMarkers(_ text: String) -> String {
        var lines = TextLines(text)
        lines.lines.removeAll {
            let trimmed = $0.trimmedWhitespace
            return trimmed.hasPrefix(exerciseMarkerPrefix)
                || trimmed.hasPrefix("// snippet.")
        }
        return lines.text
    }
}
