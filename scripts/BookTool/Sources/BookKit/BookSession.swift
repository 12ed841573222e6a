import Foundation

/// Runs `check` and `sync` over one repository.
struct BookSession {
    var layout: RepositoryLayout
    /// Where compiler messages, outputs and the toolchain version come from.
    var evidenceSource: any EvidenceSource

    init(
        root: URL,
        evidenceSource: any EvidenceSource = ToolchainEvidenceSource()
    ) {
        self.layout = RepositoryLayout(root: root)
        self.evidenceSource = evidenceSource
    }

    /// Reports every problem and every out-of-date block; changes nothing.
    func check() -> BookReport {
        let evaluation = evaluate()
        var report = BookReport(
            notes: evaluation.notes, diagnostics: evaluation.diagnostics)
        let errors = report.diagnostics.count
        let stale = report.diagnostics.filter { $0.kind == .staleness }.count
        report.summary =
            errors == 0
            ? "check: the book is consistent (\(evaluation.statistics()))"
            : "check: \(count: errors, "error")"
                + (stale > 0
                    ? ", \(stale) of them out-of-date blocks that scripts/book sync re-records"
                    : "")
        return report
    }

    /// Rewrites out-of-date blocks, but only if nothing else is wrong; otherwise writes nothing.
    func sync(writer: AtomicFileWriter = AtomicFileWriter()) -> BookReport {
        let evaluation = evaluate()
        var report = BookReport()
        report.diagnostics = evaluation.diagnostics.filter { $0.kind == .error }
        guard report.diagnostics.isEmpty else {
            report.summary =
                "sync: wrote nothing because of \(count: report.diagnostics.count, "error")"
            return report
        }
        // A page is replaced only if it still holds what was read; a figure has no such check.
        let changed: [(path: String, text: String, expected: String?)] =
            evaluation.renderings.filter(\.isChanged).map {
                ($0.page.path, $0.rendered.text, $0.page.text.text)
            }
            + evaluation.staleFigures.map { ($0.path, $0.svg, nil) }
        let outcome = writer.replace(
            changed.map {
                AtomicFileWriter.Replacement(
                    url: layout.url(for: $0.path), text: $0.text,
                    expectedText: $0.expected)
            })
        report.updatedFiles = outcome.replaced.map { changed[$0].path }
        report.diagnostics = outcome.failures.sorted { $0.key < $1.key }.map {
            index, reason in
            BookDiagnostic(
                path: changed[index].path, line: 1,
                message: "cannot write the file: \(reason)"
            )
        }
        report.summary = Self.syncSummary(
            report, statistics: evaluation.statistics)
        return report
    }

    private static func syncSummary(
        _ report: BookReport, statistics: () -> String
    ) -> String {
        let updated = "\(count: report.updatedFiles.count, "file")"
        guard report.diagnostics.isEmpty else {
            let errors = "\(count: report.diagnostics.count, "error")"
            return report.updatedFiles.isEmpty
                ? "sync: failed with \(errors); wrote nothing"
                : "sync: failed with \(errors) after updating \(updated)"
        }
        return report.updatedFiles.isEmpty
            ? "sync: everything was up to date (\(statistics()))"
            : "sync: updated \(updated)"
    }

    /// Everything `check` and `sync` need: renderings, problems and notes.
    struct Evaluation {
        var renderings: [PageRenderer.Rendering] = []
        var diagnostics: [BookDiagnostic] = []
        var notes: [String] = []
        var pages: [BookPage] = []
        var libraryFolderCount = 0
        /// Figures whose file is missing or differs from what the tool draws now.
        var staleFigures: [(path: String, svg: String)] = []

        /// A one-line count of what was checked; built only when a summary prints it.
        func statistics() -> String {
            let kinds = pages.flatMap(\.directives).map { placed in
                switch placed.directive {
                case .include: "includes"
                case .compiles, .fails: "listings"
                case .output: "outputs"
                case .toolchain, .measurement: ""
                }
            }
            let counts = ["includes", "listings", "outputs"].map { kind in
                "\(kinds.filter { $0 == kind }.count) \(kind)"
            }
            return
                (["\(pages.count) pages"] + counts + [
                    "\(pages.flatMap(\.figures).count) figures",
                    "\(libraryFolderCount) library snapshots",
                ]).joined(separator: ", ")
        }
    }

