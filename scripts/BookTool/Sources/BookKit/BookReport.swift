/// What a `check` or `sync` found and did, ready to print.
public struct BookReport: Sendable {
    /// Plain notes printed before the diagnostics, such as a toolchain difference.
    public var notes: [String] = []
    /// Every problem, sorted by file and line.
    public var diagnostics: [BookDiagnostic] = []
    /// The files `sync` rewrote, relative to the repository root.
    public var updatedFiles: [String] = []
    /// One closing line.
    public var summary: String = ""

    /// Whether the command succeeded: nothing to report.
    public var succeeded: Bool { diagnostics.isEmpty }
}
