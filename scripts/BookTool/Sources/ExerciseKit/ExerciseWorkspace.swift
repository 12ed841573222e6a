import BookKit
import Foundation

/// Starts and restores "rebuild the chapter" exercises in a working tree.
///
/// `start N` records the book's files in `.exercise/` (git-ignored): a copy of every file the
/// package builds from in `reference/`, the list of them in `book-files`, and, last, the
/// chapter's number in `chapter`, so an interrupted start leaves no record or a whole one.
/// Only then it moves later chapters (and the tests that need them) into `set-aside/`, cuts
/// `Package.swift`'s list of chapters, and blanks chapter N's marked regions.
/// `restore` first copies every file of the student's that differs from the book's, or that
/// the book does not have, into `.exercise/attempts/`, so nothing the student wrote is lost.
struct ExerciseWorkspace {
    static let stashFolder = ".exercise"
    static let attemptsFolder = "\(stashFolder)/attempts"
    /// In a test support file, `// exercise.needs-chapter: 6` sets it aside before chapter 6.
    static let needsChapterMarker = "// exercise.needs-chapter:"

    let root: URL
    private var fileManager: FileManager { .default }

    private func stash(_ name: String) -> URL {
        root.appendingPathComponent("\(Self.stashFolder)/\(name)")
    }
    /// Removes the records, the chapter's number last.
    private func clearRecords() {
        for name in ["set-aside", "reference", "book-files", "chapter"] {
            try? fileManager.removeItem(at: stash(name))
        }
    }

