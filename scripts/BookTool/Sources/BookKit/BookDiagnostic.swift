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

    var path: String
    /// The 1-based line the problem is reported at.
    var line: Int
    var message: String
    var kind: Kind = .error

    /// The diagnostic as editors expect it: `path:line: error: message`.
    var description: String {
        "\(path):\(line): error: \(message)"
    }
}
