import BookKit
import Foundation

/// One chapter of the book, as its folders in the repository name it.
struct Chapter: Equatable {
    var number: Int
    /// The folder name the library and the program share, such as `04-Map`.
    var folderName: String
    /// The title of its page's first heading, without "Chapter N:".
    var title: String
    /// Its page, such as `book/04-map.md`.
    var pagePath: String?

    var libraryPath: String { "Sources/MiniCombine/\(folderName)" }
    var programPath: String { "Chapters/\(folderName)" }
    /// The executable a reader runs, such as `04-map`.
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
        let folders = Set(
            numberedNames(in: "Chapters")
                + numberedNames(in: ".exercise/set-aside/Chapters"))
        let pages = numberedNames(in: "book").filter { $0.hasSuffix(".md") }
        return folders.compactMap { folder -> Chapter? in
            guard let number = leadingNumber(of: folder) else { return nil }
            let page = pages.first { leadingNumber(of: $0) == number }
                .map { "book/\($0)" }
            return Chapter(
                number: number, folderName: folder,
                title: page.flatMap(title(ofPage:)) ?? folder, pagePath: page)
        }.sorted { $0.number < $1.number }
    }

    func chapter(_ number: Int) throws -> Chapter {
        let all = chapters()
        guard let chapter = all.first(where: { $0.number == number }) else {
            let numbers = all.map { String($0.number) }
            throw ExerciseError(
                "there is no chapter \(number); the chapters are "
                    + numbers.joined(separator: ", "))
        }
        return chapter
    }

    private func numberedNames(in folder: String) -> [String] {
        let url = root.appendingPathComponent(folder)
        return
            ((try? FileManager.default.contentsOfDirectory(atPath: url.path))
            ?? []).filter { leadingNumber(of: $0) != nil }
    }

    private func title(ofPage page: String) -> String? {
        guard let text = try? readText(page, in: root),
            let heading = TextLines(text).lines.first(where: {
                $0.hasPrefix("# ")
            })
        else { return nil }
        var title = heading.dropFirst(2).trimmedWhitespace
        if title.hasPrefix("Chapter "), let colon = title.firstIndex(of: ":") {
            title = title[title.index(after: colon)...].trimmedWhitespace
        }
        return title
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

/// What went wrong, in plain words rather than a framework error's dump.
func reason(_ error: any Error) -> String {
    (error as? ExerciseError)?.description ?? plainReason(error)
}

func readText(_ path: String, in root: URL) throws -> String {
    try attempt("\(path): cannot be read") {
        try String(
            contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }
}

/// What follows `marker` on the first line of the file at `path` that starts with it, and
/// that line's number.
func marker(_ marker: String, in path: String, root: URL) throws -> (
    value: String, line: Int
)? {
    for (index, line) in TextLines(try readText(path, in: root)).lines
        .enumerated()
    where line.trimmedWhitespace.hasPrefix(marker) {
        return (
            line.trimmedWhitespace.dropFirst(marker.count).trimmedWhitespace,
            index + 1
        )
    }
    return nil
}

/// Every file (or symbolic link) under `folder`, relative to it, sorted.
func files(under folder: URL) -> [String] {
    var paths: [String] = []
    let enumerator = FileManager.default.enumerator(atPath: folder.path)
    while let relative = enumerator?.nextObject() as? String {
        var isFolder: ObjCBool = false
        let url = folder.appendingPathComponent(relative)
        if !FileManager.default.fileExists(
            atPath: url.path, isDirectory: &isFolder) || !isFolder.boolValue
        {
            paths.append(relative)
        }
    }
    return paths.sorted()
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

/// The `.swift` files under `folder` of `root`, relative to `root`.
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

func write(_ text: String, to url: URL) throws {
    try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    let outcome = AtomicFileWriter().replace([.init(url: url, text: text)])
    if let failure = outcome.failures.values.first {
        throw ExerciseError("\(url.path): cannot be written: \(failure)")
    }
}

/// Prints each line of `text` after `indent` to standard output at once, before any build
/// that follows.
func say(_ text: String = "", indent: String = "") {
    let lines = text.components(separatedBy: "\n").map { indent + $0 + "\n" }
    FileHandle.standardOutput.write(Data(lines.joined().utf8))
}
