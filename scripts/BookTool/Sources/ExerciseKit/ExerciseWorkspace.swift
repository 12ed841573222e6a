import BookKit
import Foundation

/// Starts and restores "rebuild the chapter" exercises in a working tree.
///
/// Starting chapter N puts the tree where a reader stands at the start of chapter N: the
/// library, programs and tests of later chapters are set aside (they build on chapter N and
/// would give its answer away), `Package.swift` lists chapters 1…N, and the regions marked in
/// chapter N's library folder are blanked. Before it changes anything, `start` copies every
/// file the package builds from into the stash, `.exercise/`, and only then writes the record
/// that marks the exercise as started: an interrupted start leaves either no record or a
/// complete one. `restore` puts every file back from the stash and first saves the student's
/// version of every file that differs from the book's, so nothing the student wrote is lost.
struct ExerciseWorkspace {
    /// The git-ignored folder that holds the reference files and the set-aside chapters.
    static let stashFolder = ".exercise"
    /// In a test support file, `// exercise.needs-chapter: 6` sets it aside before chapter 6.
    static let needsChapterMarker = "// exercise.needs-chapter:"
    /// The folders whose files `start` keeps and `restore` puts back, with `Package.swift`.
    static let keptFolders = ["Sources", "Chapters", "Tests"]

    let root: URL
    private var fileManager: FileManager { .default }

    private var stash: URL { root.appendingPathComponent(Self.stashFolder) }
    private var stateFile: URL { stash.appendingPathComponent("chapter") }
    private var referenceFolder: URL {
        stash.appendingPathComponent("reference")
    }
    private var referenceListFile: URL {
        stash.appendingPathComponent("reference-list")
    }
    private var setAsideFolder: URL {
        stash.appendingPathComponent("set-aside")
    }
    private var startListFile: URL {
        stash.appendingPathComponent("files-at-start")
    }
    /// Where attempts are kept, relative to the root.
    static let attemptsFolder = "\(stashFolder)/attempts"

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

