import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Replaces files' contents all at once: writes a temporary file beside each, then renames them over.
///
/// A symbolic link is followed, so the file it points to is replaced and the link kept;
/// each replaced file keeps its permissions.
package struct AtomicFileWriter {
    /// A file to replace and its new contents.
    package struct Replacement {
        package var url: URL
        package var text: String

        package init(url: URL, text: String) {
            self.url = url
            self.text = text
        }
    }

    /// What `replace` did, by index into the replacements it was given.
    package struct Outcome {
        /// The files replaced, in order.
        package var replaced: [Int]
        /// Why each of the others was not, where it failed; empty if all were replaced.
        package var failures: [Int: String]
    }

    /// Writes a temporary file's bytes; tests substitute one that fails.
    var writeData: (Data, URL) throws -> Void = { data, url in try data.write(to: url) }

    /// A writer that writes with `Data.write(to:)`.
    package init() {}

    /// Writes every temporary file first and renames them over their files only if all were
    /// written; otherwise removes them all and changes nothing.
    ///
    /// A rename that fails after every temporary file was written leaves the other files
    /// replaced, each one whole.
    package func replace(_ replacements: [Replacement]) -> Outcome {
        var staged: [(temporary: URL, target: URL)] = []
        var failures: [Int: String] = [:]
        for (index, replacement) in replacements.enumerated() {
            do {
                staged.append(try stage(replacement))
            } catch {
                failures[index] = "\(error)"
            }
        }
        guard failures.isEmpty else {
            for file in staged {
                try? FileManager.default.removeItem(at: file.temporary)
                InterruptCleanup.remove(temporaryFile: file.temporary)
            }
            return Outcome(replaced: [], failures: failures)
        }
        for (index, file) in staged.enumerated() {
            if rename(file.temporary.path, file.target.path) != 0 {
                failures[index] = String(cString: strerror(errno))
                try? FileManager.default.removeItem(at: file.temporary)
            }
            InterruptCleanup.remove(temporaryFile: file.temporary)
        }
        return Outcome(
            replaced: staged.indices.filter { failures[$0] == nil }, failures: failures)
    }

    /// Writes `replacement`'s temporary file beside the file it replaces, with that file's permissions.
    private func stage(_ replacement: Replacement) throws -> (temporary: URL, target: URL) {
        let target = replacement.url.resolvingSymlinksInPath()
        let temporary = target.deletingLastPathComponent().appendingPathComponent(
            ".\(target.lastPathComponent).book-tool-\(UUID().uuidString)")
        InterruptCleanup.add(temporaryFile: temporary)
        do {
            try writeData(Data(replacement.text.utf8), temporary)
            if let permissions = try? FileManager.default.attributesOfItem(atPath: target.path)[
                .posixPermissions]
            {
                try FileManager.default.setAttributes(
                    [.posixPermissions: permissions], ofItemAtPath: temporary.path)
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            InterruptCleanup.remove(temporaryFile: temporary)
            throw error
        }
        return (temporary, target)
    }
}
