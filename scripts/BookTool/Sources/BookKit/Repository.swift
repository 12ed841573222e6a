import Foundation

/// A numbered folder such as `Sources/MiniCombine/02-Just` or `Chapters/02-Just`, with the
/// paths of its `.swift` files, sorted.
package struct NumberedFolder: Hashable, Sendable {
    package var number: Int
    var path: String
    var swiftFiles: [String]

    /// The executable a chapter folder builds, as the book's `Package.swift` names it.
    package var productName: String {
        Self.productName(ofFolder: String(path.split(separator: "/").last!))
    }

    /// The executable the chapter folder called `name` builds: `05-OperatorInner` builds
    /// `05-operator-inner`.
    package static func productName(ofFolder name: String) -> String {
        name.reduce(into: "") { product, character in
            if character.isUppercase, let last = product.last,
                last.isLetter || last.isNumber
            {
                product.append("-")
            }
            product.append(character)
        }.lowercased()
    }
}

/// A repository file as read for parsing: its text with LF line endings (empty if it could not
/// be read as UTF-8), and what is wrong with it, if anything.
package struct SourceText: Sendable {
    package var text: String
    var isReadable: Bool
    var diagnostic: BookDiagnostic?
    package var problem: String? { diagnostic?.description }
}

/// Where the book's parts live in a repository, found by listing its folders.
package struct RepositoryLayout: Sendable {
    var root: URL
    var libraryFolders: [NumberedFolder]
    package var chapterFolders: [NumberedFolder]
    /// Every `.swift` file under `Sources`, `Chapters` and `Tests`.
    var markedSwiftFiles: [String]
    package var markdownFiles: [String]

    package init(root: URL) {
        let root = root.standardizedFileURL
        self.root = root
        func names(_ folder: String) -> [String] {
            let path = root.appendingPathComponent(folder).path
            return (try? FileManager.default.contentsOfDirectory(atPath: path))?
                .sorted() ?? []
        }
        func swiftFiles(_ folder: String) -> [String] {
            let all = FileManager.default.enumerator(
                atPath: root.appendingPathComponent(folder).path)?.allObjects
            return (all as? [String] ?? []).filter { $0.hasSuffix(".swift") }
                .map { "\(folder)/\($0)" }.sorted()
        }
        func numberedFolders(_ parent: String) -> [NumberedFolder] {
            names(parent).compactMap { name in
                var isDirectory: ObjCBool = false
                let path = "\(parent)/\(name)"
                guard let number = leadingNumber(of: name),
                    FileManager.default.fileExists(
                        atPath: root.appendingPathComponent(path).path,
                        isDirectory: &isDirectory), isDirectory.boolValue
                else { return nil }
                return NumberedFolder(
                    number: number, path: path, swiftFiles: swiftFiles(path))
            }.sorted { $0.number < $1.number }
        }
        libraryFolders = numberedFolders("Sources/MiniCombine")
        chapterFolders = numberedFolders("Chapters")
        markedSwiftFiles = ["Sources", "Chapters", "Tests"].flatMap(swiftFiles)
        markdownFiles = names("book").filter { $0.hasSuffix(".md") }.map {
            "book/\($0)"
        }
    }

    func url(for path: String) -> URL {
        root.appendingPathComponent(path)
    }

    /// Reads the file at `path`, relative to the root, for parsing; `nil` if there is no such file.
    package func sourceText(of path: String) -> SourceText? {
        var isDirectory: ObjCBool = false
        guard
            FileManager.default.fileExists(
                atPath: url(for: path).path, isDirectory: &isDirectory),
            !isDirectory.boolValue
        else { return nil }
        func problem(_ message: String, line: Int = 1) -> BookDiagnostic {
            BookDiagnostic(path: path, line: line, message: message)
        }
        let data: Data
        do {
            data = try Data(contentsOf: url(for: path))
        } catch {
            return SourceText(
                text: "", isReadable: false,
                diagnostic: problem("cannot be read: \(plainReason(error))"))
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            let bad = data.split(
                separator: 0x0A, omittingEmptySubsequences: false
            ).firstIndex { String(validating: $0, as: UTF8.self) == nil }
            return SourceText(
                text: "", isReadable: false,
                diagnostic: problem(
                    "cannot be read: this line is not valid UTF-8 text",
                    line: (bad ?? 0) + 1))
        }
        let isCRLF = text.contains("\r\n")
        return SourceText(
            text: isCRLF
                ? text.replacingOccurrences(of: "\r\n", with: "\n") : text,
            isReadable: true,
            diagnostic: isCRLF
                ? problem("uses CRLF line endings; convert it to LF") : nil)
    }

    /// Turns an absolute path inside the repository into a path relative to the root.
    func relativePath(_ absolutePath: String) -> String {
        let rootPath = root.path.hasSuffix("/") ? root.path : root.path + "/"
        let standardized = URL(fileURLWithPath: absolutePath)
            .standardizedFileURL.path
        return standardized.hasPrefix(rootPath)
            ? String(standardized.dropFirst(rootPath.count)) : absolutePath
    }
}

