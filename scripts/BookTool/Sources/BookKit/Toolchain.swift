import Foundation

/// Where a directive is: its page and 1-based line.
struct ListingID: Hashable, Sendable {
    var path: String
    var line: Int
}

/// A listing to compile against the library of `chapter` (`nil`: the whole library).
struct ListingRequest: Hashable, Sendable {
    var id: ListingID
    var source: String
    var chapter: Int?
}

struct OutputRequest: Hashable, Sendable {
    var product: String
    var id: ListingID
}

/// Everything the book asks the toolchain to do; `traces` are run again with `BOOK_TRACE` set.
struct EvidenceRequest: Sendable {
    var listings: [ListingRequest] = []
    var outputs: [OutputRequest] = []
    var traces: [OutputRequest] = []
    var checkpoints: [CheckpointRequest] = []
    var replacements: [ReplacementRequest] = []
}

struct RunFailure: Error, Hashable, Sendable {
    var reason: String
    init(_ reason: String) { self.reason = reason }
}

typealias ProgramRun = Result<String, RunFailure>

/// The toolchain's answers; a product not run, since something failed before it, has no run.
struct Evidence: Sendable {
    var toolchainVersion: String
    var listingMessages: [ListingID: [CompilerMessage]] = [:]
    var programRuns: [String: ProgramRun] = [:]
    var traces: [String: ProgramTrace] = [:]
    /// What each checkpoint built and printed, by the checkpoint's place.
    var checkpoints: [ListingID: CheckpointOutcome] = [:]
    /// The compiler's messages on each temporary block appended to its complete file, by the
    /// block's place; file paths relative to the repository.
    var replacementMessages: [ListingID: [CompilerMessage]] = [:]
    /// Library snapshots or chapters that do not build, and failed `swift build`s.
    var buildDiagnostics: [BookDiagnostic] = []
}

/// Answers an `EvidenceRequest`: the real toolchain, or a stand-in in tests.
protocol EvidenceSource {
    func gather(_ request: EvidenceRequest, in layout: RepositoryLayout)
        -> Evidence
}

/// Gathers evidence with the real toolchain: builds the library "as it stands at the end of
/// chapter N" (folders 01…N) into a module per N, compiles chapters and listings against them,
/// then builds the package and runs the chapter programs.
struct ToolchainEvidenceSource: EvidenceSource, Sendable {
    var programTimeout: TimeInterval = 60

    func gather(_ request: EvidenceRequest, in layout: RepositoryLayout)
        -> Evidence
    {
        let workspace = InterruptCleanup.temporaryItem("book-tool")
        defer { InterruptCleanup.discard(workspace) }
        let toolchain = Toolchain(
            layout: layout, workspace: workspace, timeout: programTimeout)
        var evidence = Evidence(toolchainVersion: Self.toolchainVersion())
        let built = toolchain.buildSnapshots()
        evidence.buildDiagnostics =
            built.diagnostics + toolchain.compileChapters(built.succeeded)
        evidence.listingMessages = toolchain.compile(
            request.listings, built.succeeded)
        (evidence.checkpoints, evidence.replacementMessages) =
            toolchain.checkCheckpoints(request, built.succeeded)
        // `swift build` would only repeat a library or chapter error already reported.
        if evidence.buildDiagnostics.isEmpty {
            toolchain.runProducts(request, into: &evidence)
        }
        return evidence
    }

    static func toolchainVersion() -> String {
        let result = ProcessRunner.run("swift", ["--version"])
        return TextLines(result.standardOutput + result.standardError).lines
            .first { !$0.isBlankLine }?.trimmedWhitespace
            ?? "unknown Swift toolchain"
    }
}

private struct Toolchain: Sendable {
    let layout: RepositoryLayout
    let workspace: URL
    let timeout: TimeInterval

    func moduleDirectory(_ number: Int) -> URL {
        workspace.appendingPathComponent("snapshots/\(number)")
    }