    var chapterInProgress: Int? {
        (try? String(contentsOf: stash("chapter"), encoding: .utf8)).flatMap {
            Int($0.trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }

    /// Blanks `chapter` and sets later chapters aside; with `blanking` false, only sets them
    /// aside (for grading, where a submission replaces the chapter's folder).
    func start(
        _ chapter: Chapter, allChapters: [Chapter], blanking: Bool = true
    ) throws -> (
        blanks: [(path: String, what: String, line: Int)], setAside: [Int]
    ) {
        if let current = chapterInProgress {
            throw ExerciseError(
                "chapter \(current) is already started; finish it with "
                    + "'scripts/exercise restore \(current)' first")
        }
        guard setAsidePaths().isEmpty else {
            throw ExerciseError(
                "\(Self.stashFolder)/set-aside holds files from an exercise that "
                    + "did not finish; 'scripts/exercise abandon' puts them back"
            )
        }
        let library = swiftFiles(under: chapter.libraryPath, in: root)
        var blanked: [(path: String, file: ExerciseMarkedFile)] = []
        for path in library {
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
        var moved = later.flatMap { [$0.libraryPath, $0.programPath] }
            .filter { fileManager.fileExists(atPath: url($0).path) }
        for path in swiftFiles(under: "Tests", in: root) {
            if try chapterNeeded(byTestFile: path) ?? 0 > chapter.number {
                moved.append(path)
            }
        }
        let manifest = try trimmedManifest(
            upTo: chapter.number, among: allChapters)
        if blanking { try HintLedger(root: root).forget(chapter.number) }

        let all = treeFiles()
        let kept = all.filter { path in
            !moved.contains { path == $0 || path.hasPrefix($0 + "/") }
        }
        do {
            clearRecords()
            for path in kept {
                try copyItem(url(path), to: stash("reference/\(path)"))
            }
            try write(
                all.joined(separator: "\n") + "\n", to: stash("book-files"))
            try write("\(chapter.number)\n", to: stash("chapter"))
        } catch {
            clearRecords()
            throw ExerciseError(
                "could not record the chapter in \(Self.stashFolder) "
                    + "(\(reason(error))); nothing was changed")
        }
        do {
            for path in moved {
                try move(path, from: root, to: stash("set-aside"))
            }
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

    // MARK: - Restore

    /// What `restore` would do: the student's files it keeps (those it removes among them),
    /// how many files it puts back, and the set-aside paths it brings back.
    struct RestorePlan {
        var chapter: Chapter
        var saved: [String] = []
        var removed: [String] = []
        var putBack = 0
        var setAside: [String] = []
    }

    func restorePlan() throws -> RestorePlan {
        guard let number = chapterInProgress else {
            throw ExerciseError(
                fileManager.fileExists(atPath: stash("chapter").path)
                    ? "\(Self.stashFolder)/chapter names no chapter; nothing "
                        + "was changed; 'scripts/exercise abandon' clears it"
                    : "no chapter is started, so there is nothing to restore")
        }
        guard
            let list = try? String(
                contentsOf: stash("book-files"), encoding: .utf8),
            fileManager.fileExists(
                atPath: stash("reference/Package.swift").path)
        else {
            throw ExerciseError(
                "the records of chapter \(number)'s exercise in "
                    + "\(Self.stashFolder)/ are incomplete (an interrupted "
                    + "start?), so nothing was changed; 'scripts/exercise "
                    + "abandon' clears them and keeps your attempts")
        }
        let bookFiles = Set(list.split(separator: "\n").map(String.init))
        var plan = RestorePlan(
            chapter: try ChapterCatalog(root: root).chapter(number),
            setAside: setAsidePaths())
        // Package.swift only lists the chapters; the student does not write it.
        for path in treeFiles().dropFirst() {
            let book = bookCopy(of: path)
            if !bookFiles.contains(path) {
                plan.saved.append(path)
                plan.removed.append(path)
            } else if path.hasPrefix(plan.chapter.libraryPath + "/")
                || book.map({ !sameFile(url(path), $0) }) == true
            {
                plan.saved.append(path)
            }
        }
        plan.putBack =
            files(under: stash("reference")).filter {
                !sameFile(url($0), stash("reference/\($0)"))
            }.count
        return plan
    }

    /// Puts the book's chapter back, keeping the student's files; returns the attempt's folder.
    func restore(_ chapter: Chapter) throws -> (
        attempt: String, plan: RestorePlan
    ) {
        let plan = try restorePlan()
        guard plan.chapter.number == chapter.number else {
            throw ExerciseError(
                "chapter \(plan.chapter.number) is the one in progress; restore "
                    + "it with 'scripts/exercise restore \(plan.chapter.number)'"
            )
        }
        let folder = newAttemptFolder(chapter, kind: "restore")
        try attempt(
            "could not keep your files in \(folder); nothing was restored"
        ) {
            for path in plan.saved {
                try copyItem(url(path), to: url("\(folder)/yours/\(path)"))
                guard let book = bookCopy(of: path),
                    let text = try? String(contentsOf: book, encoding: .utf8)
                else { continue }
                try write(
                    path.hasPrefix(chapter.libraryPath + "/")
                        ? ExerciseMarkedFile.withoutMarkers(text) : text,
                    to: url("\(folder)/book/\(path)"))
            }
            for path in plan.removed {
                try fileManager.removeItem(at: url(path))
            }
        }
        try putBack()
        return (folder, plan)
    }

    /// Writes back every reference file that differs and brings back what was set aside, then
    /// removes the records; safe to run again after an interruption.
    private func putBack() throws {
        var replacements: [AtomicFileWriter.Replacement] = []
        for path in files(under: stash("reference"))
        where !sameFile(url(path), stash("reference/\(path)")) {
            replacements.append(
                .init(
                    url: url(path),
                    text: try readText(
                        "\(Self.stashFolder)/reference/\(path)", in: root)))
        }
        for replacement in replacements {
            try fileManager.createDirectory(
                at: replacement.url.deletingLastPathComponent(),
                withIntermediateDirectories: true)
        }
        let outcome = AtomicFileWriter().replace(replacements)
        if let failure = outcome.failures.values.first {
            throw ExerciseError(
                "could not put back the book's files (\(failure)); the records "
                    + "in \(Self.stashFolder) are kept")
        }
        try attempt("could not bring back the set-aside chapters") {
            for path in setAsidePaths() {
                // The tree may have it again from git; the student's copy is kept already.
                try? fileManager.removeItem(at: url(path))
                try move(path, from: stash("set-aside"), to: root)
            }
        }
        clearRecords()
    }

    /// Clears the records of an exercise that cannot be restored, bringing back what was set
    /// aside and keeping the attempts; restores instead when it can.
    func abandon() throws -> String {
        if let plan = try? restorePlan() {
            let restored = try restore(plan.chapter)
            return "restored chapter \(plan.chapter.number); your files are in "
                + restored.attempt
        }
        let keep = url(newAttemptFolder(nil, kind: "abandoned") + "/set-aside")
        try attempt("could not bring back the set-aside files") {
            for path in setAsidePaths() {
                // The tree has it again from git: the stash's copy goes to the attempts.
                let exists = fileManager.fileExists(atPath: url(path).path)
                try move(
                    path, from: stash("set-aside"), to: exists ? keep : root)
            }
        }
        clearRecords()
        return "cleared the exercise records; \(Self.attemptsFolder) is kept"
    }

    // MARK: - Attempts

    /// Saves the chapter's library folder as an attempt, unless it is as last saved; returns
    /// the attempt's folder.
    @discardableResult
    func saveCheckedAttempt(_ chapter: Chapter) throws -> String {
        let paths = swiftFiles(under: chapter.libraryPath, in: root)
        if let last = lastCheckedFolder(chapter) {
            let yours = url("\(last)/yours")
            let before = swiftFiles(under: chapter.libraryPath, in: yours)
            if before == paths,
                paths.allSatisfy({
                    sameFile(url($0), yours.appendingPathComponent($0))
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
        let prefix = "chapter-\(twoDigits(chapter.number))-"
        let names =
            (try? fileManager.contentsOfDirectory(
                atPath: url(Self.attemptsFolder).path)) ?? []
        return names.filter { $0.hasPrefix(prefix) && $0.contains("-check") }
            .max().map { "\(Self.attemptsFolder)/\($0)" }
    }

    private func newAttemptFolder(_ chapter: Chapter?, kind: String) -> String {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        formatter.locale = Locale(identifier: "en_US_POSIX")
        let prefix = chapter.map { "chapter-\(twoDigits($0.number))-" } ?? ""
        let base =
            "\(Self.attemptsFolder)/\(prefix)"
            + "\(formatter.string(from: Date()))-\(kind)"
        var (name, counter) = (base, 1)
        while fileManager.fileExists(atPath: url(name).path) {
            counter += 1
            name = "\(base)-\(counter)"
        }
        return name
    }

    // MARK: - Files

    /// The book's version of `path`: the copy `start` kept or set aside, or else the tree's.
    func bookVersion(of path: String) -> String? {
        try? String(
            contentsOf: bookCopy(of: path) ?? url(path), encoding: .utf8)
    }

    private func bookCopy(of path: String) -> URL? {
        ["reference", "set-aside"].map { stash("\($0)/\(path)") }.first {
            fileManager.fileExists(atPath: $0.path)
        }
    }

    /// The chapter a test file needs: `ChapterNN…` in its name, or its `needs-chapter` marker.
    func chapterNeeded(byTestFile path: String) throws -> Int? {
        let name = URL(fileURLWithPath: path).lastPathComponent
        if name.hasPrefix("Chapter"),
            let number = Int(name.dropFirst(7).prefix(2))
        {
            return number
        }
        guard
            let needs = try marker(
                Self.needsChapterMarker, in: path, root: root)
        else { return nil }
        guard let number = Int(needs.value) else {
            throw ExerciseError(
                "\(path):\(needs.line): error: expected "
                    + "'\(Self.needsChapterMarker) NUMBER'")
        }
        return number
    }

    /// `Package.swift` with its `chapters` list cut after chapter `number`.
    private func trimmedManifest(upTo number: Int, among chapters: [Chapter])
        throws -> String
    {
        var lines = TextLines(try readText("Package.swift", in: root))
        let later = Set(
            chapters.filter { $0.number > number }.map {
                "\"\($0.folderName)\","
            })
        guard
            let start = lines.lines.firstIndex(where: {
                $0.hasPrefix("let chapters = [")
            }),
            let end = lines.lines[start...].firstIndex(where: {
                $0.trimmedWhitespace == "]"
            })
        else {
            throw ExerciseError(
                "Package.swift:1: error: no 'let chapters = [' … ']' list of "
                    + "chapter folders")
        }
        lines.lines.replaceSubrange(
            (start + 1)..<end,
            with: lines.lines[(start + 1)..<end].filter {
                !later.contains($0.trimmedWhitespace)
            })
        return lines.text
    }

    private func url(_ path: String) -> URL {
        root.appendingPathComponent(path)
    }

    /// `Package.swift` and every file under `Sources`, `Chapters` and `Tests`.
    private func treeFiles() -> [String] {
        files(at: ["Package.swift", "Sources", "Chapters", "Tests"], in: root)
    }

    /// The chapter folders and test files in the set-aside folder.
    private func setAsidePaths() -> [String] {
        files(under: stash("set-aside")).map { path in
            let parts = path.split(separator: "/")
            let depth =
                parts.first == "Sources"
                ? 3 : parts.first == "Chapters" ? 2 : parts.count
            return parts.prefix(depth).joined(separator: "/")
        }.uniqued()
    }

    /// Whether two files hold the same bytes, or are links to the same relative path.
    private func sameFile(_ first: URL, _ second: URL) -> Bool {
        if let one = try? fileManager.destinationOfSymbolicLink(
            atPath: first.path),
            let other = try? fileManager.destinationOfSymbolicLink(
                atPath: second.path)
        {
            return one == other
        }
        return fileManager.contents(atPath: first.path)
            == fileManager.contents(atPath: second.path)
    }

    private func move(_ path: String, from source: URL, to destination: URL)
        throws
    {
        let target = destination.appendingPathComponent(path)
        try fileManager.createDirectory(
            at: target.deletingLastPathComponent(),
            withIntermediateDirectories: true)
        try fileManager.moveItem(
            at: source.appendingPathComponent(path), to: target)
    }
}
