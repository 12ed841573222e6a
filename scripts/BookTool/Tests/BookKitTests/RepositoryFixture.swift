import Foundation

@testable import BookKit

/// A throwaway repository in a temporary directory, removed when the test is done with it.
final class RepositoryFixture {
    let root: URL

    /// Creates the repository with `files`, keyed by repository-relative path.
    init(_ files: [String: String]) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "book-kit-tests-\(UUID().uuidString)")
        for (path, contents) in files {
            try write(contents, to: path)
        }
    }

    deinit {
        try? FileManager.default.removeItem(at: root)
    }

    func write(_ contents: String, to path: String) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(contents.utf8).write(to: url)
    }

    func contents(of path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// Runs `check` with `evidence` standing in for the toolchain; the fixture lives until it returns.
    func check(_ evidence: Evidence) -> BookReport {
        BookSession(root: root, evidenceSource: FixedEvidence(evidence: evidence)).check()
    }

    /// Runs `sync` with `evidence` standing in for the toolchain; the fixture lives until it returns.
    func sync(_ evidence: Evidence) -> BookReport {
        BookSession(root: root, evidenceSource: FixedEvidence(evidence: evidence)).sync()
    }
}

/// Answers every request with the same evidence, without running anything.
struct FixedEvidence: EvidenceSource {
    var evidence: Evidence

    func gather(_ request: EvidenceRequest, in layout: RepositoryLayout) -> Evidence {
        evidence
    }
}
