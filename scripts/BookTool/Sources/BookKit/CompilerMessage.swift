/// One diagnostic line from `swiftc -diagnostic-style llvm`, such as `main.swift:3:8: error: …`.
public struct CompilerMessage: Hashable, Sendable {
    /// How serious the compiler says it is.
    public enum Severity: String, Hashable, Sendable {
        case error, warning, note, remark
    }

    /// The file the compiler named, if any.
    public var file: String?
    /// The 1-based line, if the message has a location.
    public var line: Int?
    /// The 1-based column, if the message has a location.
    public var column: Int?
    /// How serious it is.
    public var severity: Severity
    /// The text after `error: ` and the like.
    public var message: String

    /// Creates a message.
    public init(file: String?, line: Int?, column: Int?, severity: Severity, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.severity = severity
        self.message = message
    }

    /// The form recorded under a `fails` listing: `LINE:COL: error: MESSAGE`.
    public var recordedForm: String {
        "\(line ?? 0):\(column ?? 0): \(severity.rawValue): \(message)"
    }

    /// Whether the message fails a build: an error or a warning.
    var failsBuild: Bool { severity == .error || severity == .warning }

    /// The diagnostic lines in `output`; source excerpts and caret lines are skipped.
    public static func parse(_ output: String) -> [CompilerMessage] {
        TextLines(output).lines.compactMap(parseLine)
    }

    private static func parseLine(_ line: String) -> CompilerMessage? {
        let severities = [Severity.error, .warning, .note, .remark]
        if let severity = severities.first(where: { line.hasPrefix("\($0.rawValue): ") }) {
            let message = String(line.dropFirst(severity.rawValue.count + 2))
            return CompilerMessage(
                file: nil, line: nil, column: nil, severity: severity, message: message)
        }
        let found = severities.compactMap { severity in
            line.range(of: ": \(severity.rawValue): ").map { (severity: severity, range: $0) }
        }
        guard let (severity, range) = found.min(by: { $0.range.lowerBound < $1.range.lowerBound })
        else {
            return nil
        }
        let location = line[..<range.lowerBound].split(
            separator: ":", omittingEmptySubsequences: false)
        let message = String(line[range.upperBound...])
        guard location.count >= 3, let lineNumber = Int(location[location.count - 2]),
            let column = Int(location[location.count - 1]), lineNumber > 0
        else {
            return CompilerMessage(
                file: nil, line: nil, column: nil, severity: severity, message: message)
        }
        let file = location.dropLast(2).joined(separator: ":")
        return CompilerMessage(
            file: file, line: lineNumber, column: column, severity: severity, message: message)
    }
}
