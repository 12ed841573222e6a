import Foundation

/// Builds the repository's package once and runs chapter executables to record their output.
struct ProductRunner {
    let layout: RepositoryLayout
    let timeout: TimeInterval

    /// `swift build` arguments for the book's package, the same as `scripts/test` builds with so
    /// that one build serves both and neither recompiles what the other built.
    var buildArguments: [String] {
        [
            "build", "--package-path", layout.root.path, "-Xswiftc",
            "-warnings-as-errors",
        ]
    }

    /// The result of each requested product, the trace of each product in `traced`, and a
    /// diagnostic if the package does not build.
    func run(_ requests: [OutputRequest], traced: [OutputRequest] = []) -> (
        runs: [String: ProgramRun], traces: [String: ProgramTrace],
        diagnostics: [BookDiagnostic]
    ) {
        guard let first = requests.first ?? traced.first else {
            return ([:], [:], [])
        }
        let products = requests.map(\.product).uniqued()
        let tracedProducts = traced.map(\.product).uniqued()
        let build = ProcessRunner.run("swift", buildArguments, in: layout.root)
        guard build.succeeded else {
            let errors = TextLines(build.standardOutput + build.standardError)
                .lines
                .filter { $0.contains("error:") }
                .uniqued()
                .prefix(10)
            let summary =
                errors.isEmpty
                ? build.failureReason(program: "swift build")
                : errors.joined(separator: "\n  ")
            let diagnostic = BookDiagnostic(
                path: first.id.path, line: first.id.line,
                message:
                    "swift build failed, so no output was checked:\n  \(summary)"
            )
            return ([:], [:], [diagnostic])
        }
        let binPath = ProcessRunner.run(
            "swift", buildArguments + ["--show-bin-path"], in: layout.root
        )
        .standardOutput.trimmedWhitespace.trimmingCharacters(in: .newlines)
        let results = concurrentMap(products) { product in
            (product, runProduct(product, binPath: binPath))
        }
        let traces = concurrentMap(tracedProducts) { product in
            (product, traceProduct(product, binPath: binPath))
        }
        return (
            Dictionary(uniqueKeysWithValues: results),
            Dictionary(uniqueKeysWithValues: traces), []
        )
    }

    private func traceProduct(_ product: String, binPath: String)
        -> ProgramTrace
    {
        let file = FileManager.default.temporaryDirectory
            .appendingPathComponent("book-trace-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: file) }
        let run = runProduct(
            product, binPath: binPath,
            environment: [ProgramTrace.environmentVariable: file.path])
        if case .failure(let failure) = run { return .failure(failure) }
        guard let data = try? Data(contentsOf: file) else {
            return .failure(
                RunFailure(
                    "\(product) wrote no trace; it must write JSON lines to the file "
                        + "named by \(ProgramTrace.environmentVariable)"))
        }
        return ProgramTrace(
            jsonLines: String(decoding: data, as: UTF8.self), product: product)
    }

    private func runProduct(
        _ product: String, binPath: String, environment: [String: String] = [:]
    ) -> ProgramRun {
        let executable = URL(fileURLWithPath: binPath).appendingPathComponent(
            product
        ).path
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            return .failure(
                RunFailure(
                    "there is no executable '\(product)' in \(binPath); is it a product in Package.swift?"
                ))
        }
        let result = ProcessRunner.run(
            executable, [], in: layout.root, timeout: timeout,
            environment: environment)
        if result.timedOut {
            return .failure(
                RunFailure(
                    "\(product) did not finish within \(Int(timeout)) seconds"))
        }
        if result.exitStatus != 0 {
            return .failure(
                RunFailure(
                    "\(product) exited with status \(result.exitStatus)\(quoted(result.standardError))"
                ))
        }
        if !result.standardError.isEmpty {
            return .failure(
                RunFailure(
                    "\(product) wrote to standard error\(quoted(result.standardError))"
                ))
        }
        return .success(result.standardOutput)
    }

    private func quoted(_ standardError: String) -> String {
        let lines = TextLines(standardError).lines.prefix(10)
        return lines.isEmpty ? "" : ":\n  " + lines.joined(separator: "\n  ")
    }
}

extension Sequence where Element: Hashable {
    /// The elements in order, each only the first time it occurs.
    package func uniqued() -> [Element] {
        var seen: Set<Element> = []
        return filter { seen.insert($0).inserted }
    }
}
