import Foundation

@testable import BookKit

/// A throwaway repository in a temporary directory, removed when the test is done with it.
final class RepositoryFixture {
    let root: URL

    /// The book's one `toolchain` block, which every book needs.
    static let toolchainPage =
        "<!-- toolchain -->\n```text\nSwift version 6.3.1\n```\n"

    /// Creates the repository with `files`, keyed by repository-relative path, and a
    /// `book/README.md` holding the toolchain block and a contents line linking every page,
    /// unless `files` has a README.
    init(_ files: [String: String]) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "book-kit-tests-\(UUID().uuidString)")
        for (path, contents) in files {
            try write(contents, to: path)
        }
        if files["book/README.md"] == nil {
            try write(
                Self.toolchainPage + Self.contents(of: Array(files.keys)),
                to: "book/README.md")
        }
    }

    /// A contents line linking each page among `paths`.
    static func contents(of paths: [String]) -> String {
        let pages = paths.filter {
            $0.hasPrefix("book/") && $0.hasSuffix(".md")
        }.sorted()
        return pages.isEmpty
            ? ""
            : "\nContents: "
                + pages.map { "[page](\($0.dropFirst(5)))" }.joined(
                    separator: ", ")
                + ".\n"
    }

    deinit {
        try? FileManager.default.removeItem(at: root)
    }

    func write(_ contents: String, to path: String) throws {
        try write(Data(contents.utf8), to: path)
    }

    func write(_ data: Data, to path: String) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(),
            withIntermediateDirectories: true)
        try data.write(to: url)
    }

    /// The names in the repository folder `path`, sorted, hidden files included.
    func listing(of path: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(
            atPath: root.appendingPathComponent(path).path
        ).sorted()
    }

    func contents(of path: String) throws -> String {
        try String(
            contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// Runs `check` with `evidence` standing in for the toolchain; the fixture lives until it returns.
    func check(_ evidence: Evidence) -> BookReport {
        BookSession(
            root: root, evidenceSource: FixedEvidence(evidence: evidence)
        ).check()
    }

    /// Runs `sync` with `evidence` standing in for the toolchain; the fixture lives until it returns.
    func sync(
        _ evidence: Evidence, writer: AtomicFileWriter = AtomicFileWriter()
    ) -> BookReport {
        BookSession(
            root: root, evidenceSource: FixedEvidence(evidence: evidence)
        ).sync(
            writer: writer)
    }
}

/// Answers every request with the same evidence, without running anything.
struct FixedEvidence: EvidenceSource {
    var evidence: Evidence

    func gather(_ request: EvidenceRequest, in layout: RepositoryLayout)
        -> Evidence
    {
        evidence
    }
}

/// A chapter 1 that builds `Box.swift` in listings and stubs what is still missing, in pieces:
/// the fixture that the checkpoint and replaced-stub tests share.
enum CheckpointFixture {
    static let pagePath = "book/01-protocols.md"
    static let boxPath = "Sources/MiniCombine/01-Protocols/Box.swift"
    static let mainPath = "Chapters/01-Protocols/main.swift"

    /// The class `Box`, Box.swift's region `box`.
    static let boxClass = "public final class Box {\n    public init() {}\n}\n"

    /// Box.swift's lines outside regions and in region `box`.
    static let boxHead = "import Foundation\n\n" + region("box", boxClass)

    /// The page's first listing: Box.swift's region `box`.
    static let boxListing = include(boxPath, "box", boxClass, adds: false)

    /// Box.swift: `boxHead`, then for each of `methods`, after a blank line, a region
    /// `box-NAME` with the extension `method(NAME)`.
    static func box(_ methods: String...) -> String {
        boxHead
            + methods.map { "\n" + region("box-\($0)", method($0)) }.joined()
    }

    /// An extension of `Box` whose method `name()` returns `value` (by default its name).
    static func method(_ name: String, returning value: String? = nil)
        -> String
    {
        "extension Box {\n    public func \(name)() -> String { \"\(value ?? name)\" }\n}\n"
    }

    /// A chapter program: `import MiniCombine`, then each region (a name and its lines)
    /// after a blank line.
    static func main(_ regions: (name: String, code: String)...) -> String {
        "import MiniCombine\n"
            + regions.map { "\n" + region($0.name, $0.code) }.joined()
    }

    /// `code` (whole lines) as the region `name` of a Swift file.
    static func region(_ name: String, _ code: String) -> String {
        "// snippet.\(name)\n\(code)// snippet.end\n"
    }

    /// The page as `sync` leaves it: its title and navigation line, `blocks` each followed by
    /// a blank line, and the navigation line again.
    static func page(_ blocks: [String]) -> String {
        "# Chapter 1: Protocols\n\n[Contents](README.md)\n\n"
            + blocks.map { $0 + "\n" }.joined() + "[Contents](README.md)\n"
    }

    /// An include of region `region` of `path` showing `code`, under the caption `sync`
    /// writes: `*PATH*` for the file's first listing, else `*Adds to PATH*`, and then
    /// `, replacing the temporary `NAME`` for each of `replacing`.
    static func include(
        _ path: String, _ region: String, _ code: String, adds: Bool = true,
        replacing: String? = nil
    ) -> String {
        "*\(adds ? "Adds to " : "")\(path)"
            + (replacing.map { ", replacing the temporary `\($0)`" } ?? "")
            + "*\n\n<!-- include: \(path)#\(region) -->\n```swift\n\(code)```\n"
    }

    /// A temporary block adding `code` to `path`, under its caption.
    static func temporary(_ code: String, to path: String = boxPath) -> String {
        "*For now, add to \(path); a later listing replaces it*\n\n"
            + "<!-- temporary: \(path) -->\n```swift\n\(code)```\n"
    }

    /// A checkpoint of 01-protocols that records `output` (or, with `part`, only that part
    /// of what it prints), under its caption.
    static func checkpoint(_ output: String, part: Int? = nil) -> String {
        let caption =
            part.map { "Part \($0) of the output" } ?? "Output"
        return "*\(caption) of `swift run 01-protocols` at this point*\n\n"
            + "<!-- checkpoint: 01-protocols\(part.map { "#\($0)" } ?? "") -->\n"
            + "```text\n\(output)```\n"
    }

    /// The output block of 01-protocols recording `output`, under its caption.
    static func output(_ output: String) -> String {
        "*Output of `swift run 01-protocols`*\n\n"
            + "<!-- output: 01-protocols -->\n```text\n\(output)```\n"
    }

    /// The 1-based line of the `n`th line of `page` that contains `text`; 0 if none does.
    static func line(of text: String, _ n: Int = 1, in page: String) -> Int {
        let lines = TextLines(page).lines
        let found = lines.indices.filter { lines[$0].contains(text) }
        return found.count < n ? 0 : found[n - 1] + 1
    }

    /// The place of the `n`th line of `page` that contains `text`.
    static func id(_ text: String, _ n: Int = 1, in page: String) -> ListingID {
        ListingID(path: pagePath, line: line(of: text, n, in: page))
    }

    /// swiftc's messages on a replacement check of Box.swift whose stub on line `stub`
    /// redeclares `name`, declared first on line `original`.
    static func redeclaration(
        of name: String, at stub: Int, original: Int
    ) -> [CompilerMessage] {
        [
            CompilerMessage(
                file: boxPath, line: stub, column: 17, severity: .error,
                message: "invalid redeclaration of '\(name)'"),
            CompilerMessage(
                file: boxPath, line: original, column: 17, severity: .note,
                message: "'\(name)' previously declared here"),
        ]
    }

    /// What the toolchain says of each of `pages`: 01-protocols prints `run`, its `n`th
    /// checkpoint ends as `checkpoints[n - 1]`, and the replacement check of its first
    /// temporary block gives `replacement`.
    static func evidence(
        for pages: [String], run: String, checkpoints: [CheckpointOutcome],
        replacement: [CompilerMessage]
    ) -> Evidence {
        var evidence = Evidence(toolchainVersion: "Swift version 6.3.1")
        evidence.programRuns["01-protocols"] = .success(run)
        for page in pages {
            for (n, outcome) in zip(1..., checkpoints) {
                evidence.checkpoints[id("<!-- checkpoint:", n, in: page)] =
                    outcome
            }
            evidence.replacementMessages[id("<!-- temporary:", in: page)] =
                replacement
        }
        return evidence
    }

    /// The repository of `files` with `page` as the chapter's page.
    static func repository(_ files: [String: String], page: String) throws
        -> RepositoryFixture
    {
        var files = files
        files[pagePath] = page
        return try RepositoryFixture(files)
    }

    /// The checkpoints and temporary blocks of the chapter's page in `repository`.
    static func plan(in repository: RepositoryFixture) throws -> CheckpointPlan
    {
        let layout = RepositoryLayout(root: repository.root)
        return CheckpointPlan(
            pages: [
                BookPage(
                    path: pagePath,
                    contents: try repository.contents(of: pagePath))
            ],
            layout: layout,
            snippetFiles: try layout.markedSwiftFiles.reduce(into: [:]) {
                $0[$1] = SnippetFile(
                    path: $1, text: try repository.contents(of: $1))
            })
    }

    /// What the real toolchain says of the checkpoints and temporary blocks in `repository`.
    static func toolchainEvidence(in repository: RepositoryFixture) throws
        -> Evidence
    {
        let plan = try plan(in: repository)
        var request = EvidenceRequest()
        request.checkpoints = Array(plan.checkpoints.values)
        request.replacements = Array(plan.replacements.values)
        return ToolchainEvidenceSource().gather(
            request, in: RepositoryLayout(root: repository.root))
    }
}