    /// Runs `swiftc` with the book's language mode and its messages in a parseable style.
    func swiftc(_ arguments: [String], in directory: URL? = nil)
        -> (result: ProcessResult, messages: [CompilerMessage])
    {
        let result = ProcessRunner.run(
            "swiftc",
            ["-swift-version", "6", "-diagnostic-style", "llvm"] + arguments,
            in: directory)
        return (
            result,
            CompilerMessage.parse(result.standardError + result.standardOutput)
        )
    }

    /// Chapters and listings go through SIL, so that its diagnostics (a constant used before it
    /// is set, a missing return, a data race) count too; `-o /dev/null` skips code generation.
    func checkArguments(chapter: Int?) -> [String] {
        ["-emit-sil", "-o", "/dev/null", "-wmo"] + importing(chapter)
    }

    /// The arguments that let code import the library snapshot of `chapter`, if there is one.
    func importing(_ chapter: Int?) -> [String] {
        snapshot(chapter).map { ["-I", moduleDirectory($0).path] } ?? []
    }

    /// The arguments that name chapter `number`'s program module.
    func chapterModule(_ number: Int) -> [String] {
        ["-module-name", "Chapter\(twoDigits(number))"]
    }

    /// The highest library folder number not above `chapter`; the highest of all for `nil`.
    func snapshot(_ chapter: Int?) -> Int? {
        layout.libraryFolders.map(\.number).filter { $0 <= chapter ?? .max }
            .max()
    }

    func canCompile(_ chapter: Int?, _ built: Set<Int>) -> Bool {
        snapshot(chapter).map(built.contains) ?? true
    }

    /// A `MiniCombine` module for every library folder number; a warning fails it too.
    func buildSnapshots() -> (
        succeeded: Set<Int>, diagnostics: [BookDiagnostic]
    ) {
        let results = concurrentMap(layout.libraryFolders.map(\.number)) {
            number in
            let folders = layout.libraryFolders.filter { $0.number <= number }
            let run = buildLibrary(
                folders.flatMap(\.swiftFiles).map { layout.url(for: $0).path },
                in: moduleDirectory(number))
            return (
                number,
                diagnostics(
                    run, chapter: number,
                    fallback: folders.last.map {
                        $0.swiftFiles.first ?? $0.path
                    }
                        ?? "Sources/MiniCombine")
            )
        }
        var succeeded: Set<Int> = []
        var reported: Set<String> = []
        var all: [BookDiagnostic] = []
        for (number, found) in results {
            if found.isEmpty { succeeded.insert(number) }
            // An error in folder 01 breaks every later snapshot too; report it at the first.
            let lead = prefix(number)
            all += found.filter {
                reported.insert(
                    "\($0.path):\($0.line):\($0.message.dropFirst(lead.count))"
                ).inserted
            }
        }
        return (succeeded, all)
    }

    /// Compiles `files` into a `MiniCombine` module in `directory`.
    ///
    /// When `linkable`, it also makes the static library `libMiniCombine.a` beside it, for a
    /// program to link. One frontend compiles the whole module (`-wmo`), several times faster
    /// than one per file.
    func buildLibrary(
        _ files: [String], in directory: URL, linkable: Bool = false
    )
        -> (result: ProcessResult, messages: [CompilerMessage])
    {
        try? FileManager.default.createDirectory(
            at: directory, withIntermediateDirectories: true)
        let module = directory.appendingPathComponent("MiniCombine.swiftmodule")
        let library = directory.appendingPathComponent("libMiniCombine.a")
        return swiftc(
            [
                "-wmo", "-emit-module", "-module-name", "MiniCombine",
                "-parse-as-library", "-emit-module-path", module.path,
            ]
                + (linkable
                    ? ["-emit-library", "-static", "-o", library.path] : [])
                + files,
            in: directory)
    }

