import BookKit
import Foundation

/// A chapter's brief for students: `scripts/Exercises/NN-Name/BRIEF.md` (what to build, the
/// behaviours in order), then which sections of the chapter's page are safe to read first,
/// worked out from the page itself so that it stays true while the prose changes.
struct ChapterBrief {
    /// One `##` section of the page and the first listing in it that shows blanked code.
    struct Section: Equatable {
        var heading: String
        /// The 1-based line of the first listing that is the answer, if any.
        var answerLine: Int?
    }

    let chapter: Chapter
    let root: URL

    /// The brief's path, relative to the root.
    var path: String {
        "\(FurtherExercises.folder)/\(chapter.folderName)/BRIEF.md"
    }

    /// The brief as printed: the written part, then the reading guide.
    func text() throws(ExerciseError) -> String {
        guard
            let written = try? String(
                contentsOf: root.appendingPathComponent(path), encoding: .utf8)
        else {
            throw ExerciseError(
                "\(path): cannot be read; chapter \(chapter.number) has no brief"
            )
        }
        var lines = TextLines(written).lines
        while lines.last?.isBlankLine == true { lines.removeLast() }
        let sections = self.sections()
        guard let page = chapter.pagePath, !sections.isEmpty else {
            return lines.joined(separator: "\n")
        }
        lines += [
            "", "Before you try, read these sections of \(page)",
            "(✓ all of it; … only the part before the answer, at the line shown):",
        ]
        for section in sections {
            if let line = section.answerLine {
                lines.append("  … \(section.heading) (answer at line \(line))")
            } else {
                lines.append("  ✓ \(section.heading)")
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The page's `##` sections, each with the line of its first listing of blanked code.
    func sections() -> [Section] {
        let workspace = ExerciseWorkspace(root: root)
        guard let pagePath = chapter.pagePath,
            let contents = workspace.bookVersion(of: pagePath)
        else { return [] }
        let page = BookPage(path: pagePath, contents: contents)
        var sections: [(start: Int, heading: String)] = []
        for item in MarkdownScanner(lines: page.text.lines).items {
            guard case .prose(let index) = item,
                page.text.lines[index].hasPrefix("## ")
            else {
                continue
            }
            sections.append(
                (index, page.text.lines[index].dropFirst(3).trimmedWhitespace))
        }
        var answers: [Int] = []
        for placed in page.directives {
            guard case .include(let path, let region) = placed.directive,
                path.hasPrefix(chapter.libraryPath + "/"),
                let source = workspace.bookVersion(of: path),
                Self.regionHoldsMarkers(region, in: source)
            else { continue }
            answers.append(placed.lineNumber)
        }
        return sections.enumerated().map { position, section in
            let end =
                position + 1 < sections.count
                ? sections[position + 1].start : Int.max
            return Section(
                heading: section.heading,
                answerLine: answers.first { $0 > section.start && $0 <= end }
                    .map { $0 + 1 })
        }
    }

    /// Whether the snippet region `name` of `source` holds an exercise marker line.
    static func regionHoldsMarkers(_ name: String, in source: String) -> Bool {
        var depth = 0
        for line in TextLines(source).lines {
            let trimmed = line.trimmedWhitespace
            if depth == 0 {
                if trimmed == "// snippet.\(name)" { depth = 1 }
            } else if trimmed == "// snippet.end" {
                depth -= 1
                if depth == 0 { return false }
            } else if trimmed.hasPrefix("// snippet.") {
                depth += 1
            } else if trimmed.hasPrefix(exerciseMarkerPrefix) {
                return true
            }
        }
        return false
    }
}

/// The hints for a chapter's blanks, from `scripts/Exercises/NN-Name/HINTS.md`: a `## WHAT`
/// heading per blank, as its `// exercise.blank: WHAT` marker names it, and a list of hints,
/// from a nudge to nearly the whole idea, never the code.
struct ChapterHints: Equatable {
    /// The blanks in the file's order, each with its hints.
    var blanks: [(what: String, hints: [String])]
    /// Headings without hints, lines outside a section, as `path:line: message`.
    var problems: [String] = []

    static func == (left: Self, right: Self) -> Bool {
        left.blanks.map(\.what) == right.blanks.map(\.what)
            && left.blanks.map(\.hints) == right.blanks.map(\.hints)
            && left.problems == right.problems
    }

    /// The path of chapter `chapter`'s hints, relative to the root.
    static func path(of chapter: Chapter) -> String {
        "\(FurtherExercises.folder)/\(chapter.folderName)/HINTS.md"
    }

    /// Reads `text`, the contents of the file at `path`.
    init(path: String, text: String) {
        blanks = []
        for (index, line) in TextLines(text).lines.enumerated() {
            if line.hasPrefix("## ") {
                blanks.append((line.dropFirst(3).trimmedWhitespace, []))
            } else if line.hasPrefix("- ") {
                guard !blanks.isEmpty else {
                    problems.append(
                        "\(path):\(index + 1): a hint before any '## WHAT' heading"
                    )
                    continue
                }
                blanks[blanks.count - 1].hints.append(
                    line.dropFirst(2).trimmedWhitespace)
            } else if line.hasPrefix("  "), !line.isBlankLine,
                !(blanks.last?.hints.isEmpty ?? true)
            {
                // A hint that goes on over several lines.
                let last = blanks.count - 1
                blanks[last].hints[blanks[last].hints.count - 1] +=
                    " " + line.trimmedWhitespace
            }
        }
        for blank in blanks where blank.hints.isEmpty {
            problems.append(
                "\(path): '## \(blank.what)' has no hints ('- …' lines)")
        }
    }

    /// The blank a student stuck with `result` needs a hint for, and whether the tests reached
    /// it unwritten: the first blank a failing test stops in; else the one the student last
    /// asked about (written now, but still failing); else the first.
    func blank(stuckOn result: ChapterCheckResult, lastAsked: String?)
        -> (what: String, reached: Bool)?
    {
        if let reached = result.firstBlankReached, hints(for: reached) != nil {
            return (reached, true)
        }
        if let lastAsked, hints(for: lastAsked) != nil {
            return (lastAsked, false)
        }
        return blanks.first.map { ($0.what, false) }
    }

    /// The hints of the blank named `what`.
    func hints(for what: String) -> [String]? {
        blanks.first { $0.what == what }?.hints
    }
}

/// Which hints a student has been given: one line per hint, `CHAPTER<TAB>WHAT`, in
/// `.exercise/hints`.
struct HintLedger {
    let root: URL
    private var file: URL {
        root.appendingPathComponent("\(ExerciseWorkspace.stashFolder)/hints")
    }

    /// The entries so far, oldest first.
    var entries: [(chapter: Int, what: String)] {
        let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            let parts = line.split(separator: "\t", maxSplits: 1)
            guard parts.count == 2, let chapter = Int(parts[0]) else {
                return nil
            }
            return (chapter, String(parts[1]))
        }
    }

    /// How many hints for `what` chapter `chapter` has given.
    func given(_ chapter: Int, _ what: String) -> Int {
        entries.filter { $0.chapter == chapter && $0.what == what }.count
    }

    /// The blank of chapter `chapter` the last hint was for.
    func last(_ chapter: Int) -> String? {
        entries.last { $0.chapter == chapter }?.what
    }

    /// Records one more hint given.
    func record(_ chapter: Int, _ what: String) throws(ExerciseError) {
        try write(entries + [(chapter, what)])
    }

    /// Forgets the hints given for chapter `chapter`, so a new attempt starts from the first.
    func forget(_ chapter: Int) throws(ExerciseError) {
        let kept = entries.filter { $0.chapter != chapter }
        if kept.count < entries.count { try write(kept) }
    }

    private func write(_ entries: [(chapter: Int, what: String)])
        throws(ExerciseError)
    {
        let lines = entries.map { "\($0.chapter)\t\($0.what)" }
        try? FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(),
            withIntermediateDirectories: true)
        let outcome = AtomicFileWriter().replace([
            .init(url: file, text: lines.joined(separator: "\n") + "\n")
        ])
        if let failure = outcome.failures.values.first {
            throw ExerciseError(
                "cannot record the hint in \(file.path): \(failure)")
        }
    }
}

extension ChapterCheckResult {
    /// The blank a student is stuck on: the one that the first failing test, or else the
    /// program, stopped in ("Not implemented yet: WHAT"); `nil` if none names one.
    var firstBlankReached: String? {
        let prefix = ExerciseMarkedFile.failureMessage(for: "")
        var messages: [String] = []
        for test in tests {
            switch test.status {
            case .crashed(let message): messages.append(message)
            case .failed(let issues): messages += issues
            case .passed, .skipped, .timedOut: continue
            }
        }
        if case .failed(let reason) = program { messages.append(reason) }
        for message in messages {
            guard let range = message.range(of: prefix) else { continue }
            let rest = message[range.upperBound...]
            return rest.prefix { $0 != "\n" && $0 != "\"" }.trimmedWhitespace
        }
        return nil
    }
}

extension ExerciseWorkspace {
    /// The book's version of the file at `path`: the copy `start` kept or set aside while an
    /// exercise is in progress, or else the tree's.
    func bookVersion(of path: String) -> String? {
        for folder in ["reference", "set-aside"] {
            let kept = root.appendingPathComponent(
                "\(Self.stashFolder)/\(folder)/\(path)")
            if let text = try? String(contentsOf: kept, encoding: .utf8) {
                return text
            }
        }
        return try? String(
            contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }
}
