/// Computes what a book page should contain, and what is wrong with it, given the code and the evidence.
struct PageRenderer {
    var snippetFiles: [String: SnippetFile]
    var evidence: Evidence
    /// Appended to mismatches when the book was recorded with another toolchain; empty otherwise.
    var toolchainHint: String = ""
    /// The include directives whose listing adds to a file an earlier listing of the book began.
    var includesAddingToFiles: Set<ListingID> = []
    /// The navigation line of each numbered page, by path.
    var navigation: [String: String] = [:]

    /// The page as it should be, and the problems found.
    struct Rendering {
        var page: BookPage
        var rendered: TextLines
        var diagnostics: [BookDiagnostic] = []

        var isChanged: Bool { rendered != page.text }
    }

    func render(_ page: BookPage) -> Rendering {
        var rendering = Rendering(page: page, rendered: page.text)
        var edits: [(range: Range<Int>, lines: [String])] = []
        for placed in page.directives {
            let current = Array(page.text.lines[placed.block.contentRange])
            var caption: String?
            var expected: [String]?
            var staleness: String?
            var hinted = false
            func fail(_ message: String) {
                rendering.diagnostics.append(error(page, placed, message))
            }
            switch placed.directive {
            case .include(let path, let region):
                let id = ListingID(path: page.path, line: placed.lineNumber)
                caption = PageFurniture.includeCaption(
                    path: path, addsToFile: includesAddingToFiles.contains(id))
                if let file = snippetFiles[path] {
                    expected = file.regions[region]?.lines
                    if file.isReadable && expected == nil {
                        fail("\(path) has no region '\(region)'")
                    }
                } else {
                    fail("included file \(path) does not exist")
                }
                staleness = "code block is out of date with \(path)#\(region)"
            case .compiles:
                rendering.diagnostics += compileProblems(of: placed, in: page)
            case .fails:
                edits += recordedErrorsEdits(for: placed, in: page, &rendering)
            case .output(let product, let part):
                caption = PageFurniture.outputCaption(
                    product: product, part: part)
                staleness =
                    "output block is out of date with what \(product) prints"
                switch evidence.programRuns[product] {
                case .success(let standardOutput):
                    let lines = TextLines(standardOutput).lines
                    let parts = OutputParts.ranges(of: lines)
                    if let part, part > parts.count {
                        fail(
                            "\(product) prints \(count: parts.count, "part") (each begins with "
                                + "a line starting '\(OutputParts.marker)'); there is no part \(part)"
                        )
                    } else {
                        expected =
                            part.map { Array(lines[parts[$0 - 1]]) } ?? lines
                    }
                case .failure(let failure):
                    fail(
                        "cannot record the output of \(product): \(failure.reason)"
                    )
                case nil:
                    break
                }
                hinted = true
            case .measurement(let command):
                // A measurement is never expected to repeat, only to say who made it.
                let signature = "Measured by \(command) on "
                if current.allSatisfy(\.isBlankLine) {
                    fail("the measurement block is empty; \(command) fills it")
                } else if !current.contains(where: { $0.hasPrefix(signature) })
                {
                    fail(
                        "the measurement block does not say that \(command) made it (a line "
                            + "starting '\(signature)'); let \(command) write it"
                    )
                }
            case .toolchain:
                expected = [evidence.toolchainVersion]
            }
            if let caption,
                let edit = PageFurniture.captionEdit(
                    caption, aboveDirectiveAt: placed.index, in: page.text.lines
                )
            {
                edits.append(edit)
                rendering.diagnostics.append(
                    stale(
                        page, placed,
                        "the caption above this block is missing or out of date"
                    ))
            }
            if let expected, expected != current {
                edits.append(Self.edit(placed.block, to: expected, in: page))
                if let staleness {
                    rendering.diagnostics.append(
                        stale(page, placed, staleness, hinted: hinted))
                }
            }
        }
        if let navigation = navigation[page.path] {
            let navigationEdits = PageFurniture.navigationEdits(
                navigation, in: page)
            edits += navigationEdits
            if let first = navigationEdits.first {
                rendering.diagnostics.append(
                    BookDiagnostic(
                        path: page.path, line: first.range.lowerBound,
                        message:
                            "the navigation lines (at the top and at the end) are missing "
                            + "or out of date; run scripts/book sync",
                        kind: .staleness))
            }
        }
        for edit in edits.sorted(by: {
            $0.range.lowerBound > $1.range.lowerBound
        }) {
            rendering.rendered.lines.replaceSubrange(
                edit.range, with: edit.lines)
        }
        rendering.diagnostics += Self.tooWideLines(
            in: rendering.rendered, path: page.path)
        if let problem = Self.structureChange(
            from: page, to: rendering.rendered)
        {
            rendering.diagnostics.append(problem)
        }
        return rendering
    }

    /// Every line wider than the book allows in a Swift listing, a recorded output or a
    /// recorded error of `text` (the page as `sync` would leave it).
    static func tooWideLines(in text: TextLines, path: String)
        -> [BookDiagnostic]
    {
        let page = BookPage(path: path, contents: text.text)
        let blocks = page.directives.flatMap { placed -> [FencedBlock] in
            switch placed.directive {
            case .toolchain, .measurement: []
            default: [placed.block] + [placed.recordedBlock].compactMap { $0 }
            }
        }
        let limit = PageFurniture.maximumWidth
        return blocks.flatMap { block in
            block.contentRange.compactMap { index -> BookDiagnostic? in
                let width = PageFurniture.width(of: page.text.lines[index])
                guard width > limit else { return nil }
                return BookDiagnostic(
                    path: path, line: index + 1,
                    message:
                        "line is \(width) columns wide; listings, outputs and compiler "
                        + "errors in the book must fit in \(limit)",
                    kind: .tooWide)
            }
        }
    }

