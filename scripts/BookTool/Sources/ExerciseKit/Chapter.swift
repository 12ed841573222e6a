import BookKit
import Foundation

/// One chapter of the book, as its folders in the repository name it.
struct Chapter: Equatable {
    /// The chapter's number, 1 for `01-Protocols`.
    var number: Int
    /// The folder name shared by the library and the chapter program, such as `04-Map`.
    var folderName: String
    /// The chapter's title, from its page's first heading.
    var title: String
    /// Its page, such as `book/04-map.md`, relative to the repository root.
    var pagePath: String?

    /// `Sources/MiniCombine/04-Map`.
    var libraryPath: String { "Sources/MiniCombine/\(folderName)" }
    /// `Chapters/04-Map`.
    var programPath: String { "Chapters/\(folderName)" }
    /// The executable a reader runs, such as `04-map`.
    var product: String { NumberedFolder.productName(ofFolder: folderName) }
    /// Two digits, as in the folder and test file names.
    var paddedNumber: String { twoDigits(number) }
    /// The start of the chapter's test files' names and suites: `Chapter04`.
    var testPrefix: String { "Chapter\(paddedNumber)" }
    /// A regular expression for the chapter's tests' identifiers.
    var testFilter: String { "MiniCombineTests\\.\(testPrefix)" }
    /// "Chapter 4, Map" for reports.
    var heading: String { "Chapter \(number): \(title)" }
}

/// The chapters found in a repository.
struct ChapterCatalog {
    let root: URL

    /// Every chapter, from the `Chapters/NN-Name` folders and the exercise stash, in order.
    func chapters() -> [Chapter] {
        var folders = Set(numberedNames(in: "Chapters"))
        folders.formUnion(
            numberedNames(
                in: "\(ExerciseWorkspace.stashFolder)/set-aside/Chapters"))
        let pages = numberedNames(in: "book").filter { $0.hasSuffix(".md") }
        return folders.compactMap { folder -> Chapter? in
            guard let number = leadingNumber(of: folder) else { return nil }
            let page = pages.first { leadingNumber(of: $0) == number }.map {
                "book/\($0)"
            }
            return Chapter(
                number: number, folderName: folder,
                title: page.flatMap(title(ofPage:)) ?? folder, pagePath: page)
        }.sorted { $0.number < $1.number }
    }

    /// The chapter numbered `number`, or an error that lists the ones there are.
    func chapter(_ number: Int) throws(ExerciseError) -> Chapter {
        let all = chapters()
        guard let chapter = all.first(where: { $0.number == number }) else {
            let numbers = all.map { String($0.number) }.joined(separator: ", ")
            throw ExerciseError(
                "there is no chapter \(number); the chapters are \(numbers)")
        }
        return chapter
    }

    private func numberedNames(in folder: String) -> [String] {
        let names =
            (try? FileManager.default.contentsOfDirectory(
                atPath: root.appendingPathComponent(folder).path)) ?? []
        return names.filter { leadingNumber(of: $0) != nil }
    }

    /// The text of the page's first `# ` heading, without a leading "Chapter N:".
    private func title(ofPage page: String) -> String? {
        guard
            let text = try? String(
                contentsOf: root.appendingPathComponent(page), encoding: .utf8),
            let heading = text.split(separator: "\n").first(where: {
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

/// A problem the exercise tool reports to its user and stops for.
struct ExerciseError: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}
