/// A problem the tool found, placed at a line of a file in the repository.
struct BookDiagnostic: Hashable, Sendable, CustomStringConvertible {
    /// What kind of problem this is, which decides whether `sync` may still write.
    enum Kind: Hashable, Sendable {
        /// A real error: `sync` refuses to write anything while one exists.
        case error
        /// A block that `sync` would rewrite; an error for `check` only.
        case staleness
        /// A listing line wider than the book allows: an error for `check`; `sync` still
        /// re-records, since the fix belongs in the code the line comes from.
        case tooWide
    }

    /// The file's path relative to the repository root.
    var path: String
    /// The 1-based line the problem is reported at.
    var line: Int
    /// What is wrong, and where useful, how to fix it.
    var message: String
    /// Whether `sync` can repair the problem.
    var kind: Kind

    /// Creates a diagnostic at `path:line`.
    init(path: String, line: Int, message: String, kind: Kind = .error) {
        self.path = path
        self.line = line
        self.message = message
        self.kind = kind
    }

    /// The diagnostic as editors expect it: `path:line: error: message`.
    var description: String {
        "\(path):\(line): error: \(message)"
    }
}
