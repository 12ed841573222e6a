import BookKit
import Foundation

/// A chapter's brief: `BRIEF.md` (what to build, the behaviours in order), then which
/// sections of the chapter's page to read first, worked out from the page so that it stays
/// true when the prose changes.
func brief(of chapter: Chapter, root: URL) throws -> String {
    var lines = TextLines(
        try readText("\(chapter.exercisesPath)/BRIEF.md", in: root)
    ).lines
    while lines.last?.isBlankLine == true { lines.removeLast() }
    let workspace = ExerciseWorkspace(root: root)
    guard let path = chapter.pagePath,
        let text = workspace.bookVersion(of: path)
    else { return lines.joined(separator: "\n") }
    let page = BookPage(path: path, contents: text)
    // The lines of the listings that show a region holding exercise markers: the answer.
    let answers = page.directives.compactMap { placed -> Int? in
        guard case .include(let file, let region) = placed.directive,
            file.hasPrefix(chapter.libraryPath + "/"),
            let source = workspace.bookVersion(of: file),
            regionHoldsMarkers(region, in: source)
        else { return nil }
        return placed.lineNumber + 1
    }
    let headings = MarkdownScanner(lines: page.text.lines).items.compactMap {
        item -> Int? in
        guard case .prose(let index) = item,
            page.text.lines[index].hasPrefix("## ")
        else { return nil }
        return index
    }
    guard !headings.isEmpty else { return lines.joined(separator: "\n") }
    lines += [
        "", "Before you try, read these sections of \(path)",
        "(✓ all of it; … only the part before the answer, at the line shown):",
    ]
    for (position, start) in headings.enumerated() {
        let end =
            position + 1 < headings.count ? headings[position + 1] : Int.max
        let heading = page.text.lines[start].dropFirst(3).trimmedWhitespace
        if let answer = answers.first(where: { $0 - 1 > start && $0 - 1 <= end }
        ) {
            lines.append("  … \(heading) (answer at line \(answer))")
        } else {
            lines.append("  ✓ \(heading)")
        }
    }
    return lines.joined(separator: "\n")
}

/// Whether the snippet region `name` of `source` holds an exercise marker line.
private func regionHoldsMarkers(_ name: String, in source: String) -> Bool {
    var depth = 0
    for line in TextLines(source).lines.map(\.trimmedWhitespace) {
        if depth == 0 {
            if line == "// snippet.\(name)" { depth = 1 }
        } else if line == "// snippet.end" {
            depth -= 1
            if depth == 0 { return false }
        } else if line.hasPrefix("// snippet.") {
            depth += 1
        } else if line.hasPrefix(exerciseMarkerPrefix) {
            return true
        }
    }
    return false
}

/// A chapter's hints, from `HINTS.md`: a `## WHAT` heading per blank, as its marker names
/// it, and a list of hints, from a nudge to nearly the whole idea, never the code.
struct ChapterHints {
    var blanks: [(what: String, hints: [String])] = []
    /// Hints outside a section and sections without hints, as `path:line: error: message`.
    var problems: [String] = []

    init(path: String, text: String) {
        for (index, line) in TextLines(text).lines.enumerated() {
            if line.hasPrefix("## ") {
                blanks.append((line.dropFirst(3).trimmedWhitespace, []))
            } else if line.hasPrefix("- "), !blanks.isEmpty {
                blanks[blanks.count - 1].hints.append(
                    line.dropFirst(2).trimmedWhitespace)
            } else if line.hasPrefix("- ") {
                problems.append(
                    "\(path):\(index + 1): error: a hint before any '## WHAT' heading"
                )
            } else if line.hasPrefix("  "), !line.isBlankLine,
                blanks.last?.hints.isEmpty == false
            {
                // A hint that goes on over several lines.
                let last = blanks.count - 1
                blanks[last].hints[blanks[last].hints.count - 1] +=
                    " " + line.trimmedWhitespace
            }
        }
        for blank in blanks where blank.hints.isEmpty {
            problems.append(
                "\(path):1: error: '## \(blank.what)' has no hints ('- …' lines)"
            )
        }
    }

    func hints(for what: String) -> [String]? {
        blanks.first { $0.what == what }?.hints
    }

    /// The blank a student stuck with `result` needs a hint for, and whether the tests reached
    /// it unwritten: the first blank a failing test (or else the program) stops in; else the
    /// one last asked about, written now but still failing; else the first.
    func blank(stuckOn result: ChapterCheckResult, lastAsked: String?) -> (
        what: String, reached: Bool
    )? {
        var messages: [String] = []
        for test in result.tests {
            if case .crashed(let message) = test.status {
                messages.append(message)
            }
            if case .failed(let issues) = test.status { messages += issues }
        }
        if case .failed(let reason) = result.program { messages.append(reason) }
        let reached = messages.lazy.compactMap { message in
            message.range(of: ExerciseMarkedFile.failurePrefix).map {
                message[$0.upperBound...].prefix { $0 != "\n" && $0 != "\"" }
                    .trimmedWhitespace
            }
        }.first
        if let reached, hints(for: reached) != nil { return (reached, true) }
        if let lastAsked, hints(for: lastAsked) != nil {
            return (lastAsked, false)
        }
        return blanks.first.map { ($0.what, false) }
    }
}

/// What a student has done, one line each in a file of `.exercise`: what they passed
/// (`progress`: `chapter 4`, `further 2 empty`) or the hints given (`hints`:
/// `CHAPTER<TAB>WHAT`).
struct Ledger {
    let file: URL

    init(_ name: String, root: URL) {
        file = root.appendingPathComponent(".exercise/\(name)")
    }

    var entries: [String] {
        let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init)
    }

    func add(_ entry: String, once: Bool = false) throws {
        if once, entries.contains(entry) { return }
        try replace(with: entries + [entry])
    }

    func replace(with entries: [String]) throws {
        try write(entries.map { $0 + "\n" }.joined(), to: file)
    }
}

/// Which hints each chapter has given, in `.exercise/hints`.
struct HintLedger {
    let root: URL
    private var ledger: Ledger { Ledger("hints", root: root) }

    /// How many hints for `what` chapter `chapter` has given.
    func given(_ chapter: Int, _ what: String) -> Int {
        ledger.entries.filter { $0 == "\(chapter)\t\(what)" }.count
    }

    /// The blank of chapter `chapter` the last hint was for.
    func last(_ chapter: Int) -> String? {
        ledger.entries.last { $0.hasPrefix("\(chapter)\t") }?
            .dropFirst("\(chapter)\t".count).description
    }

    func record(_ chapter: Int, _ what: String) throws {
        try ledger.add("\(chapter)\t\(what)")
    }

    /// Forgets chapter `chapter`'s hints, so a new start begins with the first.
    func forget(_ chapter: Int) throws {
        let kept = ledger.entries.filter { !$0.hasPrefix("\(chapter)\t") }
        if kept.count < ledger.entries.count { try ledger.replace(with: kept) }
    }
}
