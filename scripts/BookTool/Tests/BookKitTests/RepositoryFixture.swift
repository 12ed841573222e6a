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