    /// Writes `text` to `url`, making its folder first; a failure shows as the compiler's
    /// missing file.
    func write(_ text: String, to url: URL) {
        try? FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(),
            withIntermediateDirectories: true)
        try? Data(text.utf8).write(to: url)
    }

    /// Writes the files `texts` holds, by repository path, under `folder`; returns every one of
    /// `files` as the path to compile, and turns the paths in compiler messages back into
    /// repository paths.
    func stage(
        _ files: [String], replacing texts: [String: String], under folder: URL
    )
        -> (paths: [String], relative: ([CompilerMessage]) -> [CompilerMessage])
    {
        let paths = files.map { file in
            guard let text = texts[file] else {
                return layout.url(for: file).path
            }
            let url = folder.appendingPathComponent(file)
            write(text, to: url)
            return url.path
        }
        let prefix = folder.path + "/"
        return (
            paths,
            { messages in
                messages.map { message in
                    var message = message
                    message.file = message.file.map {
                        $0.hasPrefix(prefix)
                            ? String($0.dropFirst(prefix.count))
                            : layout.relativePath($0)
                    }
                    return message
                }
            }
        )
    }

    /// Builds each checkpoint's files and runs its program, and type-checks each temporary
    /// block in its complete file.
    ///
    /// As many run at once as can, since each takes a core for a while. A checkpoint below a
    /// listing that may replace a temporary declaration waits for the replacement checks,
    /// which decide what its files leave out.
    func checkCheckpoints(_ request: EvidenceRequest, _ built: Set<Int>)
        -> (
            checkpoints: [ListingID: CheckpointOutcome],
            replacementMessages: [ListingID: [CompilerMessage]]
        )
    {
        var found:
            (
                checkpoints: [ListingID: CheckpointOutcome],
                replacementMessages: [ListingID: [CompilerMessage]]
            ) = ([:], [:])
        let checkpoints = request.checkpoints.filter {
            canCompile($0.chapter, built)
        }
        func builds(_ checkpoints: [CheckpointRequest]) -> [CheckpointJob] {
            checkpoints.map {
                .build(
                    $0,
                    files: $0.files(replacedIn: found.replacementMessages)
                        .mapValues(\.text))
            }
        }
        func run(_ jobs: [CheckpointJob], from start: Int) {
            let results = concurrentMap(Array(jobs.enumerated())) {
                offset, job -> CheckpointJobResult in
                let directory = workspace.appendingPathComponent(
                    "checkpoints/\(start + offset)")
                return switch job {
                case .build(let checkpoint, let files):
                    .built(
                        checkpoint.id,
                        build(checkpoint, files: files, in: directory))
                case .check(let replacement):
                    .checked(replacement.id, check(replacement, in: directory))
                }
            }
            for result in results {
                switch result {
                case .built(let id, let outcome):
                    found.checkpoints[id] = outcome
                case .checked(let id, let messages):
                    found.replacementMessages[id] = messages
                }
            }
        }
        let first =
            builds(checkpoints.filter { !$0.awaitsReplacementChecks })
            + request.replacements.filter { canCompile($0.chapter, built) }.map
        {
            CheckpointJob.check($0)
        }
        run(first, from: 0)
        // These files depend on the replacement checks just run.
        run(
            builds(checkpoints.filter(\.awaitsReplacementChecks)),
            from: first.count)
        return found
    }

    private enum CheckpointJob: Sendable {
        /// A checkpoint, and the texts of its assembled files by path.
        case build(CheckpointRequest, files: [String: String])
        case check(ReplacementRequest)
    }

    private enum CheckpointJobResult: Sendable {
        case built(ListingID, CheckpointOutcome)
        case checked(ListingID, [CompilerMessage])
    }

    /// Builds a checkpoint's files as the reader has them, `files` in place of the repository's
    /// texts, in `directory`: a static `MiniCombine`, then the chapter program against it (a
    /// warning fails either); then runs the program.
    func build(
        _ checkpoint: CheckpointRequest, files: [String: String],
        in directory: URL
    )
        -> CheckpointOutcome
    {
        let staged = stage(
            checkpoint.libraryFiles + checkpoint.programFiles,
            replacing: files,
            under: directory.appendingPathComponent("files"))
        let library = Array(staged.paths.prefix(checkpoint.libraryFiles.count))
        let program = directory.appendingPathComponent(checkpoint.product)
        let steps = [
            { buildLibrary(library, in: directory, linkable: true) },
            {
                swiftc(
                    chapterModule(checkpoint.chapter) + [
                        "-I", directory.path, "-L", directory.path,
                        "-lMiniCombine", "-o", program.path,
                    ] + staged.paths.dropFirst(library.count),
                    in: directory)
            },
        ]
        for step in steps {
            let run = step()
            let messages = staged.relative(
                CompilerMessage.explained(
                    run.messages.filter(\.failsBuild), run.result))
            if !messages.isEmpty { return .failedToBuild(messages) }
        }
        return .ran(run(checkpoint.product, executable: program))
    }

    /// Type-checks a temporary block appended to its complete file, with the other files of
    /// its library snapshot or chapter, for the replacement check.
    func check(_ replacement: ReplacementRequest, in directory: URL)
        -> [CompilerMessage]
    {
        let staged = stage(
            replacement.files,
            replacing: [replacement.path: replacement.text], under: directory)
        let module =
            replacement.isLibrary
            ? ["-module-name", "MiniCombine", "-parse-as-library"]
            : chapterModule(replacement.chapter)
                + importing(replacement.chapter)
        let run = swiftc(["-typecheck", "-wmo"] + module + staged.paths)
        return staged.relative(run.messages)
    }

    func compileChapters(_ built: Set<Int>) -> [BookDiagnostic] {
        let chapters = layout.chapterFolders.filter {
            canCompile($0.number, built)
        }
        return concurrentMap(chapters) { chapter in
            let run = swiftc(
                checkArguments(chapter: chapter.number)
                    + chapterModule(chapter.number)
                    + chapter.swiftFiles.map { layout.url(for: $0).path })
            return diagnostics(
                run, chapter: chapter.number,
                fallback: chapter.swiftFiles.first ?? chapter.path)
        }.flatMap { $0 }
    }

    /// Compiles each listing as a lone `main.swift` with `MiniCombine` imported implicitly.
    func compile(_ listings: [ListingRequest], _ built: Set<Int>)
        -> [ListingID: [CompilerMessage]]
    {
        let compilable = listings.enumerated().filter {
            canCompile($0.element.chapter, built)
        }
        let results = concurrentMap(compilable) { position, listing in
            let directory = workspace.appendingPathComponent(
                "listings/\(position)")
            let file = directory.appendingPathComponent("main.swift")
            write(listing.source, to: file)
            let imports =
                snapshot(listing.chapter) == nil
                ? []
                : ["-Xfrontend", "-import-module", "-Xfrontend", "MiniCombine"]
            let run = swiftc(
                checkArguments(chapter: listing.chapter) + imports + [
                    file.path
                ],
                in: directory)
            let messages = run.messages.filter {
                $0.file == nil || $0.file == file.path
                    || $0.file == "main.swift"
            }
            return (listing.id, CompilerMessage.explained(messages, run.result))
        }
        return Dictionary(uniqueKeysWithValues: results)
    }

    private func diagnostics(
        _ run: (result: ProcessResult, messages: [CompilerMessage]),
        chapter: Int, fallback: String
    ) -> [BookDiagnostic] {
        let lead = prefix(chapter)
        var messages = CompilerMessage.explained(
            run.messages.filter(\.failsBuild), run.result)
        // "emit-module command failed" and the like only repeat the errors that have a place.
        if messages.contains(where: { $0.file != nil }) {
            messages.removeAll { $0.file == nil }
        }
        return messages.map { message in
            BookDiagnostic(
                path: message.file.map(layout.relativePath) ?? fallback,
                line: message.line ?? 1,
                message: lead + (message.isError ? "" : "warning: ")
                    + message.message)
        }
    }

    private func prefix(_ chapter: Int) -> String {
        let folders =
            snapshot(chapter).map {
                "library folders \(twoDigits(layout.libraryFolders[0].number))…\(twoDigits($0))"
            } ?? "no library folders"
        return "chapter \(chapter) does not build with \(folders) alone: "
    }

    /// Builds the package as `scripts/test` does, so neither rebuilds the other's work, then runs
    /// the products the book records or draws.
    func runProducts(_ request: EvidenceRequest, into evidence: inout Evidence)
    {
        guard let first = (request.outputs + request.traces).first else {
            return
        }
        let arguments = [
            "build", "--package-path", layout.root.path, "-Xswiftc",
            "-warnings-as-errors",
        ]
        let build = ProcessRunner.run("swift", arguments, in: layout.root)
        guard build.succeeded else {
            let errors = TextLines(build.standardOutput + build.standardError)
                .lines.filter { $0.contains("error:") }.uniqued().prefix(10)
            let summary =
                errors.isEmpty
                ? build.failureReason(program: "swift build")
                : errors.joined(separator: "\n  ")
            evidence.buildDiagnostics.append(
                BookDiagnostic(
                    path: first.id.path, line: first.id.line,
                    message:
                        "swift build failed, so no output was checked:\n  \(summary)"
                ))
            return
        }
        let bin = URL(
            fileURLWithPath: ProcessRunner.run(
                "swift", arguments + ["--show-bin-path"], in: layout.root
            ).standardOutput.trimmingCharacters(in: .whitespacesAndNewlines))
        let runs = concurrentMap(request.outputs.map(\.product).uniqued()) {
            ($0, run($0, executable: bin.appendingPathComponent($0)))
        }
        let traces = concurrentMap(request.traces.map(\.product).uniqued()) {
            product in
            let file = InterruptCleanup.temporaryItem(
                "book-trace", pathExtension: "jsonl")
            defer { InterruptCleanup.discard(file) }
            let traced = run(
                product, executable: bin.appendingPathComponent(product),
                environment: [ProgramTrace.environmentVariable: file.path])
            if case .failure(let failure) = traced {
                return (product, ProgramTrace.failure(failure))
            }
            guard let data = try? Data(contentsOf: file) else {
                return (
                    product,
                    .failure(
                        RunFailure(
                            "\(product) wrote no trace; it must write JSON lines to the file "
                                + "named by \(ProgramTrace.environmentVariable)"
                        ))
                )
            }
            return (
                product,
                ProgramTrace(
                    jsonLines: String(decoding: data, as: UTF8.self),
                    product: product)
            )
        }
        evidence.programRuns = Dictionary(uniqueKeysWithValues: runs)
        evidence.traces = Dictionary(uniqueKeysWithValues: traces)
    }

    /// Runs `executable`, chapter program `product`, from the repository's root; it fails if
    /// it exits non-zero, writes to standard error or outlasts the timeout.
    private func run(
        _ product: String, executable: URL, environment: [String: String] = [:]
    ) -> ProgramRun {
        guard FileManager.default.isExecutableFile(atPath: executable.path)
        else {
            return .failure(
                RunFailure(
                    "there is no executable '\(product)' in "
                        + "\(executable.deletingLastPathComponent().path); "
                        + "is it a product in Package.swift?"))
        }
        let result = ProcessRunner.run(
            executable.path, [], in: layout.root, timeout: timeout,
            environment: environment)
        let errors = TextLines(result.standardError).lines.prefix(10)
        let quoted =
            errors.isEmpty ? "" : ":\n  " + errors.joined(separator: "\n  ")
        if result.timedOut {
            return .failure(
                RunFailure(
                    "\(product) did not finish within \(Int(timeout)) seconds"))
        } else if result.exitStatus != 0 {
            return .failure(
                RunFailure(
                    "\(product) exited with status \(result.exitStatus)\(quoted)"
                ))
        } else if !errors.isEmpty {
            return .failure(
                RunFailure("\(product) wrote to standard error\(quoted)"))
        }
        return .success(result.standardOutput)
    }
}

