/// Computes what a book page should contain, and what is wrong with it, given the code and the
/// evidence.
struct PageRenderer {
    typealias Edit = (range: Range<Int>, lines: [String])

    var snippetFiles: [String: SnippetFile]
    var evidence: Evidence
    /// Appended to mismatches when the book was recorded with another toolchain; empty otherwise.
    var toolchainHint = ""
    /// The includes that show more of a file an earlier include of the book began: a reader
    /// typing along adds them to that file.
    var addingToFiles: Set<ListingID> = []
    var navigation: [String: String] = [:]
    /// The files each checkpoint builds, and the temporary blocks' replacement checks.
    var checkpointPlan: CheckpointPlan

    init(
        snippetFiles: [String: SnippetFile], evidence: Evidence,
        pages: [BookPage], checkpointPlan: CheckpointPlan = CheckpointPlan()
    ) {
        self.snippetFiles = snippetFiles
        self.evidence = evidence
        self.checkpointPlan = checkpointPlan
        var shown: [String: [ClosedRange<Int>]] = [:]
        for page in pages {
            for placed in page.directives {
                guard case .include(let path, let name) = placed.directive,
                    let region = snippetFiles[path]?.regions[name]
                else { continue }
                let lines =
                    region.startLine...max(region.startLine, region.endLine)
                let earlier = shown[path, default: []]
                if !earlier.isEmpty
                    && !earlier.contains(where: { $0.contains(lines) })
                {
                    addingToFiles.insert(
                        ListingID(path: page.path, line: placed.lineNumber))
                }
                shown[path, default: []].append(lines)
            }
        }
        let numbered = pages.filter {
            $0.chapterNumber != nil && $0.path.hasPrefix("book/")
                && !$0.path.dropFirst("book/".count).contains("/")
        }
        .inContentsOrder(
            of: pages.first { $0.path == "book/README.md" }
                ?? BookPage(path: "book/README.md", contents: ""))
        let links = numbered.map { page in
            let file = String(page.path.dropFirst("book/".count))
            return (title: PageFurniture.title(of: page) ?? file, file: file)
        }
        for (index, page) in numbered.enumerated() {
            navigation[page.path] = PageFurniture.navigationLine(
                previous: index > 0 ? links[index - 1] : nil,
                next: index + 1 < links.count ? links[index + 1] : nil)
        }
    }

