import BookKit
import Foundation

/// Where the tool keeps its records and the student's attempts; git ignores it.
let stashFolder = ".exercise"
let attemptsFolder = "\(stashFolder)/attempts"

/// Starts and restores "rebuild the chapter" exercises in a working tree.
///
/// `start N` first copies every file the package builds from into `.exercise/book/` and, last,
/// writes N into `.exercise/chapter`, so an interrupted start leaves no record or a whole one. Only
/// then it removes later chapters (and the tests that need them), cuts `Package.swift`'s list of
/// chapters, and blanks chapter N's marked regions. `restore` copies every file of the student's
/// that differs from the book's, or that the book does not have, into `.exercise/attempts/` before
/// it copies the book's files back.
struct ExerciseWorkspace {
    let root: URL
    private var manager: FileManager { .default }
    private var book: URL { url("\(stashFolder)/book") }
    private var record: URL { url("\(stashFolder)/chapter") }

    var chapterInProgress: Int? {
        (try? String(contentsOf: record, encoding: .utf8)).flatMap {
            Int($0.trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }

    /// Blanks `chapter` and sets later chapters aside; with `blanking` false, only sets them aside
    /// (for grading, where a submission replaces the chapter's folder).
    func start(
        _ chapter: Chapter, allChapters: [Chapter], blanking: Bool = true
    ) throws -> (
        blanks: [(path: String, what: String, line: Int)], setAside: [Int]
    ) {
        guard !manager.fileExists(atPath: record.path) else {
            throw ExerciseError(
                chapterInProgress.map {
                    "chapter \($0) is already started; finish it with "
                        + "'scripts/exercise restore \($0)' first"
                } ?? "\(stashFolder)/chapter names no chapter; "
                    + "'scripts/exercise abandon' clears it")
        }
        var blanked: [(path: String, file: ExerciseMarkedFile)] = []
        for path in swiftFiles(under: chapter.libraryPath, in: root) {
            let file = ExerciseMarkedFile(
                path: path, text: try readText(path, in: root))
            if !file.problems.isEmpty {
                throw ExerciseError(file.problems.joined(separator: "\n"))
            }
            if blanking, !file.regions.isEmpty { blanked.append((path, file)) }
        }
        guard !blanked.isEmpty || !blanking else {
            throw ExerciseError(
                "\(chapter.libraryPath) has no '// exercise.blank: …' markers, "
                    + "so there is nothing to blank")
        }
        let later = allChapters.filter { $0.number > chapter.number }
        var setAside = later.flatMap { [$0.libraryPath, $0.programPath] }
            .filter { manager.fileExists(atPath: url($0).path) }
        for path in swiftFiles(under: "Tests", in: root)
        where try chapterNeeded(byTestFile: path) ?? 0 > chapter.number {
            setAside.append(path)
        }
        let manifest = try trimmedManifest(keeping: chapter.number)
        if blanking {
            try Ledger("hints", root: root).remove {
                $0.hasPrefix("\(chapter.number)\t")
            }
        }
        do {
            try? manager.removeItem(at: book)  // left by an interrupted start
            for path in treeFiles() {
                try copyItem(url(path), to: book.appendingPathComponent(path))
            }
            try write("\(chapter.number)\n", to: record)
        } catch {
            try? manager.removeItem(at: book)
            throw ExerciseError(
                "could not record the chapter in \(stashFolder) "
                    + "(\(reason(error))); nothing was changed")
        }
        do {
            for path in setAside { try manager.removeItem(at: url(path)) }
            let outcome = AtomicFileWriter().replace(
                blanked.map {
                    .init(url: url($0.path), text: $0.file.blanked.text)
                } + [.init(url: url("Package.swift"), text: manifest)])
            if let failure = outcome.failures.values.first {
                throw ExerciseError(failure)
            }
        } catch {
            try putBack()
            throw ExerciseError(
                "could not set the chapter up (\(reason(error))); "
                    + "nothing was changed")
        }
        return (
            blanked.flatMap { entry in
                entry.file.blanked.blanks.map { (entry.path, $0.what, $0.line) }
            }, later.map(\.number)
        )
    }

    /// What `restore` would do: the student's files it keeps (those it removes among them), and the
    /// book's files it puts back (those set aside among them).
    struct RestorePlan {
        var chapter: Chapter
        var saved: [String] = []
        var removed: [String] = []
        var putBack: [String] = []
        var setAside: [String] = []
    }

    func restorePlan() throws -> RestorePlan {
        guard let number = chapterInProgress else {
            throw ExerciseError(
                manager.fileExists(atPath: record.path)
                    ? "\(stashFolder)/chapter names no chapter; nothing "
                        + "was changed; 'scripts/exercise abandon' clears it"
                    : "no chapter is started, so there is nothing to restore")
        }
        let bookFiles = files(under: book)
        guard bookFiles.contains("Package.swift") else {
            throw ExerciseError(
                "the records of chapter \(number)'s exercise in "
                    + "\(stashFolder)/ are incomplete (an interrupted start?), "
                    + "so nothing was changed; 'scripts/exercise abandon' "
                    + "clears them and keeps your attempts")
        }
        var plan = RestorePlan(
            chapter: try ChapterCatalog(root: root).chapter(number))
        let known = Set(bookFiles)
        // Package.swift only lists the chapters; the student does not write it.
        for path in treeFiles() where path != "Package.swift" {
            if !known.contains(path) {
                plan.removed.append(path)
            } else if !path.hasPrefix(plan.chapter.libraryPath + "/"),
                isBooks(path)
            {
                continue
            }
            plan.saved.append(path)
        }
        plan.putBack = bookFiles.filter { !isBooks($0) }
        plan.setAside = plan.putBack.filter {
            !manager.fileExists(atPath: url($0).path)
        }
        return plan
    }

    /// Puts the book's chapter back, keeping the student's files; returns the attempt's folder.
    func restore(_ chapter: Chapter) throws -> (
        attempt: String, plan: RestorePlan
    ) {
        let plan = try restorePlan()
        let number = plan.chapter.number
        guard number == chapter.number else {
            throw ExerciseError(
                "chapter \(number) is the one in progress; restore it with "
                    + "'scripts/exercise restore \(number)'")
        }
        let folder = newAttemptFolder(chapter, kind: "restore")
        try attempt(
            "could not keep your files in \(folder); nothing was restored"
        ) {
            for path in plan.saved {
                try copyItem(url(path), to: url("\(folder)/yours/\(path)"))
                guard let text = bookVersion(of: path, only: true) else {
                    continue
                }
                try write(
                    path.hasPrefix(chapter.libraryPath + "/")
                        ? ExerciseMarkedFile.withoutMarkers(text) : text,
                    to: url("\(folder)/book/\(path)"))
            }
            for path in plan.removed { try manager.removeItem(at: url(path)) }
        }
        try putBack()
        return (folder, plan)
    }

    /// Copies back every book file that differs, then removes the records; safe to run again after
    /// an interruption, since the records go last.
    private func putBack() throws {
        try attempt(
            "could not put back the book's files; the records in "
                + "\(stashFolder) are kept, so restore can be run again"
        ) {
            for path in files(under: book) where !isBooks(path) {
                try copyItem(book.appendingPathComponent(path), to: url(path))
            }
        }
        clearRecords()
    }

    private func clearRecords() {
        try? manager.removeItem(at: record)
        try? manager.removeItem(at: book)
    }

    /// Clears the records of an exercise that cannot be restored, bringing back the book's files
    /// that are missing and keeping the attempts; restores instead when it can.
    func abandon() throws -> String {
        if let plan = try? restorePlan() {
            let restored = try restore(plan.chapter)
            return "restored chapter \(plan.chapter.number); your files are in "
                + restored.attempt
        }
        try attempt("could not bring back the set-aside files") {
            for path in files(under: book)
            where !manager.fileExists(atPath: url(path).path) {
                try copyItem(book.appendingPathComponent(path), to: url(path))
            }
        }
        clearRecords()
        return "cleared the exercise records; \(attemptsFolder) is kept"
    }

    /// Saves the chapter's library folder as an attempt, unless it is as last saved; returns the
    /// attempt's folder.
    @discardableResult
    func saveCheckedAttempt(_ chapter: Chapter) throws -> String {
        let paths = swiftFiles(under: chapter.libraryPath, in: root)
        if let last = lastCheckedFolder(chapter) {
            let yours = url("\(last)/yours")
            if swiftFiles(under: chapter.libraryPath, in: yours) == paths,
                paths.allSatisfy({
                    same(url($0), yours.appendingPathComponent($0))
                })
            {
                return last
            }
        }
        let folder = newAttemptFolder(chapter, kind: "check")
        try attempt("could not keep your files in \(folder)") {
            for path in paths {
                try copyItem(url(path), to: url("\(folder)/yours/\(path)"))
            }
        }
        return folder
    }

    /// The last attempt `check` saved for `chapter`, relative to the root.
    func lastCheckedFolder(_ chapter: Chapter) -> String? {
        let names = try? manager.contentsOfDirectory(
            atPath: url(attemptsFolder).path)
        return (names ?? []).filter {
            $0.hasPrefix("chapter-\(twoDigits(chapter.number))-")
                && $0.contains("-check")
        }.max().map { "\(attemptsFolder)/\($0)" }
    }

    private func newAttemptFolder(_ chapter: Chapter, kind: String) -> String {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        formatter.locale = Locale(identifier: "en_US_POSIX")
        let base =
            "\(attemptsFolder)/chapter-\(twoDigits(chapter.number))-"
            + "\(formatter.string(from: Date()))-\(kind)"
        var (name, counter) = (base, 1)
        while manager.fileExists(atPath: url(name).path) {
            counter += 1
            name = "\(base)-\(counter)"
        }
        return name
    }

    /// The book's version of `path`: the copy `start` kept, or else (unless `only`) the tree's.
    func bookVersion(of path: String, only: Bool = false) -> String? {
        let kept = book.appendingPathComponent(path)
        let exists = manager.fileExists(atPath: kept.path)
        guard exists || !only else { return nil }
        return try? String(
            contentsOf: exists ? kept : url(path), encoding: .utf8)
    }

    /// The chapter a test file needs: `ChapterNN…` in its name, or its `needs-chapter` marker.
    func chapterNeeded(byTestFile path: String) throws -> Int? {
        let name = URL(fileURLWithPath: path).lastPathComponent
        if name.hasPrefix("Chapter"),
            let number = Int(name.dropFirst(7).prefix(2))
        {
            return number
        }
        let key = "// exercise.needs-chapter:"
        guard let needs = try marker(key, in: path, root: root) else {
            return nil
        }
        guard let number = Int(needs.value) else {
            throw ExerciseError(
                "\(path):\(needs.line): error: expected '\(key) NUMBER'")
        }
        return number
    }

    /// `Package.swift` with its `chapters` list cut after chapter `number`.
    private func trimmedManifest(keeping number: Int) throws -> String {
        var text = TextLines(try readText("Package.swift", in: root))
        guard
            let start = text.lines.firstIndex(where: {
                $0.hasPrefix("let chapters = [")
            }),
            let end = text.lines[start...].firstIndex(where: {
                $0.trimmedWhitespace == "]"
            })
        else {
            throw ExerciseError(
                "Package.swift:1: error: no 'let chapters = [' … ']' list of "
                    + "chapter folders")
        }
        let kept = text.lines[(start + 1)..<end].filter {
            leadingNumber(of: String($0.trimmedWhitespace.dropFirst())) ?? 0
                <= number
        }
        text.lines.replaceSubrange((start + 1)..<end, with: kept)
        return text.text
    }

    private func url(_ path: String) -> URL {
        root.appendingPathComponent(path)
    }

    /// `Package.swift` and every file under `Sources`, `Chapters` and `Tests`.
    private func treeFiles() -> [String] {
        files(at: ["Package.swift", "Sources", "Chapters", "Tests"], in: root)
    }

    /// Whether the tree's `path` is as the book has it.
    private func isBooks(_ path: String) -> Bool {
        same(url(path), book.appendingPathComponent(path))
    }

    /// Whether two files hold the same bytes, or are links to the same relative path.
    private func same(_ first: URL, _ second: URL) -> Bool {
        if let one = try? manager.destinationOfSymbolicLink(atPath: first.path),
            let other = try? manager.destinationOfSymbolicLink(
                atPath: second.path)
        {
            return one == other
        }
        return manager.contents(atPath: first.path)
            == manager.contents(atPath: second.path)
    }
}

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
        var endLine = 0
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
            var problem: String?
            if marker == "end" {
                open?.endLine = index + 1
                regions += open.map { [$0] } ?? []
                problem =
                    open == nil
                    ? "'// exercise.end' without an open region" : nil
                open = nil
            } else if marker != "hide",
                !marker.hasPrefix("blank:") || what.isEmpty
            {
                problem =
                    "malformed exercise marker '\(trimmed)'; expected "
                    + "'// exercise.blank: WHAT', '// exercise.hide' "
                    + "or '// exercise.end'"
            } else if let region = open {
                problem =
                    "exercise regions do not nest; the one opened at line "
                    + "\(region.startLine) is still open"
            } else {
                open = Region(
                    blank: marker == "hide" ? nil : what, startLine: index + 1,
                    indentation: String(line.prefix { $0 == " " }))
            }
            problems +=
                problem.map { ["\(path):\(index + 1): error: \($0)"] } ?? []
        }
        if let region = open {
            problems.append(
                "\(path):\(region.startLine): error: exercise region is "
                    + "never closed with '// exercise.end'")
        }
    }

    /// The file as a student starts it, without the book's `// snippet.` markers; each blank with
    /// its line in it.
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