    func evaluate() -> Evaluation {
        var evaluation = Evaluation()
        var diagnostics: [BookDiagnostic] = []
        var snippetFiles: [String: SnippetFile] = [:]
        func readSnippetFile(_ path: String) {
            guard let source = layout.sourceText(of: path) else { return }
            var file = SnippetFile(path: path, text: source.text)
            file.isReadable = source.isReadable
            snippetFiles[path] = file
            diagnostics += source.diagnostic.map { [$0] } ?? []
        }
        for path in layout.markedSwiftFiles {
            readSnippetFile(path)
        }
        let pages = layout.markdownFiles.compactMap { path -> BookPage? in
            let source = layout.sourceText(of: path)
            diagnostics += source?.diagnostic.map { [$0] } ?? []
            guard let source, source.isReadable else { return nil }
            return BookPage(path: path, contents: source.text)
        }
        for page in pages {
            for case .include(let path, _) in page.directives.map(\.directive)
            where snippetFiles[path] == nil {
                readSnippetFile(path)
            }
        }
        let evidence = evidenceSource.gather(
            Self.request(for: pages), in: layout)
        var renderer = PageRenderer(
            snippetFiles: snippetFiles, evidence: evidence)
        renderer.includesAddingToFiles = Self.includesAddingToFiles(
            pages: pages, snippetFiles: snippetFiles)
        renderer.navigation = Self.navigation(pages: pages)
        if let note = Self.toolchainNote(
            pages: pages, running: evidence.toolchainVersion)
        {
            evaluation.notes.append(note)
            renderer.toolchainHint =
                " (possibly only because of the toolchain difference noted above)"
        }
        diagnostics +=
            snippetFiles.values.flatMap(\.diagnostics)
            + evidence.buildDiagnostics
        let testNames = layout.markedSwiftFiles.filter {
            $0.hasPrefix("Tests/")
        }.reduce(
            into: Set<String>()
        ) { names, path in
            guard let source = layout.sourceText(of: path) else { return }
            names.formUnion(PostNoteChecker.testFunctionNames(in: source.text))
        }
        for page in pages {
            diagnostics += PostNoteChecker.check(page, testNames: testNames)
            let rendering = renderer.render(page)
            evaluation.renderings.append(rendering)
            // A page whose structure is broken has blocks that are wrong, not stale.
            diagnostics += page.diagnostics
            diagnostics += rendering.diagnostics.filter {
                page.diagnostics.isEmpty || $0.kind != .staleness
            }
            diagnostics += LinkChecker.brokenLinks(in: page) {
                FileManager.default.fileExists(atPath: layout.url(for: $0).path)
            }
        }
        // A page that could not be read, or was emptied, leaves regions unincluded, programs
        // unrecorded and the contents unlisted; reporting those would bury the one real cause.
        let allPagesRead =
            pages.count == layout.markdownFiles.count
            && pages.allSatisfy { $0.text.lines.contains { !$0.isBlankLine } }
        evaluation.pages = pages
        evaluation.libraryFolderCount = layout.libraryFolders.count
        guard allPagesRead else {
            evaluation.diagnostics = Self.ordered(diagnostics)
            return evaluation
        }
        diagnostics += Self.pagesMissingFromContents(pages)
        var included: Set<String> = []
        for case .include(let path, let region) in pages.flatMap(\.directives)
            .map(\.directive)
        {
            included.insert("\(path)#\(region)")
        }
        for path in layout.markedSwiftFiles {
            for region in snippetFiles[path]?.regions.values ?? [:].values
            where !included.contains("\(path)#\(region.name)") {
                diagnostics.append(
                    BookDiagnostic(
                        path: path, line: region.startLine,
                        message:
                            "region '\(region.name)' is not included by any Markdown file"
                    ))
            }
        }
        let figures = FigureCheck(
            layout: layout, traces: evidence.traces
        ).check(pages)
        diagnostics += figures.diagnostics
        evaluation.staleFigures = figures.stale
        diagnostics += Self.unrecordedPrograms(layout: layout, pages: pages)
        diagnostics += Self.toolchainBlockProblems(
            pages: pages, markdownFiles: layout.markdownFiles)
        evaluation.diagnostics = Self.ordered(diagnostics)
        return evaluation
    }

