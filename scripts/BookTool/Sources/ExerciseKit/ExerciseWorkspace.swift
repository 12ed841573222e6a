import BookKit
import Foundation

/// Starts and restores "rebuild the chapter" exercises in a working tree.
///
/// Starting chapter N puts the tree where a reader stands at the start of chapter N: the
/// library, programs and tests of later chapters are set aside (they build on chapter N and
/// would give its answer away), `Package.swift` lists chapters 1…N, and the regions marked in
/// chapter N's library folder are blanked. Everything it changes is first kept in the stash,
/// `.exercise/`, which `restore` puts back; the student's attempt is saved there too.
struct ExerciseWorkspace {
    /// The git-ignored folder that holds the reference files and the set-aside chapters.
    static let stashFolder = ".exercise"
    /// In a test support file, `// exercise.needs-chapter: 6` sets it aside before chapter 6.
    static let needsChapterMarker = "// exercise.needs-chapter:"

    let root: URL
    private var fileManager: FileManager { .default }

    private var stash: URL { root.appendingPathComponent(Self.stashFolder) }
    private var stateFile: URL { stash.appendingPathComponent("chapter") }
    private var referenceFolder: URL { stash.appendingPathComponent("reference") }
    private var setAsideFolder: URL { stash.appendingPathComponent("set-aside") }
    private var startListFile: URL { stash.appendingPathComponent("files-at-start") }

