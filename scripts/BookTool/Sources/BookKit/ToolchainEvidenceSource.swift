import Foundation

/// Gathers evidence with the real toolchain.
struct ToolchainEvidenceSource: EvidenceSource {
    /// How long one chapter executable may run.
    var programTimeout: TimeInterval = 60

    /// Builds every library snapshot and chapter, compiles the listings and runs the products.
    func gather(_ request: EvidenceRequest, in layout: RepositoryLayout)
        -> Evidence
    {
        let workspace = FileManager.default.temporaryDirectory
            .appendingPathComponent("book-tool-\(UUID().uuidString)")
        InterruptCleanup.add(temporaryFile: workspace)
        defer {
            try? FileManager.default.removeItem(at: workspace)
            InterruptCleanup.remove(temporaryFile: workspace)
        }
        var evidence = Evidence(toolchainVersion: Self.toolchainVersion())
        let snapshots = SnapshotBuilder(layout: layout, workspace: workspace)
        let built = snapshots.buildAll()
        evidence.buildDiagnostics += built.diagnostics
        evidence.buildDiagnostics += snapshots.compileChapters(
            availableSnapshots: built.succeeded)
        evidence.listingMessages = snapshots.compileListings(
            request.listings, availableSnapshots: built.succeeded)
        // `swift build` would only repeat a library or chapter error already reported.
        guard evidence.buildDiagnostics.isEmpty else { return evidence }
        let runner = ProductRunner(layout: layout, timeout: programTimeout)
        let runs = runner.run(request.outputs, traced: request.traces)
        evidence.programRuns = runs.runs
        evidence.traces = runs.traces
        evidence.buildDiagnostics += runs.diagnostics
        return evidence
    }

    static func toolchainVersion() -> String {
        let result = ProcessRunner.run("swift", ["--version"])
        let lines = TextLines(result.standardOutput + result.standardError)
            .lines
        return lines.first { !$0.isBlankLine }?.trimmedWhitespace
            ?? "unknown Swift toolchain"
    }
}
