import BookKit
import Foundation

/// An error that stops the tool, with the message to print.
struct SiteError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// `## Running it` is level 2 with the text `Running it`.
func heading(_ line: String) -> (level: Int, text: String)? {
    line.wholeMatch(of: /(#{1,6}) (.*)/).map {
        ($0.1.count, $0.2.trimmingCharacters(in: .whitespaces))
    }
}

/// A heading as a reader sees it, without backticks or emphasis marks.
///
/// `` The `Inner` class `` becomes `The Inner class`; an underscore inside backticks, as in
/// `receive(_:)`, stays.
func plainText(_ heading: String) -> String {
    heading.split(separator: "`", omittingEmptySubsequences: false)
        .enumerated()
        .map {
            $0.offset.isMultiple(of: 2)
                ? $0.element.filter { !"*_".contains($0) } : $0.element
        }
        .joined()
}

extension BookPage {
    /// The file name without `.md`: `02-just`, and the article's name in the catalog.
    var slug: String { String(path.split(separator: "/").last!.dropLast(3)) }
    var title: String { PageFurniture.title(of: self) ?? slug }
    var lines: [String] { text.lines }
    /// The lines outside fenced blocks and comments.
    var prose: [String] {
        items.compactMap {
            if case .prose(let index) = $0 { lines[index] } else { nil }
        }
    }
    var headings: [(level: Int, text: String)] { prose.compactMap(heading) }
}

/// The book's pages: `book/README.md` and the numbered pages `book/NN-*.md` in reading order.
struct Book {
    var folder: URL
    var root: BookPage
    var chapters: [BookPage]
    /// The numbered pages that have a chapter program in `Chapters/NN-*`.
    var mainChapters: [BookPage]
    /// The others, in the order the contents list them (the afterword before the appendix,
    /// say), which the sidebar follows.
    var pagesBeyond: [BookPage]
    var pages: [BookPage] { [root] + chapters }

    init(folder: URL) throws {
        self.folder = folder
        let layout = RepositoryLayout(root: folder.deletingLastPathComponent())
        func page(_ path: String) throws -> BookPage {
            guard let source = layout.sourceText(of: path) else {
                throw SiteError("\(folder.path)/README.md is missing")
            }
            let page = BookPage(path: path, contents: source.text)
            if let problem = source.problem ?? page.firstProblem {
                throw SiteError(problem)
            }
            guard PageFurniture.title(of: page) != nil else {
                throw SiteError("\(page.path): no `# ` title")
            }
            return page
        }
        root = try page("book/README.md")
        chapters = try layout.markdownFiles.filter {
            leadingNumber(of: String($0.dropFirst("book/".count))) != nil
        }.map(page).inContentsOrder(of: root)
        if chapters.isEmpty {
            throw SiteError("\(folder.path) has no chapters (NN-*.md)")
        }
        let programs = Set(layout.chapterFolders.map(\.number))
        mainChapters = chapters.filter {
            programs.contains(leadingNumber(of: $0.slug) ?? -1)
        }
        pagesBeyond = chapters.filter {
            !programs.contains(leadingNumber(of: $0.slug) ?? -1)
        }
    }
}