    /// The edit that makes `block` hold `lines`, with a fence longer than any fence-like line in
    /// them (and than three, if they hold a lone HTML comment, which might be a directive), so
    /// that nothing in them can close it or be read as structure.
    static func edit(
        _ block: FencedBlock, to lines: [String], in page: BookPage
    ) -> (
        range: Range<Int>, lines: [String]
    ) {
        let holdsComment = lines.contains {
            MarkdownScanner.loneComment($0) != nil
        }
        let needed = max(
            MarkdownScanner.longestFenceRun(of: block.marker, in: lines) + 1,
            holdsComment ? 4 : 3)
        guard needed > block.fenceLength else {
            return (block.contentRange, lines)
        }
        let fence = String(repeating: block.marker, count: needed)
        let info = page.text.lines[block.openingIndex].dropFirst(
            block.indentation + block.fenceLength)
        return (
            block.openingIndex..<(block.closingIndex + 1),
            [fence + info] + lines + [fence]
        )
    }

    /// An error if `rendered`, scanned again, has other directives or prose than `page`, or
    /// structural problems `page` has not: `sync` must never change what it did not generate.
    static func structureChange(from page: BookPage, to rendered: TextLines)
        -> BookDiagnostic?
    {
        guard rendered != page.text, page.diagnostics.isEmpty else {
            return nil
        }
        let again = BookPage(path: page.path, contents: rendered.text)
        // The captions and navigation lines are the tool's own, so they may change.
        func prose(_ page: BookPage) -> [String] {
            page.proseIndices.map { page.text.lines[$0] }.filter {
                !$0.isBlankLine && !PageFurniture.isCaption($0)
                    && !PageFurniture.isNavigationLine($0)
            }
        }
        guard
            again.directives.map(\.directive)
                != page.directives.map(\.directive)
                || prose(again) != prose(page) || !again.diagnostics.isEmpty
        else { return nil }
        return BookDiagnostic(
            path: page.path, line: 1,
            message:
                "sync would change this page's directives or prose, not only its generated "
                + "blocks, so it writes nothing; this is a bug in the book tool"
        )
    }

    private func compileProblems(of placed: PlacedDirective, in page: BookPage)
        -> [BookDiagnostic]
    {
        let messages =
            evidence.listingMessages[
                ListingID(path: page.path, line: placed.lineNumber)] ?? []
        return messages.filter(\.failsBuild).map { message in
            let line =
                message.line.map { placed.block.openingIndex + 1 + $0 }
                ?? placed.lineNumber
            let label =
                message.severity == .warning
                ? "warning in a 'compiles' listing: " : ""
            return BookDiagnostic(
                path: page.path, line: line,
                message: label + message.message + toolchainHint)
        }
    }

    private func recordedErrorsEdits(
        for placed: PlacedDirective, in page: BookPage,
        _ rendering: inout Rendering
    ) -> [(range: Range<Int>, lines: [String])] {
        func fail(_ message: String) {
            rendering.diagnostics.append(error(page, placed, message))
        }
        func markStale(_ message: String, hinted: Bool = false) {
            rendering.diagnostics.append(
                stale(page, placed, message, hinted: hinted))
        }
        guard
            let messages = evidence.listingMessages[
                ListingID(path: page.path, line: placed.lineNumber)]
        else {
            return []
        }
        let errors = messages.filter { $0.severity == .error }
        guard !errors.isEmpty else {
            fail(
                "listing marked 'fails' compiles without errors" + toolchainHint
            )
            return []
        }
        if let unplaced = errors.first(where: { $0.line == nil }) {
            fail(
                "the compiler failed without pointing at a line of this 'fails' listing, "
                    + "so there is nothing to record: \(unplaced.message)")
            return []
        }
        let actual = errors.flatMap { PageFurniture.wrapped($0.recordedForm) }
        let label = ["", PageFurniture.errorLabel(count: errors.count), ""]
        guard let recorded = placed.recordedBlock else {
            markStale("the errors of this 'fails' listing are not recorded")
            let insertion = placed.block.closingIndex + 1
            return [
                (insertion..<insertion, label + ["```text"] + actual + ["```"])
            ]
        }
        var edits: [(range: Range<Int>, lines: [String])] = []
        let gap = (placed.block.closingIndex + 1)..<recorded.openingIndex
        if Array(page.text.lines[gap]) != label {
            edits.append((gap, label))
            markStale(
                "the label above the recorded compiler errors is out of date")
        }
        let current = Array(page.text.lines[recorded.contentRange])
        guard current != actual else { return edits }
        let comparison =
            "recorded:\n" + current.map { "    \($0)" }.joined(separator: "\n")
            + "\n  actual:\n"
            + actual.map { "    \($0)" }.joined(separator: "\n")
        markStale(
            "recorded compiler errors are out of date\n  " + comparison,
            hinted: true)
        return edits + [Self.edit(recorded, to: actual, in: page)]
    }

    private func error(
        _ page: BookPage, _ placed: PlacedDirective, _ message: String
    )
        -> BookDiagnostic
    {
        BookDiagnostic(
            path: page.path, line: placed.lineNumber, message: message)
    }

    private func stale(
        _ page: BookPage, _ placed: PlacedDirective, _ message: String,
        hinted: Bool = false
    ) -> BookDiagnostic {
        let first = message.prefix { $0 != "\n" }
        let hint = hinted ? toolchainHint : ""
        return BookDiagnostic(
            path: page.path, line: placed.block.openingIndex + 1,
            message:
                "\(first); run scripts/book sync\(hint)\(message.dropFirst(first.count))",
            kind: .staleness)
    }
}