    func render(_ page: BookPage) -> (
        rendered: TextLines, diagnostics: [BookDiagnostic]
    ) {
        let replacements = checkpointPlan.replacements(
            on: page, messages: evidence.replacementMessages,
            snippetFiles: snippetFiles)
        var diagnostics = replacements.diagnostics
        var edits: [Edit] = []
        var temporaryCaptionsShown: Set<String> = []
        for placed in page.directives {
            let current = Array(page.text.lines[placed.block.contentRange])
            var caption: String?
            var expected: [String]?
            var staleness: String?
            var hinted = false
            func fail(_ message: String) {
                diagnostics.append(
                    BookDiagnostic(
                        path: page.path, line: placed.lineNumber,
                        message: message))
            }
            func stale(_ message: String, hinted: Bool = false) {
                let first = message.prefix { $0 != "\n" }
                diagnostics.append(
                    BookDiagnostic(
                        path: page.path, line: placed.block.openingIndex + 1,
                        message: "\(first); run scripts/book sync"
                            + (hinted ? toolchainHint : "")
                            + message.dropFirst(first.count),
                        kind: .staleness))
            }
            /// The lines of `standardOutput` that the block shows: all of them, or part
            /// `part`; `nil`, and an error, if there is no such part.
            func shown(
                _ part: Int?, of standardOutput: String,
                printedBy product: String, when: String = ""
            ) -> [String]? {
                let lines = TextLines(standardOutput).lines
                guard let part else { return lines }
                let parts = OutputParts.ranges(of: lines)
                guard part <= parts.count else {
                    fail(
                        "\(product) prints \(count: parts.count, "part")\(when) (each begins "
                            + "with a line starting '\(OutputParts.marker)'); there is no part "
                            + "\(part)")
                    return nil
                }
                return Array(lines[parts[part - 1]])
            }
            let id = ListingID(path: page.path, line: placed.lineNumber)
            switch placed.directive {
            case .include(let path, let region):
                caption = PageFurniture.includeCaption(
                    path: path, addsToFile: addingToFiles.contains(id),
                    replacing: replacements.replaced[id] ?? [])
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
                for message in evidence.listingMessages[id] ?? []
                where message.failsBuild {
                    diagnostics.append(
                        BookDiagnostic(
                            path: page.path,
                            line: message.line.map {
                                placed.block.openingIndex + 1 + $0
                            } ?? placed.lineNumber,
                            message: (message.isError
                                ? "" : "warning in a 'compiles' listing: ")
                                + message.message + toolchainHint))
                }
            case .fails:
                guard let messages = evidence.listingMessages[id] else { break }
                let errors = messages.filter(\.isError)
                let label = [
                    "", PageFurniture.errorLabel(count: errors.count), "",
                ]
                let actual = errors.flatMap {
                    PageFurniture.wrapped($0.recordedForm)
                }
                let end = placed.block.closingIndex + 1
                if errors.isEmpty {
                    fail(
                        "listing marked 'fails' compiles without errors"
                            + toolchainHint)
                } else if let unplaced = errors.first(where: { $0.line == nil })
                {
                    fail(
                        "the compiler failed without pointing at a line of this 'fails' listing, "
                            + "so there is nothing to record: \(unplaced.message)"
                    )
                } else if let recorded = placed.recordedBlock {
                    if Array(page.text.lines[end..<recorded.openingIndex])
                        != label
                    {
                        edits.append((end..<recorded.openingIndex, label))
                        stale(
                            "the label above the recorded compiler errors is out of date"
                        )
                    }
                    let current = Array(page.text.lines[recorded.contentRange])
                    if current != actual {
                        let both = [("recorded", current), ("actual", actual)]
                        stale(
                            "recorded compiler errors are out of date"
                                + both.map {
                                    "\n  \($0):\n"
                                        + $1.map { "    \($0)" }.joined(
                                            separator: "\n")
                                }.joined(), hinted: true)
                        edits.append(Self.edit(recorded, to: actual, in: page))
                    }
                } else {
                    stale("the errors of this 'fails' listing are not recorded")
                    edits.append(
                        (end..<end, label + ["```text"] + actual + ["```"]))
                }
            case .output(let product, let part):
                caption = PageFurniture.outputCaption(
                    product: product, part: part)
                staleness =
                    "output block is out of date with what \(product) prints"
                hinted = true
                switch evidence.programRuns[product] {
                case .success(let standardOutput):
                    expected = shown(
                        part, of: standardOutput, printedBy: product)
                case .failure(let failure):
                    fail(
                        "cannot record the output of \(product): \(failure.reason)"
                    )
                case nil: break
                }
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
            case .temporary(let path):
                // Checked by the checkpoint's build and the replacement check.
                let pages = replacements.replacingPages[id] ?? []
                // The continuing page is in this page's folder: its file name links to it.
                let continuing = checkpointPlan.continuingPages[page.path]
                    .flatMap { pages.contains($0.path) ? $0 : nil }
                    .map { page -> PageFurniture.PageLink in
                        let file = String(
                            page.path.split(separator: "/").last ?? "")
                        return (PageFurniture.title(of: page) ?? file, file)
                    }
                let full = PageFurniture.temporaryCaption(
                    path: path, replacedIn: continuing,
                    alsoHere: pages.contains(page.path))
                caption =
                    temporaryCaptionsShown.insert(full).inserted
                    ? full : PageFurniture.repeatedTemporaryCaption(path: path)
            case .checkpoint(let product, let part):
                caption = PageFurniture.checkpointCaption(
                    product: product, part: part)
                staleness =
                    "output block is out of date with what \(product) prints at this point"
                hinted = true
                switch evidence.checkpoints[id] {
                case .ran(.success(let standardOutput)):
                    expected = shown(
                        part, of: standardOutput, printedBy: product,
                        when: " at this point")
                case .ran(.failure(let failure)):
                    fail(
                        "cannot record the output of \(product) at this point: \(failure.reason)"
                    )
                case .failedToBuild(let messages):
                    for message in messages {
                        let text =
                            (message.isError ? "" : "warning: ")
                            + message.message + toolchainHint
                        if let place = checkpointPlan.pageLine(
                            of: message, at: placed, on: page,
                            snippetFiles: snippetFiles,
                            replacementMessages: evidence.replacementMessages)
                        {
                            // A line of the continued page names this page too.
                            let checkpoint =
                                place.path == page.path
                                ? "line \(placed.lineNumber)"
                                : "\(page.path):\(placed.lineNumber)"
                            diagnostics.append(
                                BookDiagnostic(
                                    path: place.path, line: place.line,
                                    message:
                                        "the files as they stand at the checkpoint on "
                                        + "\(checkpoint) do not build: \(text)"
                                ))
                        } else {
                            let place = message.file.map {
                                "\($0):\(message.line ?? 1): "
                            }
                            fail(
                                "the files as they stand here do not build: "
                                    + (place ?? "") + text)
                        }
                    }
                case nil: break
                }
            }
            if let caption,
                let edit = PageFurniture.captionEdit(
                    caption, aboveDirectiveAt: placed.index, in: page.text.lines
                )
            {
                edits.append(edit)
                stale("the caption above this block is missing or out of date")
            }
            if let expected, expected != current {
                edits.append(Self.edit(placed.block, to: expected, in: page))
                if let staleness {
                    stale(staleness, hinted: hinted)
                }
            }
        }
        if let navigation = navigation[page.path] {
            let navigationEdits = PageFurniture.navigationEdits(
                navigation, in: page)
            edits += navigationEdits
            if let first = navigationEdits.first {
                diagnostics.append(
                    BookDiagnostic(
                        path: page.path, line: first.range.lowerBound,
                        message:
                            "the navigation lines (at the top and at the end) are missing "
                            + "or out of date; run scripts/book sync",
                        kind: .staleness))
            }
        }
        var rendered = page.text
        for edit in edits.sorted(by: {
            $0.range.lowerBound > $1.range.lowerBound
        }) {
            rendered.lines.replaceSubrange(edit.range, with: edit.lines)
        }
        diagnostics += Self.tooWideLines(in: rendered, path: page.path)
        if let problem = Self.structureChange(from: page, to: rendered) {
            diagnostics.append(problem)
        }
        return (rendered, diagnostics)
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
        return blocks.flatMap(\.contentRange).compactMap { index in
            let width = page.text.lines[index].count
            return width <= limit
                ? nil
                : BookDiagnostic(
                    path: path, line: index + 1,
                    message:
                        "line is \(width) columns wide; listings, outputs and compiler "
                        + "errors in the book must fit in \(limit)",
                    kind: .tooWide)
        }
    }

    /// The edit that makes `block` hold `lines`, with a fence longer than any fence-like line in
    /// them (and than three, if they hold a lone HTML comment, which might be a directive), so
    /// that nothing in them can close it or be read as structure.
    static func edit(
        _ block: FencedBlock, to lines: [String], in page: BookPage
    )
        -> Edit
    {
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
}