    /// The include directives, in reading order, that show more of a file an earlier
    /// include of the book already began; a reader typing along adds them to that file.
    static func includesAddingToFiles(
        pages: [BookPage], snippetFiles: [String: SnippetFile]
    )
        -> Set<ListingID>
    {
        var shown: [String: [ClosedRange<Int>]] = [:]
        var adding: Set<ListingID> = []
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
                    adding.insert(
                        ListingID(path: page.path, line: placed.lineNumber))
                }
                shown[path, default: []].append(lines)
            }
        }
        return adding
    }

    /// The navigation line of every numbered page in `book/`, linking it to the pages before
    /// and after it in reading order and to the contents.
    static func navigation(pages: [BookPage]) -> [String: String] {
        let numbered = pages.filter {
            $0.chapterNumber != nil && $0.path.hasPrefix("book/")
                && !$0.path.dropFirst("book/".count).contains("/")
        }
        let links = numbered.map { page in
            let file = String(page.path.dropFirst("book/".count))
            return (title: PageFurniture.title(of: page) ?? file, file: file)
        }
        var navigation: [String: String] = [:]
        for (index, page) in numbered.enumerated() {
            navigation[page.path] = PageFurniture.navigationLine(
                previous: index > 0 ? links[index - 1] : nil,
                next: index + 1 < links.count ? links[index + 1] : nil)
        }
        return navigation
    }

    /// `diagnostics` sorted by file and line, each (file, line, message) once.
    static func ordered(_ diagnostics: [BookDiagnostic]) -> [BookDiagnostic] {
        diagnostics.sorted { ($0.path, $0.line) < ($1.path, $1.line) }.uniqued()
    }

    /// Every page but `book/README.md` must be linked from it, the book's contents.
    static func pagesMissingFromContents(_ pages: [BookPage])
        -> [BookDiagnostic]
    {
        guard let contents = pages.first(where: { $0.path == "book/README.md" })
        else { return [] }
        let linked = Set(
            contents.proseIndices.flatMap { index in
                LinkChecker.linkTargets(in: contents.text.lines[index])
                    .compactMap {
                        LinkChecker.resolvedPath(of: $0, from: contents.path)
                    }
            })
        return pages.filter {
            $0.path != contents.path && !linked.contains($0.path)
        }.map {
            BookDiagnostic(
                path: $0.path, line: 1,
                message:
                    "the page is missing from the contents; link it from book/README.md"
            )
        }
    }

    /// The book must record its toolchain in exactly one `<!-- toolchain -->` block.
    static func toolchainBlockProblems(
        pages: [BookPage], markdownFiles: [String]
    )
        -> [BookDiagnostic]
    {
        let places = pages.flatMap { page in
            page.directives.filter { $0.directive == .toolchain }.map {
                (path: page.path, line: $0.lineNumber)
            }
        }
        if places.isEmpty,
            let first = markdownFiles.first(where: { $0 == "book/README.md" })
                ?? markdownFiles.first
        {
            return [
                BookDiagnostic(
                    path: first, line: 1,
                    message:
                        "the book has no '<!-- toolchain -->' block; add exactly one, "
                        + "above a ```text block, to record the first line of `swift --version`"
                )
            ]
        }
        guard places.count > 1 else { return [] }
        let list = places.map { "\($0.path):\($0.line)" }.joined(
            separator: ", ")
        return places.map {
            BookDiagnostic(
                path: $0.path, line: $0.line,
                message:
                    "the book must have exactly one '<!-- toolchain -->' block, "
                    + "but has \(places.count): \(list)")
        }
    }

    /// Every chapter program must have its run recorded somewhere in the book.
    static func unrecordedPrograms(layout: RepositoryLayout, pages: [BookPage])
        -> [BookDiagnostic]
    {
        var recorded: Set<String> = []
        for case .output(let product, _) in pages.flatMap(\.directives).map(
            \.directive)
        {
            recorded.insert(product)
        }
        return layout.chapterFolders.compactMap { folder in
            let product = folder.productName
            guard !recorded.contains(product) else { return nil }
            let main = "\(folder.path)/main.swift"
            return BookDiagnostic(
                path: folder.swiftFiles.contains(main)
                    ? main : folder.swiftFiles.first ?? folder.path,
                line: 1,
                message: "the book records no run of \(product); "
                    + "add <!-- output: \(product) --> and a text block to its chapter"
            )
        }
    }

    static func request(for pages: [BookPage]) -> EvidenceRequest {
        var request = EvidenceRequest()
        for page in pages {
            for placed in page.directives {
                let id = ListingID(path: page.path, line: placed.lineNumber)
                switch placed.directive {
                case .compiles, .fails:
                    let source =
                        page.text.lines[placed.block.contentRange].joined(
                            separator: "\n") + "\n"
                    request.listings.append(
                        ListingRequest(
                            id: id, source: source, chapter: page.chapterNumber)
                    )
                case .output(let product, _):
                    request.outputs.append(
                        OutputRequest(product: product, id: id))
                case .include, .toolchain, .measurement:
                    break
                }
            }
            for figure in page.figures {
                if let product = figure.spec.product {
                    request.traces.append(
                        OutputRequest(
                            product: product,
                            id: ListingID(
                                path: page.path, line: figure.lineNumber)))
                }
            }
        }
        return request
    }

    /// The note printed when the book's recorded toolchain differs from the running one, if it does.
    static func toolchainNote(pages: [BookPage], running: String) -> String? {
        let recorded = pages.lazy.flatMap { page in
            page.directives.filter { $0.directive == .toolchain }.map {
                page.text.lines[$0.block.contentRange]
            }
        }.first?.first?.trimmedWhitespace
        guard let recorded, !recorded.isEmpty, recorded != running else {
            return nil
        }
        return
            "This book was recorded with \(recorded); you are running \(running). "
            + "Compiler messages and outputs below may differ because of that; "
            + "`scripts/book sync` re-records them."
    }
}

extension String.StringInterpolation {
    /// `"\(count: 2, "error")"` is `2 errors`; `"\(count: 1, "error")"` is `1 error`.
    mutating func appendInterpolation(count: Int, _ noun: String) {
        appendLiteral("\(count) \(noun)\(count == 1 ? "" : "s")")
    }
}
