import BookKit
import Foundation

/// A page of `book/` as the site sees it: the README, which becomes the site's root page, or
/// a numbered page, read with the book tool's `BookPage`.
extension BookPage {
    /// The file name without `.md`: `02-just`, and the article's name in the catalog.
    var slug: String {
        String(path.split(separator: "/").last?.dropLast(3) ?? "")
    }
    /// The text of the page's `# ` heading: `Chapter 2: Just`.
    var title: String { PageFurniture.title(of: self) ?? slug }
    var lines: [String] { text.lines }
    /// The page's headings, for turning GitHub anchors (`#what-running-it-prints`) into
    /// DocC's (`#What-running-it-prints`).
    var headings: [String] {
        items.compactMap { item in
            guard case .prose(let index) = item else { return nil }
            return Markdown.heading(lines[index])?.text
        }
    }

    var isRoot: Bool { slug == "README" }
}

/// The book's pages: `book/README.md` and the numbered pages `book/NN-*.md` in reading order.
struct Book {
    var folder: URL
    var root: BookPage
    /// Every numbered page, in reading order: the chapters, then the pages beyond them.
    var chapters: [BookPage]
    /// The slugs of the numbered pages that have no chapter program.
    var beyondSlugs: Set<String> = []

    var mainChapters: [BookPage] {
        chapters.filter { !beyondSlugs.contains($0.slug) }
    }
    /// The numbered pages that have no chapter program, in the order the contents list them
    /// (the afterword before the appendix, say), which the sidebar follows.
    var pagesBeyond: [BookPage] {
        let contents = root.text.text
        func place(_ page: BookPage) -> String.Index {
            contents.range(of: "](\(page.slug).md")?.lowerBound
                ?? contents.endIndex
        }
        return chapters.filter { beyondSlugs.contains($0.slug) }.sorted {
            place($0) < place($1)
        }
    }

    init(folder: URL) throws {
        self.folder = folder
        let layout = RepositoryLayout(root: folder.deletingLastPathComponent())
        func page(_ path: String) throws -> BookPage {
            guard let source = layout.sourceText(of: path) else {
                throw SiteError("\(folder.path)/README.md is missing")
            }
            if let problem = source.problem { throw SiteError(problem) }
            let page = BookPage(path: path, contents: source.text)
            if let problem = page.firstProblem { throw SiteError(problem) }
            guard PageFurniture.title(of: page) != nil else {
                throw SiteError("\(page.path): no `# ` title")
            }
            return page
        }
        root = try page("book/README.md")
        chapters = try layout.markdownFiles.filter {
            leadingNumber(of: String($0.dropFirst("book/".count))) != nil
        }.map(page)
        if chapters.isEmpty {
            throw SiteError("\(folder.path) has no chapters (NN-*.md)")
        }
        let programs = Set(layout.chapterFolders.map(\.number))
        beyondSlugs = Set(
            chapters.map(\.slug).filter {
                leadingNumber(of: $0).map(programs.contains) == false
            })
    }

    var pages: [BookPage] { [root] + chapters }

    func page(slug: String) -> BookPage? { pages.first { $0.slug == slug } }
}

/// An error that stops the tool, with the message to print.
struct SiteError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
