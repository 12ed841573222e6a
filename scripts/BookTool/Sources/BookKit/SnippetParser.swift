/// The regions of one Swift file, and the problems with its markers.
struct SnippetFile: Sendable {
    var path: String
    /// The well-formed regions by name; a duplicated name keeps its first region.
    var regions: [String: SnippetRegion]
    /// Unclosed, unopened, duplicated, malformed and empty regions.
    var diagnostics: [BookDiagnostic]
    /// Whether the file could be read; includes of an unreadable file report nothing more.
    var isReadable = true

    init(path: String, text: String) {
        self.path = path
        var parser = SnippetParser(path: path)
        for (index, line) in TextLines(text).lines.enumerated() {
            parser.read(line, lineNumber: index + 1)
        }
        parser.finish()
        regions = parser.regions
        diagnostics = parser.diagnostics
    }
}

/// What every exercise marker line starts with; such lines never appear in a region.
package let exerciseMarkerPrefix = "// exercise."

private struct SnippetParser {
    static let markerPrefix = "// snippet."

    let path: String
    var openRegions: [SnippetRegion] = []
    var regions: [String: SnippetRegion] = [:]
    var namesSeen: [String: Int] = [:]
    var diagnostics: [BookDiagnostic] = []

    init(path: String) {
        self.path = path
    }

    mutating func read(_ line: String, lineNumber: Int) {
        let trimmed = line.trimmedWhitespace
        // Exercise markers (`// exercise.blank: …`) belong to scripts/exercise, not to the book.
        if trimmed.hasPrefix(exerciseMarkerPrefix) {
            return
        }
        guard trimmed.hasPrefix(Self.markerPrefix) else {
            for index in openRegions.indices {
                openRegions[index].lines.append(line)
            }
            return
        }
        let rest = String(trimmed.dropFirst(Self.markerPrefix.count))
        if rest == "end" {
            close(atLine: lineNumber)
        } else if isValidRegionName(rest) {
            open(rest, atLine: lineNumber)
        } else {
            report(
                "malformed snippet marker '\(trimmed)'; expected '// snippet.NAME' "
                    + "(NAME: letters, digits, '_' and '-') or '// snippet.end'",
                atLine: lineNumber)
        }
    }

    mutating func finish() {
        for region in openRegions {
            report(
                "region '\(region.name)' is never closed with '// snippet.end'",
                atLine: region.startLine)
        }
        openRegions = []
    }

    private mutating func open(_ name: String, atLine lineNumber: Int) {
        if let firstLine = namesSeen[name] {
            report(
                "region '\(name)' is defined twice in this file (first at line \(firstLine))",
                atLine: lineNumber)
        } else {
            namesSeen[name] = lineNumber
        }
        openRegions.append(
            SnippetRegion(name: name, startLine: lineNumber, lines: []))
    }

    private mutating func close(atLine lineNumber: Int) {
        guard var region = openRegions.popLast() else {
            report(
                "'// snippet.end' without an open region", atLine: lineNumber)
            return
        }
        region.lines = dedented(region.lines)
        region.endLine = lineNumber
        if region.lines.allSatisfy(\.isBlankLine) {
            report("region '\(region.name)' is empty", atLine: region.startLine)
        } else if namesSeen[region.name] == region.startLine {
            regions[region.name] = region
        }
    }

    private mutating func report(_ message: String, atLine lineNumber: Int) {
        diagnostics.append(
            BookDiagnostic(path: path, line: lineNumber, message: message))
    }
}
