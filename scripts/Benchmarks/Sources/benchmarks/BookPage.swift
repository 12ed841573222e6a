import Foundation

/// Writing a measurement into a page of the book.
enum BookPage {
    /// What can stop the table from being written.
    struct WriteError: Error, CustomStringConvertible {
        var description: String
    }

    /// Replaces the fenced block under the page's `<!-- measurement: COMMAND -->` line with
    /// `text`, leaving every other line as it was.
    ///
    /// The new page is written to a temporary file beside the old one and then renamed over it,
    /// so a reader of the page sees either the old version or the new one, never half of either.
    static func replaceMeasurement(in path: String, command: String, with text: String) throws {
        let url = URL(fileURLWithPath: path).resolvingSymlinksInPath()
        let page = try String(contentsOf: url, encoding: .utf8)
        var lines = page.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let marker = "<!-- measurement: \(command) -->"
        let markers = lines.indices.filter {
            lines[$0].trimmingCharacters(in: .whitespaces) == marker
        }
        guard markers.count == 1, let directive = markers.first else {
            throw WriteError(
                description:
                    "\(path) must have exactly one '\(marker)' line; it has \(markers.count)")
        }
        let opening = directive + 1
        guard opening < lines.count, lines[opening] == "```text",
            let closing = lines[(opening + 1)...].firstIndex(of: "```")
        else {
            throw WriteError(
                description: "\(path): the '\(marker)' line must be followed by a ```text block")
        }
        lines.replaceSubrange(
            (opening + 1)..<closing,
            with: text.split(
                separator: "\n", omittingEmptySubsequences: false
            ).map(String.init))
        let updated = lines.joined(separator: "\n")
        guard updated != page else { return }

        let folder = url.deletingLastPathComponent()
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp")
        try Data(updated.utf8).write(to: temporary)
        let permissions = try FileManager.default.attributesOfItem(atPath: url.path)[
            .posixPermissions]
        if let permissions {
            try FileManager.default.setAttributes(
                [.posixPermissions: permissions], ofItemAtPath: temporary.path)
        }
        guard rename(temporary.path, url.path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw WriteError(description: "cannot replace \(path): \(reason)")
        }
    }
}
