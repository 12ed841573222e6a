/// One diagnostic line from `swiftc -diagnostic-style llvm`, such as `main.swift:3:8: error: …`.
struct CompilerMessage: Hashable, Sendable {
    /// How serious the compiler says it is.
    enum Severity: String, Hashable, Sendable, CaseIterable {
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

    /// Whether the message fails a build: an error or a warning.
    var failsBuild: Bool { severity == .error || severity == .warning }

    /// The diagnostic lines in `output`; source excerpts and caret lines are skipped.
    static func parse(_ output: String) -> [CompilerMessage] {
        TextLines(output).lines.compactMap(parseLine)
    }

    /// A diagnostic line: `FILE:LINE:COL: SEVERITY: MESSAGE` (or `FILE:LINE: …`, as in
    /// `<unknown>:0: error: …`), or a line starting with `error: ` or `warning: `.
    static func parseLine(_ line: String) -> CompilerMessage? {
        for severity in [Severity.error, .warning]
        where line.hasPrefix("\(severity.rawValue): ") {
            return CompilerMessage(
                file: nil, line: nil, column: nil, severity: severity,
                message: String(line.dropFirst(severity.rawValue.count + 2)))
        }
        var searchStart = line.startIndex
        while let separator = line.range(
            of: ": ", range: searchStart..<line.endIndex)
        {
            searchStart = separator.upperBound
            let afterSeparator = line[separator.upperBound...]
            guard
                let severity = Severity.allCases.first(where: {
                    afterSeparator.hasPrefix("\($0.rawValue): ")
                }),
                let location = Location(line[..<separator.lowerBound])
            else { continue }
            let message = String(
                afterSeparator.dropFirst(severity.rawValue.count + 2))
            return CompilerMessage(
                file: location.file, line: location.line,
                column: location.column,
                severity: severity, message: message)
        }
        return nil
    }

    private struct Location {
        var file: String?
        var line: Int?
        var column: Int?

        init?(_ text: Substring) {
            var parts = text.split(
                separator: ":", omittingEmptySubsequences: false)
            func isNumber(_ part: Substring?) -> Bool {
                guard let part, !part.isEmpty else { return false }
                return part.allSatisfy { $0.isASCII && $0.isNumber }
            }
            guard parts.count >= 2, isNumber(parts.last) else { return nil }
            var numbers = [Int(parts.removeLast())!]
            if parts.count >= 2, isNumber(parts.last) {
                numbers.insert(Int(parts.removeLast())!, at: 0)
            }
            let file = parts.joined(separator: ":")
            guard let first = file.first, first != " ", first != "\t",
                !file.contains("\"")
            else { return nil }
            guard file != "<unknown>", numbers[0] > 0 else { return }
            self.file = file
            line = numbers[0]
            column = numbers.count > 1 ? numbers[1] : nil
        }
    }
}
