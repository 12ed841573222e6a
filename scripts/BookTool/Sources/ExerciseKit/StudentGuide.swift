import BookKit
import Foundation

/// A chapter's brief: `BRIEF.md` (what to build, the behaviours in order), then which sections of
/// the chapter's page to read first, and of any other page that shows its blanked code, worked out
/// from the pages so that it stays true when the prose changes.
func brief(of chapter: Chapter, root: URL) throws -> String {
    var lines = TextLines(
        try readText("\(chapter.exercisesPath)/BRIEF.md", in: root)
    ).lines
    while lines.last?.isBlankLine == true { lines.removeLast() }
    let workspace = ExerciseWorkspace(root: root)
    guard let chapterPage = chapter.pagePath else {
        return lines.joined(separator: "\n")
    }
    let others = RepositoryLayout(root: root).markdownFiles.filter {
        $0 != chapterPage
    }
    let answerCode = answerCode(of: chapter, workspace: workspace)
    for path in [chapterPage] + others {
        guard let text = workspace.bookVersion(of: path) else { continue }
        let guide = readingGuide(
            BookPage(path: path, contents: text), of: chapter,
            answerCode: answerCode, workspace: workspace)
        if path == chapterPage, !guide.sections.isEmpty {
            lines += [
                "", "Before you try, read these sections of \(path)",
                "(✓ all of it; … only the part before the answer, at the line shown):",
            ]
        } else if guide.showsAnswer {
            lines += [
                "", "and of \(path), which shows more of this chapter's code:",
            ]
        } else {
            continue
        }
        lines += guide.sections
    }
    return lines.joined(separator: "\n")
}

/// A page's sections, each marked as safe to read (`✓`) or as showing the chapter's blanked code
/// (`…`, with the first line that shows it: a listing of it, or prose that quotes a line of it).
private func readingGuide(
    _ page: BookPage, of chapter: Chapter, answerCode: Set<String>,
    workspace: ExerciseWorkspace
) -> (sections: [String], showsAnswer: Bool) {
    // The lines of the listings that show a region holding exercise markers: the answer.
    let listingLines = page.directives.compactMap { placed -> Int? in
        guard case .include(let file, let region) = placed.directive,
            file.hasPrefix(chapter.libraryPath + "/"),
            let source = workspace.bookVersion(of: file),
            regionHoldsMarkers(region, in: source)
        else { return nil }
        return placed.lineNumber + 1
    }
    // The first lines of the paragraphs that quote a line of the answer, so that reading stops
    // before the paragraph, not in the middle of its sentence.
    let lines = page.text.lines
    let quotingLines = page.items.compactMap { item -> Int? in
        guard case .prose(var index) = item,
            codeSpans(in: lines[index]).contains(where: answerCode.contains)
        else { return nil }
        while index > 0, !lines[index].hasPrefix("#"),
            !lines[index - 1].isBlankLine, !lines[index - 1].hasPrefix("#")
        {
            index -= 1
        }
        return index + 1
    }
    let headings = page.items.compactMap { item -> Int? in
        guard case .prose(let index) = item,
            page.text.lines[index].hasPrefix("## ")
        else { return nil }
        return index
    }
    let sections = headings.enumerated().map { position, start in
        let end = position + 1 < headings.count ? headings[position + 1] : .max
        let heading = page.text.lines[start].dropFirst(3).trimmedWhitespace
        let isInSection = { (line: Int) in line - 1 >= start && line - 1 < end }
        let shown = [
            listingLines.first(where: isInSection),
            quotingLines.first(where: isInSection),
        ].compactMap { $0 }.min()
        guard let shown else { return "  ✓ \(heading)" }
        return "  … \(heading) (answer at line \(shown))"
    }
    return (sections, !listingLines.isEmpty || !quotingLines.isEmpty)
}

/// The shortest line of blanked code that gives part of the answer away when a hint or the
/// book's prose quotes it.
let revealingLineLength = 16

/// The lines of the chapter's blanked and hidden code that would give part of the answer away if
/// prose quoted them: none shorter than `revealingLineLength`, and no call that names only what it
/// calls, such as `upstream?.cancel()` or `return lock.unlock()`.
private func answerCode(
    of chapter: Chapter, workspace: ExerciseWorkspace
) -> Set<String> {
    var lines: Set<String> = []
    for path in swiftFiles(under: chapter.libraryPath, in: workspace.root) {
        guard let text = workspace.bookVersion(of: path) else { continue }
        let source = TextLines(text).lines
        for region in ExerciseMarkedFile(path: path, text: text).regions {
            for line in source[region.startLine..<(region.endLine - 1)] {
                let code = line.trimmedWhitespace
                if code.count >= revealingLineLength, !code.hasPrefix("//"),
                    !isBareCall(code)
                {
                    lines.insert(code)
                }
            }
        }
    }
    return lines
}

/// Whether `code` is a call with no arguments, perhaps returned: `return lock.unlock()`.
private func isBareCall(_ code: String) -> Bool {
    let call = code.hasPrefix("return ") ? code.dropFirst(7) : Substring(code)
    return call.hasSuffix("()")
        && call.dropLast(2).allSatisfy {
            $0.isLetter || $0.isNumber || "_.?!".contains($0)
        }
}

/// The text inside each pair of single backticks on one line of Markdown prose.
///
/// A span with double backticks, or one that goes on to the next line, is not found; the book
/// has neither.
private func codeSpans(in line: String) -> [String] {
    line.split(separator: "`", omittingEmptySubsequences: false).enumerated()
        .compactMap {
            $0.offset.isMultiple(of: 2) ? nil : $0.element.trimmedWhitespace
        }
}

/// Whether the snippet region `name` of `source` holds an exercise marker line.
private func regionHoldsMarkers(_ name: String, in source: String) -> Bool {
    var depth = 0
    for line in TextLines(source).lines.map(\.trimmedWhitespace) {
        if depth == 0 {
            depth = line == "// snippet.\(name)" ? 1 : 0
        } else if line.hasPrefix(exerciseMarkerPrefix) {
            return true
        } else if line.hasPrefix("// snippet.") {
            depth += line == "// snippet.end" ? -1 : 1
            if depth == 0 { return false }
        }
    }
    return false
}

/// A chapter's hints, from `HINTS.md`: a `## WHAT` heading per blank, as its marker names it, and a
/// list of hints, from a nudge to nearly the whole idea, never the code.
struct ChapterHints {
    var blanks: [(what: String, hints: [String])] = []
    /// Hints outside a section and sections without hints, as `path:line: error: message`.
    var problems: [String] = []

    init(path: String, text: String) {
        for (index, line) in TextLines(text).lines.enumerated() {
            let last = blanks.count - 1
            if line.hasPrefix("## ") {
                blanks.append((line.dropFirst(3).trimmedWhitespace, []))
            } else if line.hasPrefix("- "), last >= 0 {
                blanks[last].hints.append(line.dropFirst(2).trimmedWhitespace)
            } else if line.hasPrefix("- ") {
                problems.append(
                    "\(path):\(index + 1): error: a hint before any '## WHAT' heading"
                )
            } else if line.hasPrefix("  "), !line.isBlankLine, last >= 0,
                !blanks[last].hints.isEmpty
            {
                // A hint that goes on over several lines.
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

    /// The blank a student stuck with `result` needs a hint for, and whether the tests reached it
    /// unwritten: the first blank a failing test (or else the program) stops in; else the one last
    /// asked about, written now but still failing; else the first.
    func blank(stuckOn result: ChapterCheckResult, lastAsked: String?) -> (
        what: String, reached: Bool
    )? {
        var messages = result.tests.flatMap(\.messages)
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
