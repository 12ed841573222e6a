import BookKit
import Foundation

/// One chapter of the book, as its folders in the repository name it.
struct Chapter: Equatable {
    var number: Int
    /// The folder the library and the program share, such as `04-Map`.
    var folderName: String
    /// Its page's title, without "Chapter N:".
    var title: String
    var pagePath: String?

    var libraryPath: String { "Sources/MiniCombine/\(folderName)" }
    var programPath: String { "Chapters/\(folderName)" }
    var product: String { NumberedFolder.productName(ofFolder: folderName) }
    /// The start of its test files' and suites' names: `Chapter04`.
    var testPrefix: String { "Chapter\(twoDigits(number))" }
    /// Its brief, hints and "go further" exercises.
    var exercisesPath: String { "scripts/Exercises/\(folderName)" }
    var heading: String { "Chapter \(number): \(title)" }
}

/// The chapters of the repository at `root`, those set aside included.
struct ChapterCatalog {
    let root: URL

    func chapters() -> [Chapter] {
        func names(_ folder: String) -> [String] {
            let path = root.appendingPathComponent(folder).path
            return
                ((try? FileManager.default.contentsOfDirectory(atPath: path))
                ?? []).filter { leadingNumber(of: $0) != nil }
        }
        let pages = names("book").filter { $0.hasSuffix(".md") }
        let folders = names("Chapters") + names("\(stashFolder)/book/Chapters")
        return Set(folders).map { folder in
            let number = leadingNumber(of: folder) ?? 0
            let page = pages.first { leadingNumber(of: $0) == number }
                .map { "book/\($0)" }
            let heading = page.flatMap { try? readText($0, in: root) }
                .flatMap { TextLines($0).lines.first { $0.hasPrefix("# ") } }
            let title = heading?.dropFirst(2)
                .replacing(#/^Chapter [^:]*:/#, with: "").trimmedWhitespace
            return Chapter(
                number: number, folderName: folder, title: title ?? folder,
                pagePath: page)
        }.sorted { $0.number < $1.number }
    }

    func chapter(_ number: Int) throws -> Chapter {
        let all = chapters()
        guard let chapter = all.first(where: { $0.number == number }) else {
            throw ExerciseError(
                "there is no chapter \(number); the chapters are "
                    + all.map { "\($0.number)" }.joined(separator: ", "))
        }
        return chapter
    }
}

/// A list kept in `.exercise/NAME`, one entry a line: what the student passed
/// (`progress`: `chapter 4`, `further 2 empty`), or the hints given (`hints`: `4<TAB>map(_:)`).
struct Ledger {
    let file: URL

    init(_ name: String, root: URL) {
        file = root.appendingPathComponent("\(stashFolder)/\(name)")
    }

    var entries: [String] {
        ((try? String(contentsOf: file, encoding: .utf8)) ?? "")
            .split(separator: "\n").map(String.init)
    }

    /// The blanks of chapter `number` a hint was given for, in order.
    func hints(_ number: Int) -> [String] {
        entries.compactMap {
            $0.hasPrefix("\(number)\t")
                ? String($0.drop { $0 != "\t" }.dropFirst()) : nil
        }
    }

    func add(_ entry: String, once: Bool = false) throws {
        if !once || !entries.contains(entry) { try save(entries + [entry]) }
    }

    func remove(where remove: (String) -> Bool) throws {
        try save(entries.filter { !remove($0) })
    }

    private func save(_ entries: [String]) throws {
        try write(entries.map { $0 + "\n" }.joined(), to: file)
    }
}

/// A problem the exercise tool reports in one line and stops for.
struct ExerciseError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Runs `body`; a file system error becomes an `ExerciseError` saying, plainly, what failed.
func attempt<T>(_ what: @autoclosure () -> String, _ body: () throws -> T)
    throws -> T
{
    do {
        return try body()
    } catch let error as ExerciseError {
        throw error
    } catch {
        throw ExerciseError("\(what()): \(reason(error))")
    }
}

func reason(_ error: any Error) -> String {
    (error as? ExerciseError)?.description ?? plainReason(error)
}

func readText(_ path: String, in root: URL) throws -> String {
    try attempt("\(path): cannot be read") {
        try String(
            contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }
}

/// What follows `marker` on the first line of the file at `path` that starts with it, and that
/// line's number.
func marker(_ marker: String, in path: String, root: URL) throws -> (
    value: String, line: Int
)? {
    let lines = TextLines(try readText(path, in: root)).lines
        .map(\.trimmedWhitespace)
    return lines.firstIndex { $0.hasPrefix(marker) }.map {
        (lines[$0].dropFirst(marker.count).trimmedWhitespace, $0 + 1)
    }
}

/// Every file (or symbolic link) under `folder`, relative to it, sorted.
func files(under folder: URL) -> [String] {
    let all = try? FileManager.default.subpathsOfDirectory(atPath: folder.path)
    return (all ?? []).filter {
        var isFolder: ObjCBool = false
        let path = folder.appendingPathComponent($0).path
        return !FileManager.default.fileExists(
            atPath: path, isDirectory: &isFolder) || !isFolder.boolValue
    }.sorted()
}

/// The files at or under each of `paths` of `root`, relative to `root`.
func files(at paths: [String], in root: URL) -> [String] {
    paths.flatMap { path in
        let url = root.appendingPathComponent(path)
        let inside = files(under: url).map { "\(path)/\($0)" }
        return inside.isEmpty
            && FileManager.default.fileExists(atPath: url.path)
            ? [path] : inside
    }
}

func swiftFiles(under folder: String, in root: URL) -> [String] {
    files(at: [folder], in: root).filter { $0.hasSuffix(".swift") }
}

/// Copies `source` (a file or a symbolic link) to `target`, replacing it, making folders.
func copyItem(_ source: URL, to target: URL) throws {
    try FileManager.default.createDirectory(
        at: target.deletingLastPathComponent(),
        withIntermediateDirectories: true)
    try? FileManager.default.removeItem(at: target)
    try FileManager.default.copyItem(at: source, to: target)
}

/// Writes `text` atomically, making folders.
func write(_ text: String, to url: URL) throws {
    try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    let outcome = AtomicFileWriter().replace([.init(url: url, text: text)])
    if let failure = outcome.failures.values.first {
        throw ExerciseError("\(url.path): cannot be written: \(failure)")
    }
}

/// Prints each line of `text` after `indent` to standard output at once, before any build that
/// follows.
func say(_ text: String = "", indent: String = "") {
    let lines = text.components(separatedBy: "\n").map { indent + $0 + "\n" }
    FileHandle.standardOutput.write(Data(lines.joined().utf8))
}

/// A count of files in words: "1 file", "3 files", "0 set-aside files".
func files(_ count: Int, _ noun: String = "file") -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
}
