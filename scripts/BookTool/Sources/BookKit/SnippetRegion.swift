/// A named region of a Swift file, delimited by `// snippet.NAME` and `// snippet.end`.
struct SnippetRegion: Hashable, Sendable {
    var name: String
    /// The 1-based line of the `// snippet.NAME` marker.
    var startLine: Int
    /// The 1-based line of the `// snippet.end` marker that closes it.
    var endLine: Int = 0
    /// The region's text: dedented, without marker lines or trailing blank lines.
    var lines: [String]
}

/// Whether `name` may name a snippet region: `[A-Za-z0-9][A-Za-z0-9_-]*`, and not `end`.
func isValidRegionName(_ name: String) -> Bool {
    name != "end" && name.wholeMatch(of: /[A-Za-z0-9][A-Za-z0-9_-]*/) != nil
}
