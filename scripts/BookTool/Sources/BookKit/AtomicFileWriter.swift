import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Replaces files' contents all at once: writes a temporary file beside each (creating its
/// folder if need be), then renames them over.
package struct AtomicFileWriter {
    /// A file to replace and its new contents.
    package struct Replacement {
        package var url: URL
        package var text: String
        /// The text the file must still hold when it is replaced; `nil` replaces whatever it holds.
        package var expectedText: String?

        package init(url: URL, text: String, expectedText: String? = nil) {
            self.url = url
            self.text = text
            self.expectedText = expectedText
        }
    }

    /// What `replace` did, by index into the replacements it was given.
    package struct Outcome {
        /// The files replaced, in order.
        var replaced: [Int]
        /// Why each of the others was not, where it failed; empty if all were replaced.
        package var failures: [Int: String]
    }

    /// Writes a temporary file's bytes; tests substitute one that fails.
    var writeData: (Data, URL) throws -> Void = { data, url in
        try data.write(to: url)
    }

    /// A writer that writes with `Data.write(to:)`.
    package init() {}

    /// Writes every temporary file first and, just before renaming them over their files, reads
    /// each file again; renames only if all were written and none changed, otherwise removes them
    /// all and changes nothing.
    package func replace(_ replacements: [Replacement]) -> Outcome {
        var staged: [(temporary: URL, target: URL)] = []
        var failures: [Int: String] = [:]
        for (index, replacement) in replacements.enumerated() {
            do {
                staged.append(try stage(replacement))
            } catch {
                failures[index] = plainReason(error)
            }
        }
        let allStaged = failures.isEmpty
        for (index, replacement) in replacements.enumerated() where allStaged {
            if let expected = replacement.expectedText,
                (try? String(contentsOf: staged[index].target, encoding: .utf8))
                    != expected
            {
                failures[index] =
                    "it changed since it was read; run the command again"
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
            replaced: staged.indices.filter { failures[$0] == nil },
            failures: failures)
    }

    private func stage(_ replacement: Replacement) throws -> (
        temporary: URL, target: URL
    ) {
        let target = replacement.url.resolvingSymlinksInPath()
        let temporary = target.deletingLastPathComponent()
            .appendingPathComponent(
                ".\(target.lastPathComponent).book-tool-\(UUID().uuidString)")
        InterruptCleanup.add(temporaryFile: temporary)
        do {
            try FileManager.default.createDirectory(
                at: target.deletingLastPathComponent(),
                withIntermediateDirectories: true)
            try writeData(Data(replacement.text.utf8), temporary)
            if let permissions = try? FileManager.default.attributesOfItem(
                atPath: target.path)[
                    .posixPermissions]
            {
                try FileManager.default.setAttributes(
                    [.posixPermissions: permissions],
                    ofItemAtPath: temporary.path)
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            InterruptCleanup.remove(temporaryFile: temporary)
            throw error
        }
        return (temporary, target)
    }
}

/// Why a file operation failed, in a few plain words: the system's message for the underlying
/// error, such as "Permission denied", rather than a framework error's dump.
package func plainReason(_ error: any Error) -> String {
    let error = error as NSError
    if let posix = error.userInfo[NSUnderlyingErrorKey] as? NSError,
        posix.domain == NSPOSIXErrorDomain
    {
        return String(cString: strerror(Int32(posix.code)))
    }
    if error.domain == NSPOSIXErrorDomain {
        return String(cString: strerror(Int32(error.code)))
    }
    switch CocoaError.Code(rawValue: error.code) {
    case .fileWriteNoPermission, .fileReadNoPermission:
        return "Permission denied"
    case .fileWriteOutOfSpace: return "No space left on device"
    case .fileWriteVolumeReadOnly: return "Read-only file system"
    case .fileNoSuchFile, .fileReadNoSuchFile:
        return "No such file or directory"
    default: return error.localizedDescription
    }
}
