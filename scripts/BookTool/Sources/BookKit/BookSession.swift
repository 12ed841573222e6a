import Foundation

/// Runs `check` and `sync` over one repository.
public struct BookSession {
    /// The repository being checked.
    public var layout: RepositoryLayout
    /// Where compiler messages, outputs and the toolchain version come from.
    public var evidenceSource: any EvidenceSource

    /// Creates a session for the repository at `root`.
    public init(root: URL, evidenceSource: any EvidenceSource = ToolchainEvidenceSource()) {
        self.layout = RepositoryLayout(root: root)
        self.evidenceSource = evidenceSource
    }

    /// Reports every problem and every out-of-date block; changes nothing.
    public func check() -> BookReport {
        let evaluation = evaluate()
        var report = BookReport(notes: evaluation.notes, diagnostics: evaluation.diagnostics)
        let errors = report.diagnostics.count
        let stale = report.diagnostics.filter { $0.kind == .staleness }.count
        report.summary =
            errors == 0
            ? "check: the book is consistent (\(evaluation.statistics))"
            : "check: \(errors) error\(errors == 1 ? "" : "s")"
                + (stale > 0
                    ? ", \(stale) of them out-of-date blocks that scripts/book sync re-records"
                    : "")
        return report
    }

    /// Rewrites out-of-date blocks, but only if nothing else is wrong; otherwise writes nothing.
    public func sync() -> BookReport {
        let evaluation = evaluate()
        var report = BookReport()
        report.diagnostics = evaluation.diagnostics.filter { $0.kind == .error }
        guard report.diagnostics.isEmpty else {
            let count = report.diagnostics.count
            report.summary = "sync: wrote nothing because of \(count) error\(count == 1 ? "" : "s")"
            return report
        }
        for rendering in evaluation.renderings where rendering.isChanged {
            do {
                try AtomicFileWriter.write(
                    rendering.rendered.text, to: layout.url(for: rendering.page.path))
                report.updatedFiles.append(rendering.page.path)
            } catch {
                report.diagnostics.append(
                    BookDiagnostic(
                        path: rendering.page.path, line: 1,
                        message: "cannot write the file: \(error)"))
            }
        }
        report.summary =
            report.updatedFiles.isEmpty
            ? "sync: everything was up to date (\(evaluation.statistics))"
            : "sync: updated \(report.updatedFiles.count) file\(report.updatedFiles.count == 1 ? "" : "s")"
        return report
    }

    /// Everything `check` and `sync` need: renderings, problems and notes.
    struct Evaluation {
        var renderings: [PageRenderer.Rendering] = []
        var diagnostics: [BookDiagnostic] = []
        var notes: [String] = []
        var statistics = ""
    }

    func evaluate() -> Evaluation {
        var evaluation = Evaluation()
        var snippetFiles: [String: SnippetFile] = [:]
        for path in layout.markedSwiftFiles {
            snippetFiles[path] = SnippetFile(path: path, text: layout.contents(of: path) ?? "")
        }
        let pages = layout.markdownFiles.map {
            BookPage(path: $0, contents: layout.contents(of: $0) ?? "")
        }
        for page in pages {
            for case .include(let path, _) in page.directives.map(\.directive)
            where snippetFiles[path] == nil {
                if let contents = layout.contents(of: path) {
                    snippetFiles[path] = SnippetFile(path: path, text: contents)
                }
            }
        }
        let evidence = evidenceSource.gather(Self.request(for: pages), in: layout)
        var renderer = PageRenderer(snippetFiles: snippetFiles, evidence: evidence)
        if let note = Self.toolchainNote(pages: pages, running: evidence.toolchainVersion) {
            evaluation.notes.append(note)
            renderer.toolchainHint =
                " (possibly only because of the toolchain difference noted above)"
        }
        var included: Set<RegionReference> = []
        var diagnostics = snippetFiles.values.flatMap(\.diagnostics) + evidence.buildDiagnostics
        for page in pages {
            let rendering = renderer.render(page)
            evaluation.renderings.append(rendering)
            included.formUnion(rendering.includedRegions)
            diagnostics += page.diagnostics + rendering.diagnostics
            diagnostics += LinkChecker.brokenLinks(in: page) {
                FileManager.default.fileExists(atPath: layout.url(for: $0).path)
            }
        }
        for path in layout.markedSwiftFiles {
            for region in snippetFiles[path]?.regions.values ?? [:].values
            where !included.contains(RegionReference(path: path, name: region.name)) {
                diagnostics.append(
                    BookDiagnostic(
                        path: path, line: region.startLine,
                        message: "region '\(region.name)' is not included by any Markdown file"))
            }
        }
        diagnostics += Self.unrecordedPrograms(layout: layout, pages: pages)
        evaluation.diagnostics = diagnostics.sorted { ($0.path, $0.line) < ($1.path, $1.line) }
        let directives = pages.flatMap(\.directives).map(\.directive)
        evaluation.statistics =
            "\(pages.count) pages, "
            + "\(directives.filter { if case .include = $0 { true } else { false } }.count) includes, "
            + "\(directives.filter { $0 == .compiles || $0 == .fails }.count) listings, "
            + "\(directives.filter { if case .output = $0 { true } else { false } }.count) outputs, "
            + "\(layout.libraryFolders.count) library snapshots"
        return evaluation
    }

    /// Every chapter program must have its run recorded somewhere in the book.
    static func unrecordedPrograms(layout: RepositoryLayout, pages: [BookPage])
        -> [BookDiagnostic]
    {
        var recorded: Set<String> = []
        for case .output(let product) in pages.flatMap(\.directives).map(\.directive) {
            recorded.insert(product)
        }
        return layout.chapterFolders.compactMap { folder in
            let product = folder.productName
            guard !recorded.contains(product) else { return nil }
            return BookDiagnostic(
                path: folder.swiftFiles.first ?? folder.path, line: 1,
                message: "the book records no run of \(product); "
                    + "add <!-- output: \(product) --> and a text block to its chapter")
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
                        page.text.lines[placed.block.contentRange].joined(separator: "\n") + "\n"
                    request.listings.append(
                        ListingRequest(id: id, source: source, chapter: page.chapterNumber))
                case .output(let product):
                    request.outputs.append(OutputRequest(product: product, id: id))
                case .include, .toolchain:
                    break
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
        guard let recorded, !recorded.isEmpty, recorded != running else { return nil }
        return "This book was recorded with \(recorded); you are running \(running). "
            + "Compiler messages and outputs below may differ because of that; "
            + "`scripts/book sync` re-records them."
    }
}
