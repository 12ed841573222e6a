/// A problem the tool found, placed at a line of a file in the repository.
public struct BookDiagnostic: Hashable, Sendable, CustomStringConvertible {
    /// What kind of problem this is, which decides whether `sync` may still write.
    public enum Kind: Hashable, Sendable {
        /// A real error: `sync` refuses to write anything while one exists.
        case error
        /// A block that `sync` would rewrite; an error for `check` only.
        case staleness
    }

    /// The file's path relative to the repository root.
    public var path: String
    /// The 1-based line the problem is reported at.
    public var line: Int
    /// What is wrong, and where useful, how to fix it.
    public var message: String
    /// Whether `sync` can repair the problem.
    public var kind: Kind

    /// Creates a diagnostic at `path:line`.
    public init(path: String, line: Int, message: String, kind: Kind = .error) {
        self.path = path
        self.line = line
        self.message = message
        self.kind = kind
    }

    /// The diagnostic as editors expect it: `path:line: error: message`.
    public var description: String {
        "\(path):\(line): error: \(message)"
    }
}
