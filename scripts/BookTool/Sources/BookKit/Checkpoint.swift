import Foundation

/// Where a line of a file assembled for a checkpoint comes from.
enum LineOrigin: Hashable, Sendable {
    /// A line of the repository's file, 1-based.
    case file(Int)
    /// A line of the page, 1-based: a line of a `temporary` block.
    case page(Int)
    /// A line of the page that the checkpoint's page continues, 1-based: a line of one of its
    /// `temporary` blocks.
    case continuedPage(Int)
}

/// A file as the reader has it at a checkpoint, and where each of its lines comes from.
struct AssembledFile: Hashable, Sendable {
    var lines: [String] = []
    var origins: [LineOrigin] = []
    /// The temporary blocks appended, whole; `leavingOut(replacedIn:path:)` takes out what a
    /// listing above the checkpoint has replaced.
    var temporaries: [AppendedTemporary] = []

    var text: String { lines.map { $0 + "\n" }.joined() }

    mutating func append(_ line: String, from origin: LineOrigin) {
        lines.append(line)
        origins.append(origin)
    }

    /// The file without each temporary declaration whose replacing listing is above the
    /// checkpoint, by the replacement checks' `messages` on the blocks of `path`; a block left
    /// with no declaration goes whole, with the blank line before it.
    func leavingOut(
        replacedIn messages: [ListingID: [CompilerMessage]], path: String
    ) -> AssembledFile {
        var dropped = Set<Int>()
        for temporary in temporaries {
            let replaced = temporary.declarations.filter {
                CheckpointPlan.redeclaration(
                    at: $0.checkedLine, of: path,
                    in: messages[temporary.block] ?? []
                )?.original.map(temporary.replacedAbove.contains) ?? false
            }
            if replaced.count == temporary.declarations.count {
                dropped.formUnion(temporary.lines)
            } else {
                for declaration in replaced {
                    dropped.formUnion(declaration.lines)
                }
            }
        }
        var file = AssembledFile()
        for index in lines.indices where !dropped.contains(index) {
            file.append(lines[index], from: origins[index])
        }
        return file
    }
}

/// A temporary block as a checkpoint's file holds it, and what leaving out its replaced
/// declarations needs.
struct AppendedTemporary: Hashable, Sendable {
    /// The block's place, which keys its replacement check's messages.
    var block: ListingID
    /// The indices of the file's lines it takes, the blank line before it included.
    var lines: Range<Int>
    var declarations: [AppendedDeclaration]
    /// The lines of the complete file whose replacing listing (the one below the block that
    /// shows the line) is above the checkpoint: a declaration that clashes with one of them is
    /// left out.
    var replacedAbove: Set<Int>
}

/// A declaration of an appended temporary block.
struct AppendedDeclaration: Hashable, Sendable {
    /// Its line in the replacement check's text, where the compiler reports the clash.
    var checkedLine: Int
    /// The indices of the file's lines it takes: comments and attributes above it, its own
    /// lines, and the blank lines after it.
    var lines: Range<Int>
}

/// What a `<!-- checkpoint: PRODUCT -->` asks of the toolchain.
///
/// A `MiniCombine` built from `libraryFiles`, the chapter program built from `programFiles`
/// against it, and its run. A file in `assembled` is built from that text, less the temporary
/// declarations replaced above the checkpoint (`files(replacedIn:)`), instead of the
/// repository's.
struct CheckpointRequest: Hashable, Sendable {
    var id: ListingID
    var product: String
    /// The page's chapter number, or for a companion without a program of its own that
    /// of the page it continues: library folders 01…`chapter` are built.
    var chapter: Int
    var libraryFiles: [String]
    var programFiles: [String]
    /// The files some include of the page names (or some temporary block of it, for a file
    /// only the continuing page shows; or some include or temporary block of the page it
    /// continues), with every temporary block above whole.
    var assembled: [String: AssembledFile]

    /// Whether a listing between a temporary block and the checkpoint may replace one of its
    /// declarations: then the files wait for the replacement checks' messages.
    var awaitsReplacementChecks: Bool {
        assembled.values.contains {
            $0.temporaries.contains { !$0.replacedAbove.isEmpty }
        }
    }

