import BookKit

/// A library file with its exercise markers read: what `start` blanks and what it hides.
///
/// Two kinds of region, each closed by `// exercise.end`:
/// - `// exercise.blank: WHAT` — the lines become one `fatalError("Not implemented yet: WHAT")`,
///   indented like the marker, so the file still builds and the first call says what is missing;
/// - `// exercise.hide` — the lines disappear (stored properties and helpers that would give
///   the answer away).
///
/// The markers themselves never reach the book: the book tool drops every `// exercise.` line.
struct ExerciseMarkedFile: Equatable {
    /// A region of the file and what becomes of it.
    struct Region: Equatable {
        enum Kind: Equatable {
            /// Replaced by a "not implemented yet" failure naming `what`.
            case blank(what: String)
            /// Removed.
            case hide
        }

        var kind: Kind
        /// The 1-based line of the opening marker.
        var startLine: Int
        /// The 1-based line of `// exercise.end`.
        var endLine: Int
        /// The opening marker's indentation, reused for the failure.
        var indentation: String
    }

    /// The file's path, for diagnostics.
    var path: String
    /// The regions in file order.
    var regions: [Region] = []
    /// Malformed, nested, unopened or unclosed markers, as `path:line: message`.
    var problems: [String] = []
    private var lines: [String]
    private var endsWithNewline: Bool

    /// The message a blanked body fails with.
    static func failureMessage(for what: String) -> String {
        "Not implemented yet: \(what)"
    }

    /// Reads the markers of `text`, the contents of the file at `path`.
    init(path: String, text: String) {
        self.path = path
        let textLines = TextLines(text)
        lines = textLines.lines
        endsWithNewline = textLines.endsWithNewline
        var open: (kind: Region.Kind, line: Int, indentation: String)?
        for (index, line) in lines.enumerated() {
            let trimmed = line.trimmedWhitespace
            guard trimmed.hasPrefix(exerciseMarkerPrefix) else { continue }
            let lineNumber = index + 1
            let marker = String(trimmed.dropFirst(exerciseMarkerPrefix.count))
            let indentation = String(line.prefix { $0 == " " || $0 == "\t" })
            if marker == "end" {
                guard let opened = open else {
                    problems.append(
                        "\(path):\(lineNumber): '// exercise.end' without an open region"
                    )
                    continue
                }
                regions.append(
                    Region(
                        kind: opened.kind, startLine: opened.line,
                        endLine: lineNumber,
                        indentation: opened.indentation))
                open = nil
                continue
            }
            let kind: Region.Kind
            if marker == "hide" {
                kind = .hide
            } else if marker.hasPrefix("blank:"),
                case let what = marker.dropFirst("blank:".count)
                    .trimmedWhitespace, !what.isEmpty
            {
                kind = .blank(what: what)
            } else {
                problems.append(
                    "\(path):\(lineNumber): malformed exercise marker '\(trimmed)'; expected "
                        + "'// exercise.blank: WHAT', '// exercise.hide' or '// exercise.end'"
                )
                continue
            }
            if let opened = open {
                problems.append(
                    "\(path):\(lineNumber): exercise regions do not nest; the one opened at line "
                        + "\(opened.line) is still open")
                continue
            }
            open = (kind, lineNumber, indentation)
        }
        if let opened = open {
            problems.append(
                "\(path):\(opened.line): exercise region is never closed with '// exercise.end'"
            )
        }
    }

    /// Whether the file has any region to blank or hide.
    var hasRegions: Bool { !regions.isEmpty }

    /// The file as a student starts it: blanked regions fail, hidden ones are gone, and so
    /// are the book's `// snippet.` markers, which mean nothing to a student; every other line
    /// is as it was.
    var blankedText: String {
        TextLines(lines: blankedLines, endsWithNewline: endsWithNewline).text
    }

    private var blankedLines: [String] {
        var output: [String] = []
        var index = 0
        func keep(_ range: Range<Int>) {
            output += lines[range].filter {
                !$0.trimmedWhitespace.hasPrefix("// snippet.")
            }
        }
        for region in regions {
            keep(index..<(region.startLine - 1))
            switch region.kind {
            case .blank(let what):
                let literal = what.replacingOccurrences(of: "\\", with: "\\\\")
                    .replacingOccurrences(of: "\"", with: "\\\"")
                output.append(
                    "\(region.indentation)fatalError(\"\(Self.failureMessage(for: literal))\")"
                )
            case .hide:
                break
            }
            index = region.endLine
        }
        keep(index..<lines.count)
        return output
    }

    /// What each blanked region says is missing, in file order, with its line in the blanked file.
    var blanks: [(what: String, line: Int)] {
        let whats = regions.compactMap { region -> String? in
            if case .blank(let what) = region.kind { return what }
            return nil
        }
        let failureLines = blankedLines.indices.filter {
            blankedLines[$0].trimmedWhitespace.hasPrefix(
                "fatalError(\"Not implemented yet: ")
        }
        return zip(whats, failureLines).map { ($0, $1 + 1) }
    }

}