    /// The chapter whose exercise is in progress, if any.
    var chapterInProgress: Int? {
        (try? String(contentsOf: stateFile, encoding: .utf8)).flatMap {
            Int($0.trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }

    /// What `start` did, for the report.
    struct StartSummary {
        /// Each blank, by file: what is missing and on which line.
        var blanks: [(path: String, what: String, line: Int)]
        /// The chapters set aside.
        var setAside: [Int]
    }

    /// Blanks chapter `chapter`'s step and sets later chapters aside.
    func start(_ chapter: Chapter, allChapters: [Chapter]) throws(ExerciseError) -> StartSummary {
        if let current = chapterInProgress {
            throw ExerciseError(
                "chapter \(current) is already started as an exercise; finish it with "
                    + "'scripts/exercise restore \(current)' before you start another")
        }
        let libraryFiles = swiftFiles(under: chapter.libraryPath)
        guard !libraryFiles.isEmpty else {
            throw ExerciseError("\(chapter.libraryPath) has no Swift files to start from")
        }
        var blanked: [(path: String, file: ExerciseMarkedFile)] = []
        var problems: [String] = []
        for path in libraryFiles {
            let text = try read(path)
            let file = ExerciseMarkedFile(path: path, text: text)
            problems += file.problems
            if file.hasRegions {
                blanked.append((path, file))
            }
        }
        guard problems.isEmpty else {
            throw ExerciseError(problems.joined(separator: "\n"))
        }
        guard !blanked.isEmpty else {
            throw ExerciseError(
                "\(chapter.libraryPath) has no '// exercise.blank: …' markers, so there is "
                    + "nothing to blank")
        }
        let later = allChapters.filter { $0.number > chapter.number }
        let movedPaths = try pathsToSetAside(after: chapter, laterChapters: later)
        let manifest = try read("Package.swift")
        let trimmedManifest = try manifestListing(
            manifest, chaptersUpTo: chapter.number, among: allChapters)

        // Keep every original before changing anything; restore works from these copies.
        do {
            try fileManager.createDirectory(at: stash, withIntermediateDirectories: true)
            try Data("\(chapter.number)\n".utf8).write(to: stateFile)
            try Data((libraryFiles.joined(separator: "\n") + "\n").utf8).write(
                to: startListFile)
            for path in blanked.map(\.path) + ["Package.swift"] {
                try copy(root.appendingPathComponent(path), to: referenceFolder, as: path)
            }
            for path in movedPaths {
                try move(path, from: root, to: setAsideFolder)
            }
        } catch {
            let undo = restoreQuietly()
            throw ExerciseError(
                "could not set the chapter up (\(error)); \(undo ?? "nothing was changed")")
        }
        let writer = AtomicFileWriter()
        var replacements = blanked.map { entry in
            AtomicFileWriter.Replacement(
                url: root.appendingPathComponent(entry.path), text: entry.file.blankedText)
        }
        replacements.append(
            .init(url: root.appendingPathComponent("Package.swift"), text: trimmedManifest))
        let outcome = writer.replace(replacements)
        guard outcome.failures.isEmpty else {
            let undo = restoreQuietly()
            throw ExerciseError(
                "could not write the blanked files (\(outcome.failures.values.joined(separator: "; "))); "
                    + (undo ?? "nothing was changed"))
        }
        return StartSummary(
            blanks: blanked.flatMap { entry in
                entry.file.blanks.map { (entry.path, $0.what, $0.line) }
            },
            setAside: later.map(\.number))
    }

    /// What `restore` did, for the report.
    struct RestoreSummary {
        /// Where the student's version of the chapter's files was saved, relative to the root.
        var attemptFolder: String
        /// The files saved there.
        var savedFiles: [String]
    }

    /// Puts the reference version of the chapter in progress back, saving the student's files.
    func restore(_ chapter: Chapter) throws(ExerciseError) -> RestoreSummary {
        guard let current = chapterInProgress else {
            throw ExerciseError(
                "no chapter is started as an exercise, so there is nothing to restore")
        }
        guard current == chapter.number else {
            throw ExerciseError(
                "chapter \(current) is the one in progress; restore it with "
                    + "'scripts/exercise restore \(current)'")
        }
        let attempt = "\(Self.stashFolder)/attempts/chapter-\(chapter.paddedNumber)-\(timestamp())"
        let atStart = Set(
            ((try? String(contentsOf: startListFile, encoding: .utf8)) ?? "")
                .split(separator: "\n").map(String.init))
        var saved: [String] = []
        do {
            let attemptFolder = root.appendingPathComponent(attempt)
            let yours = attemptFolder.appendingPathComponent("yours")
            let book = attemptFolder.appendingPathComponent("book")
            for path in files(under: referenceFolder) where path != "Package.swift" {
                // The book's version without markers, so a diff shows only real differences.
                let reference = try String(
                    contentsOf: referenceFolder.appendingPathComponent(path), encoding: .utf8)
                let target = book.appendingPathComponent(path)
                try fileManager.createDirectory(
                    at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(Self.withoutMarkers(reference).utf8).write(to: target)
            }
            for path in swiftFiles(under: chapter.libraryPath) {
                try copy(root.appendingPathComponent(path), to: yours, as: path)
                saved.append(path)
                if !atStart.contains(path) {
                    // A file the student added would clash with the reference; it is kept
                    // in the attempt folder only.
                    try fileManager.removeItem(at: root.appendingPathComponent(path))
                }
            }
        } catch {
            throw ExerciseError(
                "could not save your files to \(attempt) (\(error)); nothing was restored")
        }
        if let problem = restoreQuietly() {
            throw ExerciseError(problem)
        }
        return RestoreSummary(attemptFolder: attempt, savedFiles: saved)
    }

    /// `text` without the exercise and snippet marker lines.
    static func withoutMarkers(_ text: String) -> String {
        var lines = TextLines(text)
        lines.lines.removeAll {
            let trimmed = $0.trimmedWhitespace
            return trimmed.hasPrefix("// exercise.") || trimmed.hasPrefix("// snippet.")
        }
        return lines.text
    }

    /// Puts back every reference file and set-aside path the stash holds, then forgets it.
    ///
    /// Returns what went wrong, or `nil`. Safe to run on a half-made stash.
    private func restoreQuietly() -> String? {
        var problems: [String] = []
        let references = files(under: referenceFolder)
        let writer = AtomicFileWriter()
        var replacements: [AtomicFileWriter.Replacement] = []
        for path in references {
            guard
                let text = try? String(
                    contentsOf: referenceFolder.appendingPathComponent(path), encoding: .utf8)
            else {
                problems.append("cannot read the reference copy of \(path)")
                continue
            }
            replacements.append(.init(url: root.appendingPathComponent(path), text: text))
        }
        guard problems.isEmpty else {
            return problems.joined(separator: "; ") + "; the stash in \(Self.stashFolder) is kept"
        }
        let outcome = writer.replace(replacements)
        if !outcome.failures.isEmpty {
            return "could not put back \(outcome.failures.count) file(s); "
                + "the stash in \(Self.stashFolder) is kept"
        }
        for path in setAsidePaths() {
            do {
                try move(path, from: setAsideFolder, to: root)
            } catch {
                problems.append("cannot move \(path) back: \(error)")
            }
        }
        guard problems.isEmpty else {
            return problems.joined(separator: "; ") + "; the stash in \(Self.stashFolder) is kept"
        }
        for folder in [referenceFolder, setAsideFolder, startListFile, stateFile] {
            try? fileManager.removeItem(at: folder)
        }
        return nil
    }

    // MARK: - What to set aside

    private func pathsToSetAside(after chapter: Chapter, laterChapters: [Chapter])
        throws(ExerciseError) -> [String]
    {
        var paths: [String] = []
        for later in laterChapters {
            for path in [later.libraryPath, later.programPath] where exists(path) {
                paths.append(path)
            }
        }
        for path in swiftFiles(under: "Tests") {
            guard let needed = try chapterNeeded(byTestFile: path), needed > chapter.number else {
                continue
            }
            paths.append(path)
        }
        return paths
    }

    /// The chapter a test file needs: `ChapterNN…` in its name, or its `needs-chapter` marker.
    func chapterNeeded(byTestFile path: String) throws(ExerciseError) -> Int? {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        if name.hasPrefix("Chapter"), let number = Int(name.dropFirst("Chapter".count).prefix(2)) {
            return number
        }
        for (index, line) in TextLines(try read(path)).lines.enumerated() {
            let trimmed = line.trimmedWhitespace
            guard trimmed.hasPrefix(Self.needsChapterMarker) else { continue }
            guard
                let number = Int(
                    trimmed.dropFirst(Self.needsChapterMarker.count).trimmedWhitespace)
            else {
                throw ExerciseError(
                    "\(path):\(index + 1): expected '\(Self.needsChapterMarker) NUMBER'")
            }
            return number
        }
        return nil
    }

    /// `Package.swift` with its `chapters` list cut after chapter `number`.
    private func manifestListing(_ manifest: String, chaptersUpTo number: Int, among: [Chapter])
        throws(ExerciseError) -> String
    {
        var lines = TextLines(manifest)
        let later = Set(among.filter { $0.number > number }.map { "\"\($0.folderName)\"," })
        guard let start = lines.lines.firstIndex(where: { $0.hasPrefix("let chapters = [") }),
            let end = lines.lines[start...].firstIndex(where: { $0.trimmedWhitespace == "]" })
        else {
            throw ExerciseError(
                "Package.swift: cannot find its 'let chapters = [' … ']' list of chapter folders")
        }
        let kept = lines.lines[(start + 1)..<end].filter { !later.contains($0.trimmedWhitespace) }
        lines.lines.replaceSubrange((start + 1)..<end, with: kept)
        return lines.text
    }

    // MARK: - Files

    private func exists(_ path: String) -> Bool {
        fileManager.fileExists(atPath: root.appendingPathComponent(path).path)
    }

    private func read(_ path: String) throws(ExerciseError) -> String {
        do {
            return try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
        } catch {
            throw ExerciseError("\(path): cannot be read (\(error.localizedDescription))")
        }
    }

    /// The `.swift` files under `folder`, relative to the root, sorted.
    func swiftFiles(under folder: String) -> [String] {
        files(under: root.appendingPathComponent(folder)).filter { $0.hasSuffix(".swift") }
            .map { "\(folder)/\($0)" }
    }

    /// Every regular file under `folder`, relative to it, sorted.
    private func files(under folder: URL) -> [String] {
        guard let enumerator = fileManager.enumerator(atPath: folder.path) else { return [] }
        var paths: [String] = []
        while let relative = enumerator.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if fileManager.fileExists(
                atPath: folder.appendingPathComponent(relative).path, isDirectory: &isDirectory),
                !isDirectory.boolValue
            {
                paths.append(relative)
            }
        }
        return paths.sorted()
    }

    /// The top-level paths in the set-aside folder: chapter folders and test files.
    private func setAsidePaths() -> [String] {
        files(under: setAsideFolder).map { path -> String in
            let parts = path.split(separator: "/")
            // A chapter folder moves as a whole: `Sources/MiniCombine/05-X/...` → its folder.
            if parts.count > 3, parts[0] == "Sources" {
                return parts.prefix(3).joined(separator: "/")
            }
            if parts.count > 2, parts[0] == "Chapters" {
                return parts.prefix(2).joined(separator: "/")
            }
            return path
        }.uniqued()
    }

    private func copy(_ source: URL, to folder: URL, as path: String) throws {
        let target = folder.appendingPathComponent(path)
        try fileManager.createDirectory(
            at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        if fileManager.fileExists(atPath: target.path) {
            try fileManager.removeItem(at: target)
        }
        try fileManager.copyItem(at: source, to: target)
    }

    private func move(_ path: String, from source: URL, to destination: URL) throws {
        let target = destination.appendingPathComponent(path)
        try fileManager.createDirectory(
            at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try fileManager.moveItem(at: source.appendingPathComponent(path), to: target)
    }

    private func timestamp() -> String {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        formatter.locale = Locale(identifier: "en_US_POSIX")
        return formatter.string(from: Date())
    }
}