/// One diagnostic line from `swiftc -diagnostic-style llvm`, such as `main.swift:3:8: error: …`.
struct CompilerMessage: Hashable, Sendable {
    enum Severity: String, Hashable, Sendable {
        case error, warning, note, remark
    }

    var file: String?
    var line: Int?
    var column: Int?
    var severity: Severity
    var message: String

    /// The form recorded under a `fails` listing: `LINE:COL: error: MESSAGE`.
    var recordedForm: String {
        "\(line ?? 0):\(column ?? 0): \(severity.rawValue): \(message)"
    }

    var isError: Bool { severity == .error }
    var failsBuild: Bool { severity == .error || severity == .warning }

    /// `messages` from a run of swiftc that ended as `result`, and, when swiftc failed
    /// without an error among them, an error that says how it failed.
    static func explained(
        _ messages: [CompilerMessage], _ result: ProcessResult
    )
        -> [CompilerMessage]
    {
        guard !result.succeeded && !messages.contains(where: \.isError) else {
            return messages
        }
        return messages + [
            CompilerMessage(
                severity: .error,
                message: result.failureReason(program: "swiftc"))
        ]
    }

    static func parse(_ output: String) -> [CompilerMessage] {
        TextLines(output).lines.compactMap(parseLine)
    }

    /// `FILE:LINE:COL: SEVERITY: MESSAGE` (or `FILE:LINE: …`, as in `<unknown>:0: error: …`),
    /// or a line starting with `error: ` or `warning: `.
    static func parseLine(_ line: String) -> CompilerMessage? {
        for severity in [Severity.error, .warning]
        where line.hasPrefix("\(severity.rawValue): ") {
            return CompilerMessage(
                severity: severity,
                message: String(line.dropFirst(severity.rawValue.count + 2)))
        }
        // The file starts the line, so an echoed `print("x.swift:1:2: error: y")` is no match.
        let pattern =
            /([^\s"][^"]*?):(\d+)(?::(\d+))?: (error|warning|note|remark): (.*)/
        guard let match = line.wholeMatch(of: pattern),
            let severity = Severity(rawValue: String(match.4))
        else { return nil }
        var message = CompilerMessage(
            severity: severity, message: String(match.5))
        if match.1 != "<unknown>", let number = Int(match.2), number > 0 {
            message.file = String(match.1)
            message.line = number
            message.column = match.3.flatMap { Int($0) }
        }
        return message
    }
}

/// One event a chapter program wrote to its trace: a call between two objects (`from`, `to`,
/// `call`, and the demand it `returns`), or a value or `end` seen on a marble `lane`.
struct TraceEvent: Decodable, Hashable, Sendable {
    var pipeline: Int
    var kind: String
    var from: String?
    var to: String?
    var call: String?
    var returns: String?
    var lane: String?
    var value: String?
    var end: String?
}

typealias ProgramTrace = Result<[TraceEvent], RunFailure>

extension ProgramTrace {
    static var environmentVariable: String { "BOOK_TRACE" }

    /// Parses the JSON lines a program wrote; a bad line fails the whole trace.
    init(jsonLines text: String, product: String) {
        var events: [TraceEvent] = []
        for (number, line) in TextLines(text).lines.enumerated()
        where !line.isBlankLine {
            guard
                let event = try? JSONDecoder().decode(
                    TraceEvent.self, from: Data(line.utf8))
            else {
                self = .failure(
                    RunFailure(
                        "line \(number + 1) of \(product)'s trace is not an event: \(line)"
                    ))
                return
            }
            events.append(event)
        }
        self = .success(events)
    }
}