    /// Blanks chapter `chapter`'s step and sets later chapters aside; with `blanking` false,
    /// only sets them aside (for grading a submission that replaces the chapter's folder).
    func start(
        _ chapter: Chapter, allChapters: [Chapter], blanking: Bool = true
    )
        throws(ExerciseError) -> StartSummary
    {
        if let current = chapterInProgress {
            throw ExerciseError(
                "chapter \(current) is already started as an exercise; finish it with "
                    + "'scripts/exercise restore \(current)' before you start another"
            )
        }
        guard setAsidePaths().isEmpty else {
            throw ExerciseError(
                "\(Self.stashFolder)/set-aside holds files from an exercise that did not finish; "
                    + "run 'scripts/exercise abandon' to put them back")
        }
        let libraryFiles = swiftFiles(under: chapter.libraryPath)
        guard !libraryFiles.isEmpty else {
            throw ExerciseError(
                "\(chapter.libraryPath) has no Swift files to start from")
        }
        var blanked: [(path: String, file: ExerciseMarkedFile)] = []
        var problems: [String] = []
        for path in libraryFiles {
            let text = try read(path)
            let file = ExerciseMarkedFile(path: path, text: text)
            problems += file.problems
            if file.hasRegions, blanking {
                blanked.append((path, file))
            }
        }
        guard problems.isEmpty else {
            throw ExerciseError(problems.joined(separator: "\n"))
        }
        guard !blanked.isEmpty || !blanking else {
            throw ExerciseError(
                "\(chapter.libraryPath) has no '// exercise.blank: …' markers, so there is "
                    + "nothing to blank")
        }
        let later = allChapters.filter { $0.number > chapter.number }
        let movedPaths = try pathsToSetAside(
            after: chapter, laterChapters: later)
        let manifest = try read("Package.swift")
        let trimmedManifest = try manifestListing(
            manifest, chaptersUpTo: chapter.number, among: allChapters)

        if blanking { try HintLedger(root: root).forget(chapter.number) }
        // First a complete record, the chapter file last; only then change the tree.
        let kept = keptFiles(excluding: movedPaths)
        do {
            for leftover in [
                stateFile, referenceListFile, startListFile, referenceFolder,
            ] {
                try? fileManager.removeItem(at: leftover)
            }
            try fileManager.createDirectory(
                at: stash, withIntermediateDirectories: true)
            for path in kept {
                try copy(
                    root.appendingPathComponent(path), to: referenceFolder,
                    as: path)
            }
            try Data((libraryFiles.joined(separator: "\n") + "\n").utf8).write(
                to: startListFile, options: .atomic)
            try Data((kept.joined(separator: "\n") + "\n").utf8).write(
                to: referenceListFile, options: .atomic)
            try Data("\(chapter.number)\n".utf8).write(
                to: stateFile, options: .atomic)
        } catch {
            for record in [
                stateFile, referenceListFile, startListFile, referenceFolder,
            ] {
                try? fileManager.removeItem(at: record)
            }
            throw ExerciseError(
                "could not record the chapter (\(error)); nothing was changed")
        }
        do {
            for path in movedPaths {
                try move(path, from: root, to: setAsideFolder)
            }
        } catch {
            let undo = putEverythingBack()
            throw ExerciseError(
                "could not set the chapter up (\(error)); \(undo ?? "nothing was changed")"
            )
        }
        let writer = AtomicFileWriter()
        var replacements = blanked.map { entry in
            AtomicFileWriter.Replacement(
                url: root.appendingPathComponent(entry.path),
                text: entry.file.blankedText)
        }
        replacements.append(
            .init(
                url: root.appendingPathComponent("Package.swift"),
                text: trimmedManifest))
        let outcome = writer.replace(replacements)
        guard outcome.failures.isEmpty else {
            let undo = putEverythingBack()
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

    /// Every file under the kept folders, and `Package.swift`, but the paths in `excluded`.
    private func keptFiles(excluding excluded: [String]) -> [String] {
        var paths = ["Package.swift"]
        for folder in Self.keptFolders {
            paths += files(under: root.appendingPathComponent(folder)).map {
                "\(folder)/\($0)"
            }
        }
        return paths.filter { path in
            !excluded.contains { path == $0 || path.hasPrefix($0 + "/") }
        }
    }

    // MARK: - What restore would do

    /// What `restore` does, worked out before it does anything: `status` shows it.
    struct RestorePlan {
        /// The chapter in progress.
        var chapter: Int
        /// Files whose current version is saved in the attempt: the chapter's library files,
        /// and every other file that differs from the book's or was added.
        var saved: [String]
        /// Files written back with the book's version, because they differ from it.
        var putBack: [String]
        /// Files the student added, removed once saved.
        var removed: [String]
        /// Set-aside files that are in the tree again (after a `git restore .`), saved where
        /// they differ from the book's.
        var returned: [String]
        /// The chapter's blanked files that are the book's again: a `git restore .` or
        /// `git checkout .` replaced the student's version.
        var overwritten: [String]
        /// The folders and files moved back from the stash.
        var setAside: [String]
        /// The chapter's library folder, such as `Sources/MiniCombine/04-Map`.
        var chapterFolder: String
    }

    /// Checks that the stash holds a complete record of a started chapter.
    private func completeRecord() throws(ExerciseError) -> (
        chapter: Int, references: [String]
    ) {
        guard let current = chapterInProgress else {
            if fileManager.fileExists(atPath: stateFile.path) {
                throw ExerciseError(
                    "\(Self.stashFolder)/chapter does not name a chapter; nothing was changed. "
                        + "Run 'scripts/exercise abandon' to clear the records")
            }
            throw ExerciseError(
                "no chapter is started as an exercise, so there is nothing to restore"
            )
        }
        let references =
            ((try? String(contentsOf: referenceListFile, encoding: .utf8)) ?? "")
            .split(separator: "\n").map(String.init)
        let complete =
            fileManager.fileExists(atPath: startListFile.path)
            && references.contains("Package.swift")
            && references.allSatisfy {
                fileManager.fileExists(
                    atPath: referenceFolder.appendingPathComponent($0).path)
            }
        guard complete else {
            throw ExerciseError(
                "the records of chapter \(current)'s exercise in \(Self.stashFolder)/ are "
                    + "incomplete (an interrupted start?), so nothing was changed; "
                    + "'scripts/exercise abandon' clears them and keeps your attempts"
            )
        }
        return (current, references)
    }

    /// What `restore` would do now.
    func restorePlan() throws(ExerciseError) -> RestorePlan {
        let (current, references) = try completeRecord()
        let referenceSet = Set(references)
        let setAside = setAsidePaths()
        let libraryPrefix = "Sources/MiniCombine/"
        let startList =
            ((try? String(contentsOf: startListFile, encoding: .utf8)) ?? "")
            .split(separator: "\n").map(String.init)
        let chapterFolder = startList.first.map {
            $0.split(separator: "/").prefix(3).joined(separator: "/")
        }
        var plan = RestorePlan(
            chapter: current, saved: [], putBack: [], removed: [], returned: [],
            overwritten: [], setAside: setAside,
            chapterFolder: chapterFolder ?? "")
        for path in references {
            let here = fileManager.contents(
                atPath: root.appendingPathComponent(path).path)
            let book = fileManager.contents(
                atPath: referenceFolder.appendingPathComponent(path).path)
            let inChapter =
                chapterFolder.map { path.hasPrefix($0 + "/") } ?? false
            if here != book { plan.putBack.append(path) }
            guard path != "Package.swift" else { continue }
            if inChapter || (here != nil && here != book) {
                if here != nil { plan.saved.append(path) }
            }
            if inChapter, here == book, path.hasPrefix(libraryPrefix),
                let text = book.map({ String(decoding: $0, as: UTF8.self) }),
                ExerciseMarkedFile(path: path, text: text).hasRegions
            {
                plan.overwritten.append(path)
            }
        }
        for path in keptFiles(excluding: setAside)
        where !referenceSet.contains(path) {
            plan.saved.append(path)
            plan.removed.append(path)
        }
        for folder in setAside
        where fileManager.fileExists(
            atPath: root.appendingPathComponent(folder).path)
        {
            for path in filesOrFile(folder) {
                plan.returned.append(path)
                if !sameFile(
                    root.appendingPathComponent(path),
                    setAsideFolder.appendingPathComponent(path))
                {
                    plan.saved.append(path)
                }
            }
        }
        return plan
    }

    /// What `restore` did, for the report.
    struct RestoreSummary {
        /// Where the student's version of the chapter's files was saved, relative to the root.
        var attemptFolder: String
        /// What it did.
        var plan: RestorePlan
        /// The last version `check` saved, if any.
        var lastChecked: String?
    }

    /// Puts the reference version of the chapter in progress back, saving the student's files.
    func restore(_ chapter: Chapter) throws(ExerciseError) -> RestoreSummary {
        let plan = try restorePlan()
        guard plan.chapter == chapter.number else {
            throw ExerciseError(
                "chapter \(plan.chapter) is the one in progress; restore it with "
                    + "'scripts/exercise restore \(plan.chapter)'")
        }
        let attempt = newAttemptFolder(chapter, kind: "restore")
        do {
            let attemptFolder = root.appendingPathComponent(attempt)
            let yours = attemptFolder.appendingPathComponent("yours")
            let book = attemptFolder.appendingPathComponent("book")
            for path in plan.saved {
                try copy(root.appendingPathComponent(path), to: yours, as: path)
                let reference =
                    plan.returned.contains(path)
                    ? setAsideFolder.appendingPathComponent(path)
                    : referenceFolder.appendingPathComponent(path)
                guard let data = fileManager.contents(atPath: reference.path)
                else { continue }
                // The chapter's files without markers, so a diff shows only real differences.
                let text = String(decoding: data, as: UTF8.self)
                let target = book.appendingPathComponent(path)
                try fileManager.createDirectory(
                    at: target.deletingLastPathComponent(),
                    withIntermediateDirectories: true)
                try Data(
                    (path.hasPrefix(plan.chapterFolder + "/")
                        ? Self.withoutMarkers(text) : text)
                        .utf8
                ).write(to: target)
            }
            for path in plan.removed {
                try fileManager.removeItem(
                    at: root.appendingPathComponent(path))
            }
            for folder in plan.setAside
            where fileManager.fileExists(
                atPath: root.appendingPathComponent(folder).path)
            {
                // Saved above where it differed; the stash's copy is the book's.
                try fileManager.removeItem(
                    at: root.appendingPathComponent(folder))
            }
        } catch {
            throw ExerciseError(
                "could not save your files to \(attempt) (\(error)); nothing was restored"
            )
        }
        if let problem = putEverythingBack() {
            throw ExerciseError(problem)
        }
        return RestoreSummary(
            attemptFolder: attempt, plan: plan,
            lastChecked: lastCheckedFolder(chapter))
    }

    /// Clears the records of an exercise that cannot be restored; the attempts are kept.
    ///
    /// It puts back what was set aside. With a complete record, it restores instead.
    func abandon(catalog: ChapterCatalog) throws(ExerciseError) -> String {
        if let plan = try? restorePlan(),
            let chapter = try? catalog.chapter(plan.chapter)
        {
            let summary = try restore(chapter)
            return
                "restored chapter \(plan.chapter); your files are in \(summary.attemptFolder)"
        }
        var problems: [String] = []
        for path in setAsidePaths() {
            if fileManager.fileExists(
                atPath: root.appendingPathComponent(path).path)
            {
                // The tree has it again (a git checkout); keep the stash's copy in the attempts.
                let keep =
                    newAttemptFolder(nil, kind: "abandoned") + "/set-aside"
                do {
                    try move(
                        path, from: setAsideFolder,
                        to: root.appendingPathComponent(keep))
                } catch {
                    problems.append("cannot keep \(path): \(error)")
                }
                continue
            }
            do {
                try move(path, from: setAsideFolder, to: root)
            } catch {
                problems.append("cannot move \(path) back: \(error)")
            }
        }
        guard problems.isEmpty else {
            throw ExerciseError(problems.joined(separator: "; "))
        }
        for record in [
            stateFile, referenceListFile, startListFile, referenceFolder,
            setAsideFolder,
        ] {
            try? fileManager.removeItem(at: record)
        }
        return "cleared the exercise records; \(Self.attemptsFolder) is kept"
    }

    // MARK: - Attempts

    /// A new folder name under the attempts folder, relative to the root, not yet used.
    private func newAttemptFolder(_ chapter: Chapter?, kind: String) -> String {
        let base =
            "\(Self.attemptsFolder)/\(chapter.map { "chapter-\($0.paddedNumber)-" } ?? "")"
            + "\(timestamp())-\(kind)"
        var name = base
        var counter = 2
        while fileManager.fileExists(
            atPath: root.appendingPathComponent(name).path)
        {
            name = "\(base)-\(counter)"
            counter += 1
        }
        return name
    }

    /// The attempts `check` saved for `chapter`, oldest first.
    private func checkedFolders(_ chapter: Chapter) -> [String] {
        let names =
            (try? fileManager.contentsOfDirectory(
                atPath: root.appendingPathComponent(Self.attemptsFolder).path))
            ?? []
        return names.filter {
            $0.hasPrefix("chapter-\(chapter.paddedNumber)-")
                && $0.contains("-check")
        }.sorted().map { "\(Self.attemptsFolder)/\($0)" }
    }

    /// The last attempt `check` saved for `chapter`, relative to the root.
    func lastCheckedFolder(_ chapter: Chapter) -> String? {
        checkedFolders(chapter).last
    }

    /// Saves the chapter's library folder as an attempt, unless it is the same as the last one
    /// saved; returns the attempt's folder.
    @discardableResult
    func saveCheckedAttempt(_ chapter: Chapter) throws(ExerciseError) -> String
    {
        let paths = swiftFiles(under: chapter.libraryPath)
        if let last = lastCheckedFolder(chapter) {
            let lastYours = root.appendingPathComponent(last)
                .appendingPathComponent("yours")
            let before = files(
                under: lastYours.appendingPathComponent(chapter.libraryPath)
            ).map {
                "\(chapter.libraryPath)/\($0)"
            }
            let same =
                before == paths
                && paths.allSatisfy {
                    fileManager.contents(
                        atPath: lastYours.appendingPathComponent($0).path)
                        == fileManager.contents(
                            atPath: root.appendingPathComponent($0).path)
                }
            if same { return last }
        }
        let attempt = newAttemptFolder(chapter, kind: "check")
        do {
            let yours = root.appendingPathComponent(attempt)
                .appendingPathComponent("yours")
            for path in paths {
                try copy(root.appendingPathComponent(path), to: yours, as: path)
            }
        } catch {
            throw ExerciseError(
                "could not save your files to \(attempt) (\(error))")
        }
        return attempt
    }

    /// `text` without the exercise and snippet marker lines.
    static func withoutMarkers(_ text: String) -> String {
        var lines = TextLines(text)
        lines.lines.removeAll {
            let trimmed = $0.trimmedWhitespace
            return trimmed.hasPrefix("// exercise.")
                || trimmed.hasPrefix("// snippet.")
        }
        return lines.text
    }

    /// Puts back every reference file that differs and every set-aside path the stash holds,
    /// then forgets the record.
    ///
    /// Returns what went wrong, or `nil`. Safe to run on a half-made stash.
    private func putEverythingBack() -> String? {
        var problems: [String] = []
        let references = files(under: referenceFolder)
        let writer = AtomicFileWriter()
        var replacements: [AtomicFileWriter.Replacement] = []
        for path in references {
            let reference = referenceFolder.appendingPathComponent(path)
            let target = root.appendingPathComponent(path)
            guard let data = fileManager.contents(atPath: reference.path) else {
                problems.append("cannot read the reference copy of \(path)")
                continue
            }
            // A file identical to the book's is skipped, so the build does not redo it.
            if fileManager.contents(atPath: target.path) == data { continue }
            do {
                try fileManager.createDirectory(
                    at: target.deletingLastPathComponent(),
                    withIntermediateDirectories: true)
            } catch {
                problems.append("cannot make the folder for \(path): \(error)")
            }
            replacements.append(
                .init(url: target, text: String(decoding: data, as: UTF8.self)))
        }
        guard problems.isEmpty else {
            return problems.joined(separator: "; ")
                + "; the stash in \(Self.stashFolder) is kept"
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
            return problems.joined(separator: "; ")
                + "; the stash in \(Self.stashFolder) is kept"
        }
        try? fileManager.removeItem(at: stateFile)
        for record in [
            referenceFolder, referenceListFile, setAsideFolder, startListFile,
        ] {
            try? fileManager.removeItem(at: record)
        }
        return nil
    }

    // MARK: - What to set aside

    private func pathsToSetAside(
        after chapter: Chapter, laterChapters: [Chapter]
    )
        throws(ExerciseError) -> [String]
    {
        var paths: [String] = []
        for later in laterChapters {
            for path in [later.libraryPath, later.programPath]
            where exists(path) {
                paths.append(path)
            }
        }
        for path in swiftFiles(under: "Tests") {
            guard let needed = try chapterNeeded(byTestFile: path),
                needed > chapter.number
            else {
                continue
            }
            paths.append(path)
        }
        return paths
    }

    /// The chapter a test file needs: `ChapterNN…` in its name, or its `needs-chapter` marker.
    func chapterNeeded(byTestFile path: String) throws(ExerciseError) -> Int? {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        if name.hasPrefix("Chapter"),
            let number = Int(name.dropFirst("Chapter".count).prefix(2))
        {
            return number
        }
        for (index, line) in TextLines(try read(path)).lines.enumerated() {
            let trimmed = line.trimmedWhitespace
            guard trimmed.hasPrefix(Self.needsChapterMarker) else { continue }
            guard
                let number = Int(
                    trimmed.dropFirst(Self.needsChapterMarker.count)
                        .trimmedWhitespace)
            else {
                throw ExerciseError(
                    "\(path):\(index + 1): expected '\(Self.needsChapterMarker) NUMBER'"
                )
            }
            return number
        }
        return nil
    }

    /// `Package.swift` with its `chapters` list cut after chapter `number`.
    private func manifestListing(
        _ manifest: String, chaptersUpTo number: Int, among: [Chapter]
    )
        throws(ExerciseError) -> String
    {
        var lines = TextLines(manifest)
        let later = Set(
            among.filter { $0.number > number }.map { "\"\($0.folderName)\"," })
        guard
            let start = lines.lines.firstIndex(where: {
                $0.hasPrefix("let chapters = [")
            }),
            let end = lines.lines[start...].firstIndex(where: {
                $0.trimmedWhitespace == "]"
            })
        else {
            throw ExerciseError(
                "Package.swift: cannot find its 'let chapters = [' … ']' list of chapter folders"
            )
        }
        let kept = lines.lines[(start + 1)..<end].filter {
            !later.contains($0.trimmedWhitespace)
        }
        lines.lines.replaceSubrange((start + 1)..<end, with: kept)
        return lines.text
    }

    // MARK: - Files

    private func exists(_ path: String) -> Bool {
        fileManager.fileExists(atPath: root.appendingPathComponent(path).path)
    }

    private func read(_ path: String) throws(ExerciseError) -> String {
        do {
            return try String(
                contentsOf: root.appendingPathComponent(path), encoding: .utf8)
        } catch {
            throw ExerciseError(
                "\(path): cannot be read (\(error.localizedDescription))")
        }
    }

    /// The `.swift` files under `folder`, relative to the root, sorted.
    func swiftFiles(under folder: String) -> [String] {
        files(under: root.appendingPathComponent(folder)).filter {
            $0.hasSuffix(".swift")
        }
        .map { "\(folder)/\($0)" }
    }

    /// Every regular file under `folder`, relative to it, sorted.
    private func files(under folder: URL) -> [String] {
        guard let enumerator = fileManager.enumerator(atPath: folder.path)
        else { return [] }
        var paths: [String] = []
        while let relative = enumerator.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if fileManager.fileExists(
                atPath: folder.appendingPathComponent(relative).path,
                isDirectory: &isDirectory),
                !isDirectory.boolValue
            {
                paths.append(relative)
            }
        }
        return paths.sorted()
    }

    /// Whether two files hold the same bytes, or are links to the same relative path: a link
    /// set aside in the stash points nowhere from there.
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

    /// The files under `path` in the tree, or `path` itself if it is a file.
    private func filesOrFile(_ path: String) -> [String] {
        let url = root.appendingPathComponent(path)
        var isDirectory: ObjCBool = false
        guard
            fileManager.fileExists(atPath: url.path, isDirectory: &isDirectory)
        else { return [] }
        return isDirectory.boolValue
            ? files(under: url).map { "\(path)/\($0)" } : [path]
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
            at: target.deletingLastPathComponent(),
            withIntermediateDirectories: true)
        if fileManager.fileExists(atPath: target.path) {
            try fileManager.removeItem(at: target)
        }
        try fileManager.copyItem(at: source, to: target)
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

    private func timestamp() -> String {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        formatter.locale = Locale(identifier: "en_US_POSIX")
        return formatter.string(from: Date())
    }
}
