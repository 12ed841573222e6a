import Foundation

/// Builds the repository's package once and runs chapter executables to record their output.
struct ProductRunner {
    let layout: RepositoryLayout
    let timeout: TimeInterval

    /// The result of each requested product, and a diagnostic if the package does not build.
    func run(_ requests: [OutputRequest]) -> (
        runs: [String: ProgramRun], diagnostics: [BookDiagnostic]
    ) {
        guard let first = requests.first else { return ([:], []) }
        let products = requests.map(\.product).reduce(into: [String]()) { unique, product in
            if !unique.contains(product) { unique.append(product) }
        }
        let build = ProcessRunner.run(
            "swift", ["build", "--package-path", layout.root.path], in: layout.root)
        guard build.succeeded else {
            let errors = TextLines(build.standardOutput + build.standardError).lines
                .filter { $0.contains("error:") }
                .reduce(into: [String]()) { unique, line in
                    if !unique.contains(line) { unique.append(line) }
                }
                .prefix(10)
            let summary =
                errors.isEmpty
                ? "exit status \(build.exitStatus)" : errors.joined(separator: "\n  ")
            let diagnostic = BookDiagnostic(
                path: first.id.path, line: first.id.line,
                message: "swift build failed, so no output was checked:\n  \(summary)")
            return (Dictionary(uniqueKeysWithValues: products.map { ($0, .skipped) }), [diagnostic])
        }
        let binPath = ProcessRunner.run(
            "swift", ["build", "--package-path", layout.root.path, "--show-bin-path"],
            in: layout.root
        ).standardOutput.trimmedWhitespace.trimmingCharacters(in: .newlines)
        let results = concurrentMap(products) { product in
            (product, runProduct(product, binPath: binPath))
        }
        return (Dictionary(uniqueKeysWithValues: results), [])
    }

    private func runProduct(_ product: String, binPath: String) -> ProgramRun {
        let executable = URL(fileURLWithPath: binPath).appendingPathComponent(product).path
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            return .failed(
                reason:
                    "there is no executable '\(product)' in \(binPath); is it a product in Package.swift?"
            )
        }
        let result = ProcessRunner.run(executable, [], in: layout.root, timeout: timeout)
        if result.timedOut {
            return .failed(reason: "\(product) did not finish within \(Int(timeout)) seconds")
        }
        if result.exitStatus != 0 {
            return .failed(
                reason:
                    "\(product) exited with status \(result.exitStatus)\(quoted(result.standardError))"
            )
        }
        if !result.standardError.isEmpty {
            return .failed(
                reason: "\(product) wrote to standard error\(quoted(result.standardError))")
        }
        return .succeeded(standardOutput: result.standardOutput)
    }

    private func quoted(_ standardError: String) -> String {
        let lines = TextLines(standardError).lines.prefix(10)
        return lines.isEmpty ? "" : ":\n  " + lines.joined(separator: "\n  ")
    }
}