    /// The files as built, given the replacement checks' `messages` by temporary block.
    func files(replacedIn messages: [ListingID: [CompilerMessage]])
        -> [String: AssembledFile]
    {
        assembled.reduce(into: [:]) { files, file in
            files[file.key] = file.value.leavingOut(
                replacedIn: messages, path: file.key)
        }
    }
}

/// What a `<!-- temporary: PATH -->` asks of the toolchain: type-check `files` with `text`, the
/// complete PATH with the block appended at line `blockStart`, in place of PATH.
struct ReplacementRequest: Hashable, Sendable {
    var id: ListingID
    var path: String
    var chapter: Int
    /// The library's files (compiled as `MiniCombine`), or the chapter's (compiled against
    /// the library snapshot of `chapter`).
    var files: [String]
    var isLibrary: Bool
    var text: String
    var blockStart: Int
}

/// What became of a checkpoint: the run of the program built from the reader's files, or the
/// errors and warnings that kept it from building (file paths relative to the repository, lines
/// of the files as built).
enum CheckpointOutcome: Hashable, Sendable {
    case ran(ProgramRun)
    case failedToBuild([CompilerMessage])
}

/// The book's checkpoints and temporary blocks: which files a checkpoint builds, which
/// declarations replace a temporary block's, and which listing a line of a built file shows.
///
/// At a checkpoint the reader has library folders 01…N and `Chapters/NN-*`. A file some include
/// of the page names (or some temporary block of it, if only the page that continues it shows
/// the file) holds only the top-level regions the page has included above the checkpoint (and
/// the lines outside all regions), then the page's `temporary` blocks for it above the
/// checkpoint, less each declaration whose replacing listing is above the checkpoint too; every
/// other file is whole. On a page that continues another, all of the other page comes first:
/// its includes and temporary blocks count as above the checkpoint.
struct CheckpointPlan {
    var checkpoints: [ListingID: CheckpointRequest] = [:]
    var replacements: [ListingID: ReplacementRequest] = [:]
    /// Misplaced temporary blocks and checkpoints, and `continues:` comments that name no
    /// page, the page itself, a later page, a page another page continues, or a page that
    /// leads back to this one.
    var diagnostics: [BookDiagnostic] = []
    /// The page that says `<!-- continues: PAGE.md -->`, by the path of PAGE: its listings
    /// come after all of PAGE's, and may replace PAGE's temporary declarations.
    var continuingPages: [String: BookPage] = [:]
    /// The page each continuing page continues, by the continuing page's path.
    var continuedPages: [String: BookPage] = [:]

    init() {}

    init(
        pages: [BookPage], layout: RepositoryLayout,
        snippetFiles: [String: SnippetFile]
    ) {
        pairContinuations(pages)
        for page in pages where page.diagnostics.isEmpty {
            plan(page, layout: layout, snippetFiles: snippetFiles)
        }
    }

