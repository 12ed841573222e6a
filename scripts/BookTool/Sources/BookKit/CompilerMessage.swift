/// One diagnostic line from `swiftc -diagnostic-style llvm`, such as `main.swift:3:8: error: …`.
struct CompilerMessage: Hashable, Sendable {
    /// How serious the compiler says it is.
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
