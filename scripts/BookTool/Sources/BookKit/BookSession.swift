import Foundation

/// The command line: `book-tool --root PATH (check | sync | record PAGE COMMAND)`.
package enum BookCommand {
    static let usage = """
        usage: book-tool --root REPOSITORY (check | sync | record PAGE COMMAND)
          check   report every problem and out-of-date block; change nothing
          sync    re-record out-of-date blocks, writing nothing if anything else is wrong
          record  put standard input into PAGE's '<!-- measurement: COMMAND -->' block
        """

    package static func run(_ arguments: [String]) -> Int32 {
        run(arguments, evidenceSource: ToolchainEvidenceSource())
    }

    static func run(_ arguments: [String], evidenceSource: any EvidenceSource)
        -> Int32
    {
        if arguments.contains("-h") || arguments.contains("--help") {
            print(usage)
            return 0
        }
        var words = arguments
        var root = FileManager.default.currentDirectoryPath
        while let flag = words.firstIndex(of: "--root") {
            guard flag + 1 < words.count else {
                return fail("--root needs a path")
            }
            root = words.remove(at: flag + 1)
            words.remove(at: flag)
        }
        guard
            words == ["check"] || words == ["sync"]
                || (words.first == "record" && words.count == 3)
        else {
            return fail(
                words.isEmpty
                    ? "missing command"
                    : "unexpected arguments '\(words.joined(separator: " "))'")
        }
        guard FileManager.default.fileExists(atPath: root + "/book/README.md")
        else {
            return fail(
                "\(root) holds no book: there is no book/README.md in it")
        }
        let session = BookSession(
            root: URL(fileURLWithPath: root), evidenceSource: evidenceSource)
        let report =
            switch words[0] {
            case "check": session.check()
            case "sync": session.sync()
            default:
                session.record(
                    String(
                        decoding: FileHandle.standardInput
                            .readDataToEndOfFile(), as: UTF8.self),
                    by: words[2], in: words[1])
            }
        for line in report.notes.map({ "note: \($0)" })
            + report.diagnostics.map(\.description)
        {
            printError(line)
        }
        for path in report.updatedFiles { print("updated \(path)") }
        print(report.summary)
        return report.succeeded ? 0 : 1
    }

    private static func fail(_ message: String) -> Int32 {
        printError("book-tool: \(message)\n\(usage)")
        return 2
    }

    private static func printError(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}

/// A problem the tool found, placed at a 1-based line of a file in the repository.
struct BookDiagnostic: Hashable, Sendable, CustomStringConvertible {
    enum Kind: Hashable, Sendable {
        /// A real error: `sync` writes nothing while one exists.
        case error
        /// A block that `sync` would rewrite; an error for `check` only.
        case staleness
        /// A listing line too wide: an error for `check`, but `sync` still re-records, since the
        /// fix belongs in the code the line comes from.
        case tooWide
    }

    var path: String
    var line: Int
    var message: String
    var kind: Kind = .error

    var description: String { "\(path):\(line): error: \(message)" }
}

struct BookReport: Sendable {
    var notes: [String] = []
    var diagnostics: [BookDiagnostic] = []
    var updatedFiles: [String] = []
    var summary = ""

    var succeeded: Bool { diagnostics.isEmpty }
}

struct BookSession {
    var layout: RepositoryLayout
    var evidenceSource: any EvidenceSource

    init(
        root: URL,
        evidenceSource: any EvidenceSource = ToolchainEvidenceSource()
    ) {
        self.layout = RepositoryLayout(root: root)
        self.evidenceSource = evidenceSource
    }

    func check() -> BookReport {
        let evaluation = evaluate()
        let errors = evaluation.diagnostics.count
        let stale = evaluation.diagnostics.filter { $0.kind == .staleness }
            .count
        return BookReport(
            notes: evaluation.notes, diagnostics: evaluation.diagnostics,
            summary: errors == 0
                ? "check: the book is consistent (\(evaluation.statistics))"
                : "check: \(count: errors, "error")"
                    + (stale > 0
                        ? ", \(stale) of them out-of-date blocks that scripts/book sync re-records"
                        : ""))
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
        let changed = evaluation.changes.map {
            AtomicFileWriter.Replacement(
                url: layout.url(for: $0.path), text: $0.text,
                expectedText: $0.expected)
        }
        let outcome = writer.replace(changed)
        let paths = evaluation.changes.map(\.path)
        report.updatedFiles = outcome.replaced.map { paths[$0] }
        report.diagnostics = outcome.failures.sorted { $0.key < $1.key }.map {
            BookDiagnostic(
                path: paths[$0.key], line: 1,
                message: "cannot write the file: \($0.value)")
        }
        let updated = "\(count: report.updatedFiles.count, "file")"
        let errors = "\(count: report.diagnostics.count, "error")"
        report.summary =
            switch (report.diagnostics.isEmpty, report.updatedFiles.isEmpty) {
            case (false, true): "sync: failed with \(errors); wrote nothing"
            case (false, false):
                "sync: failed with \(errors) after updating \(updated)"
            case (true, true):
                "sync: everything was up to date (\(evaluation.statistics))"
            case (true, false): "sync: updated \(updated)"
            }
        return report
    }

    /// Puts `text`, what `command` measured, into the text block under the one
    /// `<!-- measurement: COMMAND -->` directive of the page at `path`, and changes nothing else.
    func record(
        _ text: String, by command: String, in path: String,
        writer: AtomicFileWriter = AtomicFileWriter()
    ) -> BookReport {
        func refuse(_ diagnostics: [BookDiagnostic]) -> BookReport {
            BookReport(
                diagnostics: diagnostics, summary: "record: wrote nothing")
        }
        func refuse(at line: Int, _ message: String) -> BookReport {
            refuse([BookDiagnostic(path: path, line: line, message: message)])
        }
        guard let source = layout.sourceText(of: path) else {
            return refuse(at: 1, "no such page")
        }
        if let diagnostic = source.diagnostic { return refuse([diagnostic]) }
        let page = BookPage(path: path, contents: source.text)
        guard page.diagnostics.isEmpty else { return refuse(page.diagnostics) }
        let places = page.directives.filter {
            $0.directive == .measurement(command: command)
        }
        guard let place = places.first, places.count == 1 else {
            return refuse(
                at: 1,
                "the page must have exactly one '<!-- measurement: \(command) -->' block, "
                    + "but has \(places.count); nothing was written")
        }
        var updated = page.text
        updated.lines.replaceSubrange(
            place.block.contentRange, with: TextLines(text).lines)
        // A line that ends the block early would turn the rest of the measurement into prose.
        guard PageRenderer.structureChange(from: page, to: updated) == nil
        else {
            return refuse(
                at: place.lineNumber,
                "the measurement holds a line that would end its block early; nothing was written"
            )
        }
        let outcome = writer.replace([
            .init(url: layout.url(for: path), text: updated.text)
        ])
        if let failure = outcome.failures.values.first {
            return refuse(at: 1, "cannot write the file: \(failure)")
        }
        return BookReport(
            updatedFiles: [path], summary: "record: updated \(path)")
    }

    /// What `check` and `sync` need: the files `sync` would write, the problems and notes.
    struct Evaluation {
        var changes: [(path: String, text: String, expected: String?)] = []
        var diagnostics: [BookDiagnostic] = []
        var notes: [String] = []
        var statistics = ""
    }

    func evaluate() -> Evaluation {
        var evaluation = Evaluation()
        var diagnostics: [BookDiagnostic] = []
        var snippetFiles: [String: SnippetFile] = [:]
        var testNames: Set<String> = []
        func read(_ path: String) -> SourceText? {
            let source = layout.sourceText(of: path)
            diagnostics += source?.diagnostic.map { [$0] } ?? []
            return source
        }
        func readSnippets(_ path: String) {
            guard let source = read(path) else { return }
            var file = SnippetFile(path: path, text: source.text)
            file.isReadable = source.isReadable
            snippetFiles[path] = file
            if path.hasPrefix("Tests/") {
                testNames.formUnion(
                    PostNoteChecker.testFunctionNames(in: source.text))
            }
        }
        layout.markedSwiftFiles.forEach(readSnippets)
        let pages = layout.markdownFiles.compactMap { path in
            read(path).flatMap {
                $0.isReadable ? BookPage(path: path, contents: $0.text) : nil
            }
        }
        let placed = pages.flatMap { page in
            page.directives.map { (page: page, directive: $0) }
        }
        for case .include(let path, _) in placed.map(\.directive.directive)
        where snippetFiles[path] == nil {
            readSnippets(path)
        }
        let plan = CheckpointPlan(
            pages: pages, layout: layout, snippetFiles: snippetFiles)
        var request = Self.request(for: pages)
        request.checkpoints = plan.checkpoints.values.sorted {
            ($0.id.path, $0.id.line) < ($1.id.path, $1.id.line)
        }
        request.replacements = plan.replacements.values.sorted {
            ($0.id.path, $0.id.line) < ($1.id.path, $1.id.line)
        }
        let evidence = evidenceSource.gather(request, in: layout)
        var renderer = PageRenderer(
            snippetFiles: snippetFiles, evidence: evidence, pages: pages,
            checkpointPlan: plan)
        if let note = Self.toolchainNote(
            pages: pages, running: evidence.toolchainVersion)
        {
            evaluation.notes.append(note)
            renderer.toolchainHint =
                " (possibly only because of the toolchain difference noted above)"
        }
        diagnostics +=
            snippetFiles.values.flatMap(\.diagnostics)
            + evidence.buildDiagnostics + plan.diagnostics
        let pagesByPath = Dictionary(
            pages.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first }
        )
        for page in pages {
            diagnostics += PostNoteChecker.check(page, testNames: testNames)
            let rendering = renderer.render(page)
            if rendering.rendered != page.text {
                evaluation.changes.append(
                    (page.path, rendering.rendered.text, page.text.text))
            }
            // A page whose structure is broken has blocks that are wrong, not stale.
            diagnostics += page.diagnostics
            diagnostics += rendering.diagnostics.filter {
                page.diagnostics.isEmpty || $0.kind != .staleness
            }
            diagnostics += LinkChecker.brokenLinks(
                in: page, pages: pagesByPath
            ) {
                FileManager.default.fileExists(atPath: layout.url(for: $0).path)
            }
        }
        let kinds = placed.map {
            $0.directive.directive.spelling.prefix { $0 != ":" }
        }
        func count(_ names: String...) -> Int {
            kinds.filter { names.contains(String($0)) }.count
        }
        evaluation.statistics =
            "\(pages.count) pages, \(count("include")) includes, "
            + "\(count("compiles", "fails")) listings, \(count("output")) outputs, "
            + (count("checkpoint") > 0
                ? "\(count: count("checkpoint"), "checkpoint"), " : "")
            + "\(pages.flatMap(\.figures).count) figures, "
            + "\(layout.libraryFolders.count) library snapshots"
        // A page that could not be read, or was emptied, leaves regions unincluded, programs
        // unrecorded and the contents unlisted; reporting those would bury the one real cause.
        guard
            pages.count == layout.markdownFiles.count
                && pages.allSatisfy({ !$0.text.lines.allSatisfy(\.isBlankLine) }
                )
        else {
            evaluation.diagnostics = Self.ordered(diagnostics)
            return evaluation
        }
        diagnostics += Self.pagesMissingFromContents(pages)
        let included = Set(
            placed.compactMap { item -> String? in
                guard
                    case .include(let path, let region) = item.directive
                        .directive
                else { return nil }
                return "\(path)#\(region)"
            })
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
        let figures = FigureCheck(layout: layout, traces: evidence.traces)
            .check(pages)
        diagnostics += figures.diagnostics
        evaluation.changes += figures.stale.map { ($0.path, $0.svg, nil) }
        let recorded = Set(
            placed.compactMap { item -> String? in
                guard case .output(let product, _) = item.directive.directive
                else { return nil }
                return product
            })
        for folder in layout.chapterFolders
        where !recorded.contains(folder.productName) {
            let main = "\(folder.path)/main.swift"
            diagnostics.append(
                BookDiagnostic(
                    path: folder.swiftFiles.contains(main)
                        ? main : folder.swiftFiles.first ?? folder.path,
                    line: 1,
                    message:
                        "the book records no run of \(folder.productName); "
                        + "add <!-- output: \(folder.productName) --> and a text block to its chapter"
                ))
        }
        diagnostics += Self.toolchainBlockProblems(
            placed.filter { $0.directive.directive == .toolchain }.map {
                (path: $0.page.path, line: $0.directive.lineNumber)
            })
        evaluation.diagnostics = Self.ordered(diagnostics)
        return evaluation
    }

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
    static func toolchainBlockProblems(_ places: [(path: String, line: Int)])
        -> [BookDiagnostic]
    {
        if places.isEmpty {
            return [
                BookDiagnostic(
                    path: "book/README.md", line: 1,
                    message:
                        "the book has no '<!-- toolchain -->' block; add exactly one, "
                        + "above a ```text block, to record the first line of `swift --version`"
                )
            ]
        }
        let list = places.map { "\($0.path):\($0.line)" }.joined(
            separator: ", ")
        return places.count == 1
            ? []
            : places.map {
                BookDiagnostic(
                    path: $0.path, line: $0.line,
                    message:
                        "the book must have exactly one '<!-- toolchain -->' block, "
                        + "but has \(places.count): \(list)")
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
                default: break
                }
            }
            request.traces += page.figures.compactMap { figure in
                figure.spec.product.map {
                    OutputRequest(
                        product: $0,
                        id: ListingID(path: page.path, line: figure.lineNumber))
                }
            }
        }
        return request
    }

    /// The note printed when the book's recorded toolchain differs from the running one.
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