    /// Pairs each page that continues another with the page it continues, reporting a
    /// `continues:` that names no page of `pages` or the page itself, pages that continue one
    /// another in a circle, a page that continues one after it in the book's order (that of
    /// the contents, `book/README.md`, as the navigation lines follow it), and every page
    /// that continues a page another also continues.
    private mutating func pairContinuations(_ pages: [BookPage]) {
        let byPath = Dictionary(
            pages.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first }
        )
        let continuing = Dictionary(
            grouping: pages.filter { $0.continuation != nil },
            by: { $0.continuation?.path ?? "" })
        let order = Dictionary(
            (byPath["book/README.md"].map(pages.inContentsOrder) ?? pages)
                .enumerated().map { ($1.path, $0) },
            uniquingKeysWith: { first, _ in first })
        for page in pages {
            guard let continuation = page.continuation else { continue }
            func report(_ message: String) {
                diagnostics.append(
                    BookDiagnostic(
                        path: page.path, line: continuation.lineNumber,
                        message: message))
            }
            let others = (continuing[continuation.path] ?? []).map(\.path)
                .filter { $0 != page.path }
            if continuation.path == page.path {
                report("a page cannot continue itself")
            } else if let continued = byPath[continuation.path] {
                if let circle = Self.circle(from: page, pages: byPath) {
                    // Each later page of the circle, where it says what it continues.
                    let steps = circle.dropFirst().map { other in
                        let next = other.continuation?.path ?? ""
                        return
                            "\(other.path):\(other.continuation?.lineNumber ?? 1) "
                            + "continues \(next == page.path ? "this page" : next)"
                    }
                    report(
                        PageFurniture.listed(
                            ["this page continues \(continued.path)"] + steps)
                            + "; pages cannot continue one another in a circle")
                } else if (order[continued.path] ?? 0) > (order[page.path] ?? 0)
                {
                    report(
                        "\(continued.path) comes after this page in the book (the order "
                            + "of book/README.md's contents); a page may continue only a "
                            + "page before it")
                } else if others.isEmpty {
                    continuingPages[continued.path] = page
                    continuedPages[page.path] = continued
                } else {
                    report(
                        "\(continued.path) is continued by "
                            + PageFurniture.listed(others)
                            + " too; a page may be continued by only one page")
                }
            } else {
                report(
                    "'continues:' names \(continuation.path), which is not a page of "
                        + "the book")
            }
        }
    }

    /// The pages from `page` on, each continuing the next, if the last continues `page`
    /// again; `nil` if following what each continues leads elsewhere.
    private static func circle(
        from page: BookPage, pages: [String: BookPage]
    ) -> [BookPage]? {
        var circle = [page]
        var current = page
        while let next = current.continuation.flatMap({ pages[$0.path] }) {
            if next.path == page.path { return circle }
            if circle.contains(where: { $0.path == next.path }) { return nil }
            circle.append(next)
            current = next
        }
        return nil
    }

    private mutating func plan(
        _ page: BookPage, layout: RepositoryLayout,
        snippetFiles: [String: SnippetFile]
    ) {
        let temporaries = page.directives.filter {
            if case .temporary = $0.directive { true } else { false }
        }
        let checkpoints = page.directives.filter {
            if case .checkpoint = $0.directive { true } else { false }
        }
        guard !temporaries.isEmpty || !checkpoints.isEmpty else { return }
        func report(_ message: String, at line: Int) {
            diagnostics.append(
                BookDiagnostic(path: page.path, line: line, message: message))
        }
        // A checkpoint of a page that continues another comes after all of that page; a
        // companion without a program of its own builds and runs that page's chapter.
        let continued = continuedPages[page.path]
        let hasProgram = layout.chapterFolders.contains {
            $0.number == page.chapterNumber
        }
        let chapter =
            hasProgram
            ? page.chapterNumber
            : continued?.chapterNumber ?? page.chapterNumber
        let program = layout.chapterFolders.first { $0.number == chapter }
        let libraryFiles = layout.libraryFolders.filter {
            $0.number <= chapter ?? 0
        }.flatMap(\.swiftFiles)
        let programFiles = program?.swiftFiles ?? []
        let built = Set(libraryFiles + programFiles)
        // A temporary block may add to a file that only the page continuing this one shows.
        let continuing = continuingPages[page.path]
        let shown = Self.includedFiles(of: page).union(
            continuing.map(Self.includedFiles) ?? [])
        let typed = Self.typedFiles(on: page, continuedBy: continuing).union(
            continued.map { Self.typedFiles(on: $0, continuedBy: page) } ?? [])
        let folders = chapter.map {
            "library folders 01…\(twoDigits($0)) or "
                + (program?.path ?? "Chapters/\(twoDigits($0))-*")
        }
        for temporary in temporaries {
            guard case .temporary(let path) = temporary.directive else {
                continue
            }
            let line = temporary.lineNumber
            let block = Self.lines(of: temporary, on: page)
            if !checkpoints.contains(where: { $0.index > temporary.index }) {
                report(
                    "a temporary block needs a '<!-- checkpoint: PRODUCT -->' below it on this "
                        + "page, where the build it makes possible is checked",
                    at: line)
            }
            if !shown.contains(path) {
                report(
                    "no include of this page"
                        + (continuing.map { " or of \($0.path)" } ?? "")
                        + " names \(path); a temporary block adds to a file the page shows",
                    at: line)
                continue
            }
            let isLibrary = libraryFiles.contains(path)
            guard built.contains(path) else {
                report(
                    folders.map {
                        "\(path) is not a file of \($0), which a checkpoint of this page builds"
                    }
                        ?? "a page without a chapter number builds nothing at a checkpoint",
                    at: line)
                continue
            }
            if Self.declarationLines(in: block).isEmpty {
                report(
                    "the temporary block declares nothing for a later listing to replace",
                    at: line)
                continue
            }
            guard let file = snippetFiles[path], file.diagnostics.isEmpty,
                let chapter
            else { continue }
            replacements[ListingID(path: page.path, line: line)] =
                ReplacementRequest(
                    id: ListingID(path: page.path, line: line), path: path,
                    chapter: chapter,
                    files: isLibrary ? libraryFiles : programFiles,
                    isLibrary: isLibrary,
                    text: (file.lines + [""] + block).map { $0 + "\n" }
                        .joined(),
                    blockStart: Self.blockStart(in: file))
        }
        for checkpoint in checkpoints {
            guard case .checkpoint(let product, _) = checkpoint.directive else {
                continue
            }
            guard let program, let chapter else {
                report(
                    "a checkpoint runs the page's chapter program, but this page has none ("
                        + (chapter.map {
                            "no Chapters/\(twoDigits($0))-* folder"
                        }
                            ?? "its file name has no chapter number") + ")",
                    at: checkpoint.lineNumber)
                continue
            }
            guard product == program.productName else {
                report(
                    "a checkpoint runs the page's chapter program, \(program.productName), "
                        + "not \(product)", at: checkpoint.lineNumber)
                continue
            }
            // A broken continued page is reported already; its listings cannot be placed.
            guard continued?.diagnostics.isEmpty ?? true else { continue }
            var assembled: [String: AssembledFile] = [:]
            for path in typed.intersection(built) {
                guard let file = snippetFiles[path], file.diagnostics.isEmpty
                else { continue }
                assembled[path] = Self.assemble(
                    file, on: page, before: checkpoint.index,
                    after: continued, snippetFiles: snippetFiles)
            }
            // A file whose regions are broken is reported already; its build would mislead.
            guard assembled.count == typed.intersection(built).count
            else { continue }
            let id = ListingID(path: page.path, line: checkpoint.lineNumber)
            self.checkpoints[id] = CheckpointRequest(
                id: id, product: product, chapter: chapter,
                libraryFiles: libraryFiles, programFiles: programFiles,
                assembled: assembled)
        }
    }

    /// The files the includes of `page` name.
    static func includedFiles(of page: BookPage) -> Set<String> {
        Set(
            page.directives.compactMap { placed -> String? in
                guard case .include(let path, _) = placed.directive else {
                    return nil
                }
                return path
            })
    }

    /// The files the reader types on `page`: those its includes name, and those its temporary
    /// blocks add to for the listings of `continuing`, the page that continues it.
    static func typedFiles(on page: BookPage, continuedBy continuing: BookPage?)
        -> Set<String>
    {
        let included = includedFiles(of: page)
        let shown = included.union(continuing.map(includedFiles) ?? [])
        return included.union(
            page.directives.compactMap { placed -> String? in
                guard case .temporary(let path) = placed.directive,
                    shown.contains(path)
                else { return nil }
                return path
            })
    }

    /// The lines of the block under `placed`.
    static func lines(of placed: PlacedDirective, on page: BookPage)
        -> [String]
    {
        Array(page.text.lines[placed.block.contentRange])
    }

    /// The 1-based page line of the line with index `offset` in the block under `placed`.
    static func pageLine(_ offset: Int, in placed: PlacedDirective) -> Int {
        placed.block.contentRange.lowerBound + 1 + offset
    }

    /// The line of a replacement check's text where its temporary block begins: after the
    /// complete file and a blank line.
    static func blockStart(in file: SnippetFile) -> Int { file.lines.count + 2 }

    /// `file` as the reader of `page` has it at the line with index `end`: the lines outside
    /// every top-level region, the top-level regions the page includes above `end` (or
    /// `continued`, the page it continues, includes anywhere), then the temporary blocks for
    /// the file of `continued` and of `page` above `end`, each after a blank line and whole,
    /// with what leaving out their replaced declarations needs.
    static func assemble(
        _ file: SnippetFile, on page: BookPage, before end: Int,
        after continued: BookPage? = nil, snippetFiles: [String: SnippetFile]
    )
        -> AssembledFile
    {
        // The pages the reader has typed from, in order: all of `continued`, then `page`
        // above `end`.
        let parts: [(page: BookPage, end: Int, origin: (Int) -> LineOrigin)] =
            (continued.map { [($0, Int.max, LineOrigin.continuedPage)] } ?? [])
            + [(page, end, LineOrigin.page)]
        let shown = Set(
            parts.flatMap { part in
                part.page.directives.filter { $0.index < part.end }
                    .compactMap { placed -> String? in
                        guard
                            case .include(file.path, let region) = placed
                                .directive
                        else { return nil }
                        return region
                    }
            })
        let regions = file.regions.values
        let dropped = regions.filter { region in
            !shown.contains(region.name)
                && !regions.contains {
                    $0.name != region.name && $0.startLine < region.startLine
                        && $0.endLine > region.endLine
                }
        }
        var assembled = AssembledFile()
        for (index, line) in file.lines.enumerated()
        where !dropped.contains(where: {
            ($0.startLine...$0.endLine).contains(index + 1)
        }) {
            assembled.append(line, from: .file(index + 1))
        }
        for (number, part) in parts.enumerated() {
            let later = parts.dropFirst(number + 1).first
            for placed in part.page.directives
            where placed.index < part.end
                && placed.directive == .temporary(path: file.path)
            {
                let start = assembled.lines.count
                assembled.append("", from: part.origin(placed.lineNumber))
                let block = lines(of: placed, on: part.page)
                for (offset, line) in block.enumerated() {
                    assembled.append(
                        line, from: part.origin(pageLine(offset, in: placed)))
                }
                /// The lines of the file that includes of `candidate` above `end` show (of
                /// those after the block on its own page).
                func shownLines(on candidate: BookPage, before end: Int)
                    -> [Int]
                {
                    candidate.directives.filter {
                        $0.index < end
                            && (candidate.path != part.page.path
                                || $0.index > placed.index)
                    }.flatMap { include -> [Int] in
                        guard
                            case .include(file.path, let name) = include
                                .directive
                        else { return [] }
                        return file.regions[name]?.sourceLines ?? []
                    }
                }
                // The lines shown above the checkpoint whose replacing listing is above it
                // too: a later listing of the block's page, else one of the page after it.
                let candidates =
                    shownLines(on: part.page, before: part.end)
                    + (later.map { shownLines(on: $0.page, before: $0.end) }
                        ?? [])
                let replacedAbove = Set(
                    candidates.filter { line in
                        if let own = listing(
                            showing: line, of: file.path, on: part.page,
                            snippetFiles: snippetFiles,
                            where: { $0.index > placed.index })
                        {
                            return own.placed.index < part.end
                        }
                        guard let later,
                            let next = listing(
                                showing: line, of: file.path, on: later.page,
                                snippetFiles: snippetFiles, where: { _ in true }
                            )
                        else { return false }
                        return next.placed.index < later.end
                    })
                assembled.temporaries.append(
                    AppendedTemporary(
                        block: ListingID(
                            path: part.page.path, line: placed.lineNumber),
                        lines: start..<assembled.lines.count,
                        declarations: declarations(in: block).map {
                            AppendedDeclaration(
                                checkedLine: blockStart(in: file) + $0.line,
                                lines: (start + 1 + $0.lines.lowerBound)..<(start
                                    + 1 + $0.lines.upperBound))
                        },
                        replacedAbove: replacedAbove))
            }
        }
        return assembled
    }

    /// The include of `page` that shows line `line` of `path` and that `isWanted` accepts, and
    /// the page line where it shows it; the smallest such region if several do.
    static func listing(
        showing line: Int, of path: String, on page: BookPage,
        snippetFiles: [String: SnippetFile],
        where isWanted: (PlacedDirective) -> Bool
    ) -> (placed: PlacedDirective, pageLine: Int)? {
        page.directives.compactMap {
            placed -> (placed: PlacedDirective, pageLine: Int, size: Int)? in
            guard case .include(path, let name) = placed.directive,
                isWanted(placed),
                let region = snippetFiles[path]?.regions[name],
                let offset = region.sourceLines.firstIndex(of: line)
            else { return nil }
            return (placed, pageLine(offset, in: placed), region.lines.count)
        }.min { $0.size < $1.size }.map { ($0.placed, $0.pageLine) }
    }

    /// The place that `message`, about the files `checkpoint` built, points at: a line of a
    /// temporary block, or of a listing that shows the line, above the checkpoint on `page`
    /// or anywhere on the page `page` continues.
    ///
    /// `replacementMessages` are the replacement checks' messages, which decide what the files
    /// as built left out.
    func pageLine(
        of message: CompilerMessage, at checkpoint: PlacedDirective,
        on page: BookPage, snippetFiles: [String: SnippetFile],
        replacementMessages: [ListingID: [CompilerMessage]]
    ) -> ListingID? {
        let id = ListingID(path: page.path, line: checkpoint.lineNumber)
        guard let path = message.file, let line = message.line,
            let request = checkpoints[id]
        else { return nil }
        let continued = continuedPages[page.path]
        var sourceLine = line
        if let assembled = request.files(replacedIn: replacementMessages)[path]
        {
            guard line <= assembled.origins.count else { return nil }
            switch assembled.origins[line - 1] {
            case .page(let pageLine):
                return ListingID(path: page.path, line: pageLine)
            case .continuedPage(let pageLine):
                return continued.map {
                    ListingID(path: $0.path, line: pageLine)
                }
            case .file(let fileLine): sourceLine = fileLine
            }
        }
        if let shown = Self.listing(
            showing: sourceLine, of: path, on: page, snippetFiles: snippetFiles,
            where: { $0.index < checkpoint.index })
        {
            return ListingID(path: page.path, line: shown.pageLine)
        }
        return continued.flatMap { continued in
            Self.listing(
                showing: sourceLine, of: path, on: continued,
                snippetFiles: snippetFiles, where: { _ in true }
            ).map { ListingID(path: continued.path, line: $0.pageLine) }
        }
    }

    /// What the replacement checks of a page's temporary blocks found.
    struct Replacements {
        /// The temporary declarations each include replaces, by the include's place.
        var replaced: [ListingID: [String]] = [:]
        /// The paths of the pages whose listings replace a temporary block's declarations, by
        /// the block's place.
        var replacingPages: [ListingID: Set<String>] = [:]
        /// The temporary declarations that no later listing replaces.
        var diagnostics: [BookDiagnostic] = []
    }

    /// What `page` needs of the replacement checks' `messages`: what they found of its own
    /// temporary blocks, and the declarations of the continued page's temporary blocks that
    /// its includes replace.
    func replacements(
        on page: BookPage, messages: [ListingID: [CompilerMessage]],
        snippetFiles: [String: SnippetFile]
    ) -> Replacements {
        var result = replacements(
            of: page, messages: messages, snippetFiles: snippetFiles)
        if let continued = continuedPages[page.path] {
            let earlier = replacements(
                of: continued, messages: messages, snippetFiles: snippetFiles
            ).replaced.filter { $0.key.path == page.path }
            result.replaced.merge(earlier) { own, earlier in earlier + own }
        }
        return result
    }

    /// What the replacement checks of `page`'s temporary blocks found in `messages`: the
    /// temporary declarations each include replaces, by the include's place (on `page`, or on
    /// the page that continues it, whose listings all come later), the pages of those
    /// includes, and the declarations that nothing later replaces.
    private func replacements(
        of page: BookPage, messages: [ListingID: [CompilerMessage]],
        snippetFiles: [String: SnippetFile]
    ) -> Replacements {
        var result = Replacements()
        let continuing = continuingPages[page.path]
        for temporary in page.directives {
            let id = ListingID(path: page.path, line: temporary.lineNumber)
            guard let request = replacements[id], let found = messages[id]
            else { continue }
            let block = Self.lines(of: temporary, on: page)
            for (declaration, lines) in Self.declarations(in: block) {
                let pageLine = Self.pageLine(declaration, in: temporary)
                func report(_ message: String) {
                    result.diagnostics.append(
                        BookDiagnostic(
                            path: page.path, line: pageLine, message: message))
                }
                guard
                    let (swiftcName, original) = Self.redeclaration(
                        at: request.blockStart + declaration, of: request.path,
                        in: found)
                else {
                    report(
                        "no declaration of the complete \(request.path) has this temporary "
                            + "declaration's signature, so no later listing replaces it; "
                            + "declare it exactly as the listing that replaces it does"
                    )
                    continue
                }
                let name = Self.fullName(
                    swiftcName,
                    declaredBy: Array(block[declaration..<lines.upperBound]))
                /// The place of the listing of `candidate` below the line with index
                /// `start` that shows the declaration replacing this one.
                func listing(on candidate: BookPage, after start: Int)
                    -> ListingID?
                {
                    original.flatMap {
                        Self.listing(
                            showing: $0, of: request.path, on: candidate,
                            snippetFiles: snippetFiles,
                            where: { $0.index > start })
                    }.map {
                        ListingID(
                            path: candidate.path, line: $0.placed.lineNumber)
                    }
                }
                // A later listing of the page, else any of the page that continues it.
                guard
                    let replacing = listing(on: page, after: temporary.index)
                        ?? continuing.flatMap({ listing(on: $0, after: -1) })
                else {
                    report(
                        "the declaration that replaces the temporary `\(name)` ("
                            + "\(request.path):\(original.map(String.init) ?? "?")) "
                            + "is shown by no later listing of this page"
                            + (continuing.map { " or of \($0.path)" } ?? ""))
                    continue
                }
                result.replaced[replacing, default: []].append(name)
                result.replacingPages[id, default: []].insert(replacing.path)
            }
        }
        return result
    }

    /// The temporary declaration on line `line` of `path` that a replacement check's
    /// `messages` report as an `invalid redeclaration`: its name, and the line of the
    /// declaration it clashes with, from the note `… previously declared here`.
    static func redeclaration(
        at line: Int, of path: String, in messages: [CompilerMessage]
    ) -> (name: String, original: Int?)? {
        let prefix = "invalid redeclaration of "
        guard
            let position = messages.firstIndex(where: {
                $0.isError && $0.file == path && $0.line == line
                    && $0.message.hasPrefix(prefix)
            })
        else { return nil }
        let name = messages[position].message.dropFirst(prefix.count)
            .trimmingCharacters(in: CharacterSet(charactersIn: "'\""))
        let original = messages[(position + 1)...].prefix {
            $0.severity == .note
        }.first {
            $0.file == path && $0.message.hasSuffix("previously declared here")
        }?.line
        return (name, original)
    }

    /// The name a reader knows for the declaration that begins `lines`, given swiftc's `name`.
    ///
    /// swiftc gives only the base name of a function none of whose parameters has an argument
    /// label (`request` for `request(_ more: Demand)`); the labels are then read from the
    /// declaration's parameter list, split at its top-level commas. An operator's parameters
    /// have no labels. Any other name is returned as it is.
    static func fullName(_ name: String, declaredBy lines: [String]) -> String {
        var inBlockComment = false
        let text = lines.map { code(of: $0, inBlockComment: &inBlockComment) }
            .joined(separator: " ")
        guard !name.contains("("),
            let keyword = text.firstMatch(of: /\bfunc\s+/),
            text[keyword.range.upperBound...].hasPrefix(name)
        else { return name }
        // The parameters' texts, once the list's `(` is found after any generic clause.
        var parameters: [String] = []
        var depth = 0
        var previous: Character = " "
        for character in text[keyword.range.upperBound...].dropFirst(name.count)
        {
            defer { previous = character }
            if ")]}".contains(character)
                || (character == ">" && previous != "-")
            {
                depth -= 1
                if depth == 0 && character == ")" && !parameters.isEmpty {
                    break
                }
            }
            if !parameters.isEmpty {
                if depth == 1 && character == "," {
                    parameters.append("")
                } else {
                    parameters[parameters.count - 1].append(character)
                }
            }
            if "([{<".contains(character) {
                if depth == 0 && character == "(" { parameters = [""] }
                depth += 1
            }
        }
        guard !parameters.isEmpty else { return name }
        let isOperator =
            !(name.first.map { $0.isLetter || "_`".contains($0) } ?? false)
        let labels = parameters.compactMap { parameter -> String? in
            let label = parameter.split { $0.isWhitespace || $0 == ":" }.first
            return label.map { isOperator ? "_" : $0.filter { $0 != "`" } }
        }
        return name + "(" + labels.map { $0 + ":" }.joined() + ")"
    }

    /// The indices of the lines of `block` that begin a declaration.
    static func declarationLines(in block: [String]) -> [Int] {
        declarations(in: block).map(\.line)
    }

    /// The declarations of `block`: the index of the line that begins each, and the indices of
    /// the lines it takes.
    ///
    /// A declaration is at the top level or directly inside a top-level extension. It is found
    /// by keywords and braces, outside comments and string literals, which is enough for the
    /// short stubs a temporary block holds. It takes the comment and attribute lines right
    /// above it, and runs to the line where its braces close; without braces, to the line
    /// before a blank line, a comment, another declaration, an extension or its scope's closing
    /// brace. The blank lines after it go with it.
    static func declarations(in block: [String]) -> [(
        line: Int, lines: Range<Int>
    )] {
        struct Line {
            var code: String
            var depth: Int
            var least: Int
            var most: Int
            var after: Int
            var starts: Bool
            var opensExtension: Bool
            var isBlank: Bool
            /// A comment or attribute line, which goes with the declaration below it.
            var leads: Bool {
                let trimmed = code.trimmedWhitespace
                return !isBlank && (trimmed.isEmpty || trimmed.hasPrefix("@"))
                    && !starts
            }
        }
        var depth = 0
        var inExtension = false
        var inBlockComment = false
        var info: [Line] = []
        for line in block {
            let code = Self.code(of: line, inBlockComment: &inBlockComment)
            let words = code.split {
                !($0.isLetter || $0.isNumber || "_@".contains($0))
            }
            let opensExtension =
                depth == 0 && words.first { !$0.hasPrefix("@") } == "extension"
            if depth == 0 { inExtension = opensExtension }
            var current = Line(
                code: code, depth: depth, least: depth, most: depth,
                after: depth,
                starts: (depth == 0 || (depth == 1 && inExtension))
                    && Self.startsDeclaration(words.map(String.init)),
                opensExtension: opensExtension, isBlank: line.isBlankLine)
            for character in code {
                if character == "{" { depth += 1 }
                if character == "}" { depth = max(0, depth - 1) }
                current.least = min(current.least, depth)
                current.most = max(current.most, depth)
            }
            current.after = depth
            info.append(current)
        }
        var found: [(line: Int, lines: Range<Int>)] = []
        for start in info.indices where info[start].starts {
            let level = info[start].depth
            var first = start
            while first > (found.last?.lines.upperBound ?? 0),
                info[first - 1].leads, info[first - 1].depth == level
            {
                first -= 1
            }
            var last = start
            while !(info[last].most > level && info[last].after <= level),
                last + 1 < info.count
            {
                let next = info[last + 1]
                if next.depth == level
                    && (next.isBlank || next.starts || next.opensExtension
                        || next.leads || next.least < level)
                {
                    break
                }
                last += 1
            }
            var end = last + 1
            while end < info.count, info[end].isBlank { end += 1 }
            found.append((start, first..<end))
        }
        return found
    }

    /// `line` without its comments and the contents of its string literals.
    private static func code(of line: String, inBlockComment: inout Bool)
        -> String
    {
        var result = ""
        var inString = false
        var previous: Character = " "
        for character in line {
            defer { previous = character }
            if inBlockComment {
                if previous == "*" && character == "/" {
                    inBlockComment = false
                }
            } else if inString {
                inString = character != "\"" || previous == "\\"
            } else if character == "/" && result.last == "/" {
                result.removeLast()
                break
            } else if character == "*" && result.last == "/" {
                result.removeLast()
                inBlockComment = true
            } else {
                inString = character == "\""
                result.append(character)
            }
        }
        return result
    }

    private static let declarationKeywords: Set<String> = [
        "func", "init", "subscript", "var", "let", "struct", "class", "enum",
        "actor", "protocol", "typealias",
    ]

    private static let modifiers: Set<String> = [
        "public", "private", "fileprivate", "internal", "package", "open",
        "static", "class", "final", "override", "mutating", "nonmutating",
        "convenience", "required", "lazy", "weak", "unowned", "nonisolated",
        "dynamic", "indirect", "optional", "set",
    ]

    /// Whether `words`, a line's words, are attributes and modifiers and then a declaration's
    /// keyword.
    private static func startsDeclaration(_ words: [String]) -> Bool {
        for (position, word) in words.enumerated() where !word.hasPrefix("@") {
            let next = position + 1 < words.count ? words[position + 1] : ""
            if declarationKeywords.contains(word)
                && !(word == "class" && declarationKeywords.contains(next))
            {
                return true
            }
            if !modifiers.contains(word) { return false }
        }
        return false
    }
}
