import Foundation

/// One Markdown page of `book/`: the README, which becomes the site's root page, or a chapter.
struct BookPage {
    /// The file name without `.md`: `02-just`, and the article's name in the catalog.
    var slug: String
    /// The text of the page's `# ` heading: `Chapter 2: Just`.
    var title: String
    var lines: [String]
    /// The page's headings, for turning GitHub anchors (`#what-running-it-prints`) into
    /// DocC's (`#What-running-it-prints`).
    var headings: [String]

    var isRoot: Bool { slug == "README" }
}

/// The book's pages: `book/README.md` and the chapters `book/NN-*.md` in reading order.
struct Book {
    /// The `book` folder the pages were read from.
    var folder: URL
    var root: BookPage
    var chapters: [BookPage]

    init(folder: URL) throws {
        self.folder = folder
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        let chapterNames = names.filter { name in
            name.hasSuffix(".md") && name.first?.isNumber == true
        }.sorted()
        guard names.contains("README.md") else {
            throw SiteError("\(folder.path)/README.md is missing")
        }
        root = try Self.page(folder.appendingPathComponent("README.md"))
        chapters = try chapterNames.map { try Self.page(folder.appendingPathComponent($0)) }
        if chapters.isEmpty { throw SiteError("\(folder.path) has no chapters (NN-*.md)") }
    }

    var pages: [BookPage] { [root] + chapters }

    func page(slug: String) -> BookPage? { pages.first { $0.slug == slug } }

    private static func page(_ url: URL) throws -> BookPage {
        let text = try String(contentsOf: url, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var headings: [String] = []
        var fence: Fence?
        for line in lines {
            if let open = fence {
                if open.isClosed(by: line) { fence = nil }
            } else if let opened = Fence(opening: line) {
                fence = opened
            } else if let heading = Markdown.heading(line) {
                headings.append(heading.text)
            }
        }
        let slug = url.deletingPathExtension().lastPathComponent
        guard let title = lines.lazy.compactMap(Markdown.heading).first(where: { $0.level == 1 })
        else { throw SiteError("book/\(slug).md: no `# ` title") }
        return BookPage(slug: slug, title: title.text, lines: lines, headings: headings)
    }
}

/// An error that stops the tool, with the message to print.
struct SiteError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
