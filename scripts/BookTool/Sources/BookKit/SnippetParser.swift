/// The regions of one Swift file, and the problems with its markers.
struct SnippetFile: Sendable {
    var path: String
    /// The well-formed regions by name; a duplicated name keeps its first region.
    var regions: [String: SnippetRegion] = [:]
    /// Unclosed, unopened, duplicated, malformed and empty regions.
    var diagnostics: [BookDiagnostic] = []
    /// Whether the file could be read; includes of an unreadable file report nothing more.
    var isReadable = true

    init(path: String, text: String) {
        self.path = path
        let markerPrefix = "// snippet."
        var open: [SnippetRegion] = []
        var namesSeen: [String: Int] = [:]
        for (index, line) in TextLines(text).lines.enumerated() {
            let lineNumber = index + 1
            let trimmed = line.trimmedWhitespace
            // Exercise markers (`// exercise.blank: …`) belong to scripts/exercise, not to the book.
            if trimmed.hasPrefix(exerciseMarkerPrefix) { continue }
            guard trimmed.hasPrefix(markerPrefix) else {
                for index in open.indices { open[index].lines.append(line) }
                continue
            }
            let name = String(trimmed.dropFirst(markerPrefix.count))
            if name == "end" {
                guard var region = open.popLast() else {
                    report(
                        "'// snippet.end' without an open region", lineNumber)
                    continue
                }
                region.lines = dedented(region.lines)
                region.endLine = lineNumber
                if region.lines.allSatisfy(\.isBlankLine) {
                    report("region '\(region.name)' is empty", region.startLine)
                } else if namesSeen[region.name] == region.startLine {
                    regions[region.name] = region
                }
            } else if isValidRegionName(name) {
                if let firstLine = namesSeen[name] {
                    report(
                        "region '\(name)' is defined twice in this file (first at line \(firstLine))",
                        lineNumber)
                } else {
                    namesSeen[name] = lineNumber
                }
                open.append(
                    SnippetRegion(name: name, startLine: lineNumber, lines: []))
            } else {
                report(
                    "malformed snippet marker '\(trimmed)'; expected '// snippet.NAME' "
                        + "(NAME: letters, digits, '_' and '-') or '// snippet.end'",
                    lineNumber)
            }
        }
        for region in open {
            report(
                "region '\(region.name)' is never closed with '// snippet.end'",
                region.startLine)
        }
    }

    private mutating func report(_ message: String, _ line: Int) {
        diagnostics.append(
            BookDiagnostic(path: path, line: line, message: message))
    }
}

/// What every exercise marker line starts with; such lines never appear in a region.
package let exerciseMarkerPrefix = "// exercise."
