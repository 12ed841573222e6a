import BookKit
import Foundation

/// Serves the built site on 127.0.0.1, opens the root and every numbered page in headless
/// Chromium 1280 pixels wide, and checks what a reader sees: each page shows its title, its
/// pictures, links to the previous and next page above its first section and after its last,
/// and no code listing wider than its box; its Swift code is highlighted, the sidebar lists
/// the pages in order, it links to API pages, and those API pages link back to it.
struct SiteChecker {
    var site: URL
    var book: Book
    /// The path the site was built for (`--hosting-base-path`), without slashes; may be empty.
    var basePath: String

    /// Prints one line per problem, naming the page, and returns whether there were none.
    func run() throws -> Bool {
        let chromium = try Browser.find()
        let server = try LocalServer(
            site: site, basePath: basePath, script: ReaderView.script)
        defer { server.stop() }
        let origin = "http://127.0.0.1:\(server.port)"
        let prefix = origin + "/" + (basePath.isEmpty ? "" : basePath + "/")
        let urls =
            [prefix]
            + book.chapters.map {
                prefix + "documentation/minicombine/" + $0.slug.lowercased()
            }
        let rendered = chromium.render(urls)
        var problems: [String] = []
        for (position, (url, dom)) in zip(urls, rendered).enumerated() {
            problems += check(dom, chapter: position == 0 ? nil : position - 1)
                .map { "\(url): \($0)" }
        }

        // Each chapter's first link to an API page: that page must list the chapter.
        var backLinks: [(url: String, chapter: BookPage)] = []
        for (chapter, dom) in zip(book.chapters, rendered.dropFirst()) {
            if let symbol = dom.symbolLinks(chapterSlugs: chapterSlugs).first {
                backLinks.append((origin + symbol, chapter))
            }
        }
        for (link, dom) in zip(backLinks, chromium.render(backLinks.map(\.url)))
        {
            var pageProblems = notFound(dom)
            if !dom.hrefs.contains(where: {
                $0.hasSuffix("/" + link.chapter.slug.lowercased())
            }) {
                pageProblems.append(
                    "does not link back to \"\(link.chapter.title)\", which links to it"
                )
            }
            problems += pageProblems.map { "\(link.url): \($0)" }
        }

        for problem in problems { print("site check: FAIL \(problem)") }
        let count = urls.count + backLinks.count
        print(
            problems.isEmpty
                ? "site check: OK (\(count) pages rendered in headless Chromium)"
                : "site check: \(problems.count) problem(s) in \(count) pages")
        return problems.isEmpty
    }

    private var chapterSlugs: Set<String> {
        Set(book.chapters.map { $0.slug.lowercased() })
    }

    /// The problems of the root page (`chapter` is `nil`) or of a numbered page.
    private func check(_ page: RenderedPage, chapter number: Int?) -> [String] {
        var problems = notFound(page)
        guard problems.isEmpty else { return problems }
        problems += sidebar(page)
        let shown = number.map { book.chapters[$0] } ?? book.root
        let view = ReaderView(html: page.html)
        if let view {
            if view.title != shown.title {
                problems.append(
                    "shows the title \"\(view.title)\", expected \"\(shown.title)\""
                )
            }
            if view.images != shown.imageCount {
                problems.append(
                    "shows \(view.images) pictures; its Markdown has \(shown.imageCount)"
                )
            }
            for listing in view.cutOff {
                problems.append(
                    "a listing is wider than its box at \(view.viewportWidth) px "
                        + "(\(listing.scrollWidth) px of text in \(listing.clientWidth) px): "
                        + "\"\(listing.line)\"")
            }
        } else {
            problems.append(
                "wrote no measurements: the check's script did not run on the page"
            )
        }
        guard let number else { return problems }
        if let view { problems += navigation(view, number: number) }
        let paragraphs = page.bodyParagraphs
        if paragraphs < 3 {
            problems.append("renders empty (\(paragraphs) paragraphs of text)")
        }
        let expectedSwift = shown.swiftBlockCount
        let listings = page.swiftListings
        if listings.count != expectedSwift {
            problems.append(
                "shows \(listings.count) Swift code blocks; book/\(shown.slug).md has \(expectedSwift)"
            )
        }
        let plain = listings.filter { !$0.contains("class=\"syntax-") }.count
        if plain > 0 {
            problems.append("\(plain) Swift code block(s) are not highlighted")
        }
        // A page with Swift listings names the library's types; a page such as Sources need not.
        if expectedSwift > 0
            && page.symbolLinks(chapterSlugs: chapterSlugs).isEmpty
        {
            problems.append("links to no API page")
        }
        return problems
    }

    private func navigation(_ view: ReaderView, number: Int) -> [String] {
        let slugs = [number - 1, number + 1].filter(
            book.chapters.indices.contains
        ).map {
            "/" + book.chapters[$0].slug.lowercased()
        }
        func links(_ entry: String) -> Bool {
            guard entry.hasPrefix("nav:") else { return false }
            let hrefs = entry.dropFirst(4).split(separator: " ")
            return slugs.allSatisfy { slug in
                hrefs.contains { $0.hasSuffix(slug) }
            }
        }
        let outline = view.outline.filter { $0 != "h2:Read on" }
        let firstHeading =
            outline.firstIndex { $0.hasPrefix("h2:") } ?? outline.endIndex
        let lastHeading = outline.lastIndex { $0.hasPrefix("h2:") } ?? -1
        var problems: [String] = []
        if !outline[..<firstHeading].contains(where: links) {
            problems.append(
                "has no links to the previous and next page above its first section"
            )
        }
        if !outline[(lastHeading + 1)...].contains(where: links) {
            problems.append(
                "has no links to the previous and next page after its last section"
            )
        }
        return problems
    }

    private func notFound(_ page: RenderedPage) -> [String] {
        if page.html.isEmpty {
            return ["Chromium rendered nothing: \(page.error)"]
        }
        if page.html.contains("<title>Error response</title>") {
            return [
                "the server answers with an error: \(page.text.prefix(200))"
            ]
        }
        if !page.html.contains("id=\"app") {
            return ["is not a page of the site"]
        }
        let text = page.text
        if text.contains("can’t be found") || text.contains("can't be found") {
            return ["says the page can't be found"]
        }
        if page.html.contains("class=\"noscript-title\"") && page.title == nil {
            return ["renders empty: no title after the page's script ran"]
        }
        return []
    }

    private func sidebar(_ page: RenderedPage) -> [String] {
        let items = page.sidebarItems
        func listsInOrder(_ titles: [String]) -> Bool {
            titles.isEmpty
                || items.indices.contains {
                    Array(items[$0...].prefix(titles.count)) == titles
                }
        }
        let groups = [
            ["Chapters"] + book.mainChapters.map(\.title),
            book.pagesBeyond.isEmpty
                ? [] : ["Beyond the chapters"] + book.pagesBeyond.map(\.title),
        ]
        return groups.allSatisfy(listsInOrder)
            ? []
            : [
                "the sidebar does not list the pages in order in their groups; it lists \(items)"
            ]
    }
}

extension BookPage {
    /// How many pictures (`![…](…)`) the page's text shows.
    var imageCount: Int {
        items.reduce(0) { count, item in
            guard case .prose(let index) = item else { return count }
            return count + lines[index].components(separatedBy: "![").count - 1
        }
    }

    /// How many ```` ```swift ```` blocks the page has.
    var swiftBlockCount: Int {
        items.filter {
            if case .fence(let block) = $0 { block.isSwift } else { false }
        }.count
    }
}
