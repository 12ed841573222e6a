import Foundation

/// Serves the built site on 127.0.0.1, opens the root and every chapter in headless Chromium,
/// and checks the rendered pages: each chapter's heading is its title, its Swift code is
/// highlighted, the sidebar lists the chapters in order, it links to the previous and next
/// chapter and to the API pages, and those API pages link back to it.
struct SiteChecker {
    var site: URL
    var book: Book
    /// The path the site was built for (`--hosting-base-path`), without slashes; may be empty.
    var basePath: String

    /// Prints one line per problem, naming the page, and returns whether there were none.
    func run() throws -> Bool {
        let chromium = try Browser.find()
        let server = try LocalServer(site: site, basePath: basePath)
        defer { server.stop() }
        let origin = "http://127.0.0.1:\(server.port)"
        let prefix = origin + "/" + (basePath.isEmpty ? "" : basePath + "/")
        let bookRoot = prefix + "documentation/minicombine"

        var pages: [(url: String, check: (RenderedPage) -> [String])] = [
            (prefix, { checkRoot($0) })
        ]
        for (number, chapter) in book.chapters.enumerated() {
            pages.append(
                (
                    bookRoot + "/" + chapter.slug.lowercased(),
                    { checkChapter($0, number: number) }
                ))
        }
        let rendered = chromium.render(pages.map(\.url))
        var problems: [String] = []
        for (page, dom) in zip(pages, rendered) {
            problems += page.check(dom).map { "\(page.url): \($0)" }
        }

        // Each chapter's first link to an API page: that page must list the chapter.
        var backLinks: [(url: String, chapter: BookPage)] = []
        for (chapter, dom) in zip(book.chapters, rendered.dropFirst()) {
            if let symbol = dom.symbolLinks(chapterSlugs: chapterSlugs).first {
                backLinks.append((origin + symbol, chapter))
            }
        }
        for (link, dom) in zip(backLinks, chromium.render(backLinks.map(\.url))) {
            var pageProblems = notFound(dom)
            if !dom.hrefs.contains(where: { $0.hasSuffix("/" + link.chapter.slug.lowercased()) }) {
                pageProblems.append(
                    "does not link back to \"\(link.chapter.title)\", which links to it")
            }
            problems += pageProblems.map { "\(link.url): \($0)" }
        }

        for problem in problems { print("site check: FAIL \(problem)") }
        let count = pages.count + backLinks.count
        print(
            problems.isEmpty
                ? "site check: OK (\(count) pages rendered in headless Chromium)"
                : "site check: \(problems.count) problem(s) in \(count) pages")
        return problems.isEmpty
    }

    private var chapterSlugs: Set<String> { Set(book.chapters.map { $0.slug.lowercased() }) }

    private func checkRoot(_ page: RenderedPage) -> [String] {
        var problems = notFound(page)
        if problems.isEmpty {
            problems += heading(page, is: book.root.title) + sidebar(page)
        }
        return problems
    }

    private func checkChapter(_ page: RenderedPage, number: Int) -> [String] {
        let chapter = book.chapters[number]
        var problems = notFound(page)
        guard problems.isEmpty else { return problems }
        problems += heading(page, is: chapter.title) + sidebar(page)

        let paragraphs = page.bodyParagraphs
        if paragraphs < 3 { problems.append("renders empty (\(paragraphs) paragraphs of text)") }

        let expectedSwift = chapter.swiftBlockCount
        let listings = page.swiftListings
        if listings.count != expectedSwift {
            problems.append(
                "shows \(listings.count) Swift code blocks; book/\(chapter.slug).md has \(expectedSwift)"
            )
        }
        let plain = listings.filter { !$0.contains("class=\"syntax-") }.count
        if plain > 0 { problems.append("\(plain) Swift code block(s) are not highlighted") }

        var neighbours = [book.chapters.indices.contains(number - 1) ? number - 1 : nil]
        neighbours.append(book.chapters.indices.contains(number + 1) ? number + 1 : nil)
        for index in neighbours.compactMap({ $0 }) {
            let slug = book.chapters[index].slug.lowercased()
            let inText = page.contentHrefs.contains { $0.hasSuffix("/" + slug) }
            if !inText {
                problems.append("has no link to \"\(book.chapters[index].title)\" in its text")
            }
        }
        if page.symbolLinks(chapterSlugs: chapterSlugs).isEmpty {
            problems.append("links to no API page")
        }
        return problems
    }

    private func notFound(_ page: RenderedPage) -> [String] {
        if page.html.isEmpty { return ["Chromium rendered nothing: \(page.error)"] }
        if page.html.contains("<title>Error response</title>") {
            return ["the server answers with an error: \(page.text.prefix(200))"]
        }
        if !page.html.contains("id=\"app") { return ["is not a page of the site"] }
        let text = page.text
        if text.contains("can’t be found") || text.contains("can't be found") {
            return ["says the page can't be found"]
        }
        if page.html.contains("class=\"noscript-title\"") && page.title == nil {
            return ["renders empty: no title after the page's script ran"]
        }
        return []
    }

    private func heading(_ page: RenderedPage, is title: String) -> [String] {
        guard let found = page.title else {
            return ["has no title heading (expected \"\(title)\")"]
        }
        return found == title ? [] : ["its heading is \"\(found)\", expected \"\(title)\""]
    }

    private func sidebar(_ page: RenderedPage) -> [String] {
        let items = page.sidebarItems
        let titles = book.chapters.map(\.title)
        let inOrder = items.indices.contains { start in
            Array(items[start...].prefix(titles.count)) == titles
        }
        return inOrder
            ? [] : ["the sidebar does not list the chapters in order; it lists \(items)"]
    }
}

extension BookPage {
    /// How many ```` ```swift ```` blocks the page has.
    var swiftBlockCount: Int {
        var count = 0
        var fence: Fence?
        for line in lines {
            if let open = fence {
                if open.isClosed(by: line) { fence = nil }
            } else if let opened = Fence(opening: line) {
                fence = opened
                let info = line.drop { $0 == " " || $0 == opened.character }
                if info.split(separator: " ").first?.lowercased() == "swift" { count += 1 }
            }
        }
        return count
    }
}
