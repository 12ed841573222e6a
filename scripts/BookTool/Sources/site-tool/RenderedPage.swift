import Foundation

/// The DOM of a page after DocC's script ran, as Chromium's `--dump-dom` prints it.
struct RenderedPage {
    var html: String
    /// Why there is no HTML, when there is none.
    var error: String = ""

    /// The text of the page's `<h1 class="title">`.
    var title: String? {
        guard let start = html.range(of: "class=\"title\""),
            let end = html.range(
                of: "</h1>", range: start.upperBound..<html.endIndex)
        else { return nil }
        let inner = html[start.upperBound..<end.lowerBound].drop { $0 != ">" }
            .dropFirst()
        return Self.text(of: String(inner)).trimmingCharacters(
            in: .whitespacesAndNewlines)
    }

    var text: String { Self.text(of: html) }

    /// The titles of the sidebar's rows, top to bottom: the navigator is a virtual scroller
    /// that may render a row twice or out of order, so rows are keyed by their `dataindex`.
    var sidebarItems: [String] {
        var rows: [Int: String] = [:]
        for row in html.components(separatedBy: "dataindex=\"").dropFirst() {
            guard let index = Int(row.prefix { $0.isNumber }) else { continue }
            let end = row.range(of: "dataindex=\"")?.lowerBound ?? row.endIndex
            let body = row[..<end]
            guard
                let link = body.range(of: "class=\"leaf-link")
                    ?? body.range(of: "<h3"),
                let close = body.range(
                    of: "</a>", range: link.upperBound..<body.endIndex)
                    ?? body.range(
                        of: "</h3>", range: link.upperBound..<body.endIndex)
            else { continue }
            let inner = body[link.upperBound..<close.lowerBound].drop {
                $0 != ">"
            }.dropFirst()
            rows[index] = Self.text(of: String(inner))
                .split(whereSeparator: \.isWhitespace).joined(separator: " ")
        }
        return rows.sorted { $0.key < $1.key }.map(\.value)
    }

    /// The code listings DocC marked as Swift, each as its HTML.
    var swiftListings: [String] {
        html.components(separatedBy: "data-syntax=\"").dropFirst().filter {
            $0.hasPrefix("swift\"")
        }
        .map { listing in
            listing.range(of: "</pre>").map {
                String(listing[..<$0.lowerBound])
            } ?? listing
        }
    }

    var hrefs: [String] { Self.hrefs(in: html) }

    /// The HTML of the page's text (its title, abstract and body), without the sidebar.
    var contentHTML: String {
        html.range(of: "class=\"doc-content\"").map {
            String(html[$0.lowerBound...])
        } ?? ""
    }

    var contentHrefs: [String] { Self.hrefs(in: contentHTML) }

    /// How many paragraphs the page's body has, under its title and abstract.
    var bodyParagraphs: Int {
        guard let body = html.range(of: "class=\"primary-content\"") else {
            return 0
        }
        return html[body.lowerBound...].components(separatedBy: "<p").count - 1
    }

    /// Links in the main text to API pages (`/documentation/minicombine/just`), in order.
    func symbolLinks(chapterSlugs: Set<String>) -> [String] {
        var seen: Set<String> = []
        return contentHrefs.filter { href in
            guard let range = href.range(of: "/documentation/minicombine/")
            else { return false }
            let first = href[range.upperBound...].split(separator: "/").first
                .map(String.init)
            guard let first, !chapterSlugs.contains(first), !href.contains("#")
            else {
                return false
            }
            return seen.insert(href).inserted
        }
    }

    private static func hrefs(in html: String) -> [String] {
        html.components(separatedBy: "href=\"").dropFirst().map {
            String($0.prefix { $0 != "\"" })
        }
    }

    /// Tags removed, the common entities decoded.
    static func text(of html: String) -> String {
        var text = html.replacingOccurrences(
            of: "<[^>]*>", with: "", options: .regularExpression)
        for (entity, character) in [
            ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"),
            ("&#x27;", "'"),
            ("&nbsp;", " "), ("&amp;", "&"),
        ] {
            text = text.replacingOccurrences(of: entity, with: character)
        }
        return text
    }
}