/// The lines of a text file, remembering whether it ended with a newline so it round-trips.
package struct TextLines: Equatable {
    package var lines: [String]
    package var endsWithNewline: Bool

    package init(lines: [String], endsWithNewline: Bool) {
        self.lines = lines
        self.endsWithNewline = endsWithNewline
    }

    /// Splits `text` at `\n`; a trailing `\r` is kept as part of its line.
    /// (It splits scalars: `"\r\n"` is one `Character`, so a CRLF file would be one line.)
    package init(_ text: String) {
        lines = text.unicodeScalars.split(
            separator: "\n", omittingEmptySubsequences: false
        ).map { String(String.UnicodeScalarView($0)) }
        endsWithNewline = text.unicodeScalars.last == "\n"
        if endsWithNewline || text.isEmpty { lines.removeLast() }
    }

    package var text: String {
        lines.joined(separator: "\n")
            + (endsWithNewline && !lines.isEmpty ? "\n" : "")
    }
}

extension StringProtocol {
    /// The string without leading spaces and tabs, and trailing spaces, tabs and `\r`s.
    package var trimmedWhitespace: String {
        let start = drop { $0 == " " || $0 == "\t" }
        return String(
            start.dropLast(
                start.reversed().prefix {
                    $0 == " " || $0 == "\t" || $0 == "\r"
                }
                .count))
    }

    package var isBlankLine: Bool { trimmedWhitespace.isEmpty }
}

/// `n` with at least two digits, as chapter folders are numbered.
package func twoDigits(_ number: Int) -> String {
    number < 10 ? "0\(number)" : "\(number)"
}

extension Sequence where Element: Hashable {
    package func uniqued() -> [Element] {
        var seen: Set<Element> = []
        return filter { seen.insert($0).inserted }
    }
}

/// A chapter program that runs several experiments prints a header line before each one,
/// such as `-- filter keeps the demand honest`; each header and the lines after it, up to
/// the next header, are one part of its output.
package enum OutputParts {
    package static let marker = "-- "

    /// The line ranges of the parts of `lines`, in order; lines before the first header
    /// belong to no part.
    package static func ranges(of lines: [String]) -> [Range<Int>] {
        let starts = lines.indices.filter { lines[$0].hasPrefix(marker) }
        return zip(starts, starts.dropFirst() + [lines.count]).map { $0..<$1 }
    }
}

/// A named region of a Swift file, from its `// snippet.NAME` marker line to the
/// `// snippet.end` line that closes it (1-based), and its text: dedented, without marker lines
/// or trailing blank lines.
struct SnippetRegion: Hashable, Sendable {
    var name: String
    var startLine: Int
    var endLine: Int = 0
    var lines: [String]
    /// The 1-based line of the file each of `lines` comes from.
    var sourceLines: [Int] = []
}

/// Whether `name` may name a snippet region: `[A-Za-z0-9][A-Za-z0-9_-]*`, and not `end`.
func isValidRegionName(_ name: String) -> Bool {
    name != "end" && name.wholeMatch(of: /[A-Za-z0-9][A-Za-z0-9_-]*/) != nil
}

/// What every exercise marker line starts with; such lines never appear in a region.
package let exerciseMarkerPrefix = "// exercise."

/// The regions of one Swift file, and the problems with its markers.
struct SnippetFile: Sendable {
    var path: String
    /// The well-formed regions by name; a duplicated name keeps its first region.
    var regions: [String: SnippetRegion] = [:]
    /// Unclosed, unopened, duplicated, malformed and empty regions.
    var diagnostics: [BookDiagnostic] = []
    /// Whether the file could be read; includes of an unreadable file report nothing more.
    var isReadable = true
    /// The file's lines, marker lines included.
    var lines: [String]

    init(path: String, text: String) {
        self.path = path
        lines = TextLines(text).lines
        var open: [SnippetRegion] = []
        var namesSeen: [String: Int] = [:]
        func report(_ message: String, _ line: Int) {
            diagnostics.append(
                BookDiagnostic(path: path, line: line, message: message))
        }
        for (index, line) in lines.enumerated() {
            let trimmed = line.trimmedWhitespace
            if trimmed.hasPrefix(exerciseMarkerPrefix) { continue }
            guard trimmed.hasPrefix("// snippet.") else {
                for position in open.indices {
                    open[position].lines.append(line)
                    open[position].sourceLines.append(index + 1)
                }
                continue
            }
            let name = String(trimmed.dropFirst("// snippet.".count))
            if name == "end" {
                guard var region = open.popLast() else {
                    report("'// snippet.end' without an open region", index + 1)
                    continue
                }
                while region.lines.last?.isBlankLine == true {
                    region.lines.removeLast()
                    region.sourceLines.removeLast()
                }
                let common =
                    region.lines.filter { !$0.isBlankLine }.map { line in
                        line.prefix { $0 == " " || $0 == "\t" }.count
                    }.min() ?? 0
                region.lines = region.lines.map {
                    $0.isBlankLine ? "" : String($0.dropFirst(common))
                }
                region.endLine = index + 1
                if region.lines.isEmpty {
                    report("region '\(region.name)' is empty", region.startLine)
                } else if namesSeen[region.name] == region.startLine {
                    regions[region.name] = region
                }
            } else if isValidRegionName(name) {
                if let firstLine = namesSeen[name] {
                    report(
                        "region '\(name)' is defined twice in this file (first at line \(firstLine))",
                        index + 1)
                } else {
                    namesSeen[name] = index + 1
                }
                open.append(
                    SnippetRegion(name: name, startLine: index + 1, lines: []))
            } else {
                report(
                    "malformed snippet marker '\(trimmed)'; expected '// snippet.NAME' "
                        + "(NAME: letters, digits, '_' and '-') or '// snippet.end'",
                    index + 1)
            }
        }
        for region in open {
            report(
                "region '\(region.name)' is never closed with '// snippet.end'",
                region.startLine)
        }
    }
}
