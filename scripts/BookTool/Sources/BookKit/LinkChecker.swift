import Foundation

/// Finds relative Markdown links, `](path)` or `](path#anchor)`, whose target file does not exist.
enum LinkChecker {
    /// The broken links in the prose lines of `page`.
    static func brokenLinks(in page: BookPage, fileExists: (String) -> Bool)
        -> [BookDiagnostic]
    {
        var diagnostics: [BookDiagnostic] = []
        for index in page.proseIndices {
            for target in linkTargets(in: page.text.lines[index]) {
                guard let path = resolvedPath(of: target, from: page.path),
                    !fileExists(path)
                else {
                    continue
                }
                diagnostics.append(
                    BookDiagnostic(
                        path: page.path, line: index + 1,
                        message: "link target '\(target)' does not exist"))
            }
        }
        return diagnostics
    }

    /// The targets of the inline links on `line`, ignoring inline code spans.
    static func linkTargets(in line: String) -> [String] {
        let withoutCode = line.split(
            separator: "`", omittingEmptySubsequences: false
        )
        .enumerated().filter { $0.offset.isMultiple(of: 2) }.map(\.element)
        .joined(separator: " ")
        return withoutCode.matches(of: /\]\([ \t]*([^)\s]+)[^)]*\)/).map {
            String($0.1).trimmingCharacters(
                in: CharacterSet(charactersIn: "<>"))
        }
    }

    /// The repository-relative path a link from `pagePath` points to, or `nil` if it is not a local file link.
    static func resolvedPath(of target: String, from pagePath: String)
        -> String?
    {
        let lowercased = target.lowercased()
        if target.isEmpty || target.hasPrefix("#")
            || lowercased.hasPrefix("http://")
            || lowercased.hasPrefix("https://")
            || lowercased.hasPrefix("mailto:")
        {
            return nil
        }
        let withoutAnchor = String(
            target.split(
                separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[
                    0])
        let decoded = withoutAnchor.removingPercentEncoding ?? withoutAnchor
        var components = pagePath.split(separator: "/").dropLast().map(
            String.init)
        if decoded.hasPrefix("/") {
            components = []
        }
        for component in decoded.split(separator: "/") {
            switch component {
            case ".": continue
            case "..": if components.popLast() == nil { return decoded }
            default: components.append(String(component))
            }
        }
        return components.joined(separator: "/")
    }
}
