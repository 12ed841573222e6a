/// What a `check` or `sync` found and did, ready to print.
struct BookReport: Sendable {
    /// Plain notes printed before the diagnostics, such as a toolchain difference.
    var notes: [String] = []
    /// Every problem, sorted by file and line.
    var diagnostics: [BookDiagnostic] = []
    /// The files `sync` rewrote, relative to the repository root.
    var updatedFiles: [String] = []
    var summary: String = ""

    var succeeded: Bool { diagnostics.isEmpty }
}
