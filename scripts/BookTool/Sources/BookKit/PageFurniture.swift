/// The lines the tool writes around the book's blocks, so a reader sees on GitHub and on the
/// site what the directives know: which file a listing comes from, which program printed an
/// output, that a block holds compiler errors, and where the previous and next pages are.
package enum PageFurniture {
    package typealias PageLink = (title: String, file: String)

    /// The widest line a listing, an output or a recorded error may have, in columns.
    static let maximumWidth = 80

    /// `*PATH*`, or `*Adds to PATH*`; then `, replacing the temporary `cancel()`` when the
    /// listing replaces declarations of a `temporary` block.
    static func includeCaption(
        path: String, addsToFile: Bool, replacing names: [String] = []
    ) -> String {
        let replacing =
            names.isEmpty
            ? ""
            : ", replacing the temporary "
                + listed(names.map { "`\($0)`" })
        return "*\(addsToFile ? "Adds to " : "")\(path)\(replacing)*"
    }

    static func outputCaption(product: String, part: Int? = nil) -> String {
        "*\(part.map { "Part \($0) of the o" } ?? "O")utput of `swift run \(product)`*"
    }

    /// `a`, `a and b`, `a, b and c`.
    static func listed(_ items: [String]) -> String {
        guard let last = items.last, items.count > 1 else {
            return items.first ?? ""
        }
        return items.dropLast().joined(separator: ", ") + " and " + last
    }

    /// The caption of a temporary block that adds to `path`.
    ///
    /// `*For now, add to PATH; a later listing replaces it*`; when a listing of `page`, the
    /// page that continues this one, replaces the block's declarations,
    /// `*For now, add to PATH; [TITLE](FILE) replaces it*`, or, if a later
    /// listing of this page replaces some of them (`alsoHere`),
    /// `*For now, add to PATH; later listings here and in [TITLE](FILE) replace it*`.
    /// TITLE leaves out a leading `Companion to chapter N: `: a chapter's captions need
    /// only the companion's own name.
    static func temporaryCaption(
        path: String, replacedIn page: PageLink? = nil, alsoHere: Bool = false
    ) -> String {
        let replacing = page.map { page in
            let title = page.title.replacing(
                #/^Companion to chapter \d+: /#, with: "")
            let link = "[\(title)](\(page.file))"
            return alsoHere
                ? "later listings here and in \(link) replace"
                : "\(link) replaces"
        }
        return
            "*For now, add to \(path); \(replacing ?? "a later listing replaces") it*"
    }

    /// The caption of a temporary block whose full caption an earlier block of the same page
    /// already has: `*For now, add to PATH; replaced as above*`, so a page that stubs a file
    /// in several steps says who replaces the stubs once.
    static func repeatedTemporaryCaption(path: String) -> String {
        "*For now, add to \(path); replaced as above*"
    }

    static func checkpointCaption(product: String, part: Int? = nil) -> String {
        "*\(part.map { "Part \($0) of the o" } ?? "O")utput of `swift run \(product)` at this point*"
    }

    static func errorLabel(count: Int) -> String {
        count == 1 ? "*Compiler error*" : "*Compiler errors*"
    }

    /// Whether `line` is a caption or label this tool writes (perhaps an out-of-date one).
    static func isCaption(_ line: String) -> Bool {
        guard line.count > 2, line.hasPrefix("*"), line.hasSuffix("*"),
            !line.hasPrefix("**")
        else { return false }
        let inner = String(line.dropFirst().dropLast())
        if inner == "Compiler error" || inner == "Compiler errors"
            || inner.wholeMatch(
                of:
                    /(Part [^ ]* )?(O|of the o)utput of `swift run .*`( at this point)?/
            ) != nil
            || inner.wholeMatch(
                of:
                    /For now, add to [^ ]+; (replaced as above|(a later listing|(a listing in )?\[.+\]\([^ ]+\.md\)|later listings here and in \[.+\]\([^ ]+\.md\)) replaces? it)/
            ) != nil
        {
            return true
        }
        let listing =
            inner.firstMatch(of: /, replacing the temporary `.*`$/).map {
                inner[..<$0.range.lowerBound]
            } ?? inner[...]
        let path =
            listing.hasPrefix("Adds to ")
            ? listing.dropFirst("Adds to ".count) : listing
        return !path.isEmpty && path.contains("/") && !path.contains(" ")
            && !path.contains("*")
    }

    /// The edit that puts `caption` above the block whose directive is at `directiveIndex`,
    /// separated from it by a blank line, or `nil` if it is there already.
    static func captionEdit(
        _ caption: String, aboveDirectiveAt directiveIndex: Int,
        in lines: [String]
    ) -> PageRenderer.Edit? {
        let above = directiveIndex - 1
        if above >= 1, lines[above].isBlankLine, isCaption(lines[above - 1]) {
            return lines[above - 1] == caption
                ? nil : ((above - 1)..<above, [caption])
        }
        if above >= 0, isCaption(lines[above]) {
            return (above..<directiveIndex, [caption, ""])
        }
        return (
            directiveIndex..<directiveIndex,
            (above < 0 || lines[above].isBlankLine ? [] : [""]) + [caption, ""]
        )
    }

    /// The line that links a numbered page to the previous page, the contents and the next page:
    /// `[← Chapter 2: Just](02-just.md) · [Contents](README.md) · [Chapter 4: Map →](04-map.md)`.
    package static func navigationLine(
        previous: PageLink?, next: PageLink?, contents: String = "README.md"
    ) -> String {
        [
            previous.map { "[← \($0.title)](\($0.file))" },
            "[Contents](\(contents))",
            next.map { "[\($0.title) →](\($0.file))" },
        ].compactMap { $0 }.joined(separator: " · ")
    }

    /// Whether `line` is a navigation line.
    ///
    /// It is made only of links to Markdown pages separated by `·`, one of them
    /// `[Contents](…)`; without that link, it is a sentence's first line.
    ///
    /// A link's text ends at the first `](`; its target, up to the first `)`, is a file name
    /// ending `.md`, perhaps with an anchor, and holds no space.
    package static func isNavigationLine(_ line: String) -> Bool {
        let trimmed = line.trimmedWhitespace
        return trimmed.contains("[Contents](")
            && trimmed.wholeMatch(
                of: /[ ·]*(\[(?>.*?\]\()[^\/#) ]*\.md(#[^) ]*)?\)[ ·]*)+/)
                != nil
    }

    static func titleIndex(of page: BookPage) -> Int? {
        page.proseIndices.first { page.text.lines[$0].hasPrefix("# ") }
    }

    package static func title(of page: BookPage) -> String? {
        titleIndex(of: page).map {
            String(page.text.lines[$0].dropFirst(2)).trimmedWhitespace
        }
    }

    /// The edits that put `navigation` below the page's title and as its last line.
    static func navigationEdits(_ navigation: String, in page: BookPage)
        -> [PageRenderer.Edit]
    {
        let lines = page.text.lines
        guard let title = titleIndex(of: page) else { return [] }
        var edits: [PageRenderer.Edit] = []
        let top = (title + 1..<lines.count).first { !lines[$0].isBlankLine }
        if let top, isNavigationLine(lines[top]), top <= title + 2 {
            if lines[top] != navigation || top != title + 2 {
                edits.append(((title + 1)..<(top + 1), ["", navigation]))
            }
        } else {
            edits.append(((title + 1)..<(title + 1), ["", navigation]))
        }
        let last = lines.indices.last { !lines[$0].isBlankLine }
        if top == nil || (last == top && isNavigationLine(lines[top!])) {
            // Nothing but the title (and perhaps the navigation): one line is enough.
            return edits
        }
        if let last, isNavigationLine(lines[last]),
            page.proseIndices.contains(last)
        {
            if lines[last] != navigation {
                edits.append((last..<(last + 1), [navigation]))
            }
        } else {
            let end = (last ?? title) + 1
            edits.append((end..<end, ["", navigation]))
        }
        return edits
    }

    /// `line` broken at spaces into lines of at most `maximumWidth` columns, every line after
    /// the first indented by four spaces; a word too long for a line is cut.
    static func wrapped(_ line: String) -> [String] {
        guard line.count > maximumWidth else { return [line] }
        let indent = "    "
        var result: [String] = []
        var current = ""
        for word in line.split(separator: " ", omittingEmptySubsequences: false)
        {
            let prefix = result.isEmpty ? "" : indent
            let candidate =
                current.isEmpty ? prefix + word : current + " " + word
            if candidate.count <= maximumWidth
                || current.isEmpty && word.isEmpty
            {
                current = candidate
                continue
            }
            if !current.isEmpty && current != prefix {
                result.append(current)
            }
            var piece = (result.isEmpty && current.isEmpty ? "" : indent) + word
            while piece.count > maximumWidth {
                result.append(String(piece.prefix(maximumWidth)))
                piece = indent + piece.dropFirst(maximumWidth)
            }
            current = piece
        }
        if !current.isEmpty { result.append(current) }
        return result
    }
}
