import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Replaces files' contents all at once: writes a temporary file beside each, then renames them over.
///
/// If a file no longer holds the text it was read with, nothing is replaced.
/// A symbolic link is followed, so the file it points to is replaced and the link kept;
/// each replaced file keeps its permissions.
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
        package var replaced: [Int]
        /// Why each of the others was not, where it failed; empty if all were replaced.
        package var failures: [Int: String]
    }

    /// Writes a temporary file's bytes; tests substitute one that fails.
    var writeData: (Data, URL) throws -> Void = { data, url in try data.write(to: url) }

    /// A writer that writes with `Data.write(to:)`.
    package init() {}

    /// Writes every temporary file first and, just before renaming them over their files, reads
    /// each file again; renames only if all were written and none changed, otherwise removes them
    /// all and changes nothing.
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
                failures[index] = plainReason(error)
            }
        }
        let allStaged = failures.isEmpty
        for (index, replacement) in replacements.enumerated() where allStaged {
            if let expected = replacement.expectedText,
                (try? String(contentsOf: staged[index].target, encoding: .utf8)) != expected
            {
                failures[index] = "it changed since it was read; run the command again"
            }
        }
        guard failures.isEmpty else {
            for file in staged {
                TemporaryFiles.shared.remove(file.temporary)
            }
            return Outcome(replaced: [], failures: failures)
        }
        for (index, file) in staged.enumerated()
        where rename(file.temporary.path, file.target.path) != 0 {
            failures[index] = String(cString: strerror(errno))
        }
        for file in staged {
            TemporaryFiles.shared.remove(file.temporary)
        }
        return Outcome(
            replaced: staged.indices.filter { failures[$0] == nil }, failures: failures)
    }

    /// Writes `replacement`'s temporary file beside the file it replaces, with that file's permissions.
    private func stage(_ replacement: Replacement) throws -> (temporary: URL, target: URL) {
        let target = replacement.url.resolvingSymlinksInPath()
        let temporary = target.deletingLastPathComponent().appendingPathComponent(
            ".\(target.lastPathComponent).book-tool-\(UUID().uuidString)")
        TemporaryFiles.shared.register(temporary)
        do {
            try writeData(Data(replacement.text.utf8), temporary)
            if let permissions = try? FileManager.default.attributesOfItem(atPath: target.path)[
                .posixPermissions]
            {
                try FileManager.default.setAttributes(
                    [.posixPermissions: permissions], ofItemAtPath: temporary.path)
            }
        } catch {
            TemporaryFiles.shared.remove(temporary)
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
    case .fileWriteNoPermission, .fileReadNoPermission: return "Permission denied"
    case .fileWriteOutOfSpace: return "No space left on device"
    case .fileWriteVolumeReadOnly: return "Read-only file system"
    case .fileNoSuchFile, .fileReadNoSuchFile: return "No such file or directory"
    default: return error.localizedDescription
    }
}

/// The temporary files and folders the tool has made and not yet removed, so that an interrupt
/// removes them too.
package final class TemporaryFiles: @unchecked Sendable {
    /// The one registry of the process.
    package static let shared = TemporaryFiles()
    private let lock = NSLock()
    private var urls: Set<URL> = []

    /// Notes `url`, a file or folder about to be made, for removal on an interrupt.
    package func register(_ url: URL) {
        _ = lock.withLock { urls.insert(url) }
    }

    /// Removes `url` and forgets it.
    package func remove(_ url: URL) {
        try? FileManager.default.removeItem(at: url)
        _ = lock.withLock { urls.remove(url) }
    }

    /// Removes every file and folder still registered.
    package func removeAll() {
        for url in lock.withLock({ urls }) {
            remove(url)
        }
    }

    /// From now on, SIGINT and SIGTERM remove every registered file and then call `exit` with
    /// 128 plus the signal's number.
    ///
    /// The signal handler only writes the signal's number to a pipe, which is safe in a handler;
    /// a thread waiting on the pipe does the rest.
    package func removeOnInterrupt(
        exit: @escaping @Sendable (Int32) -> Void = { Foundation.exit($0) }
    ) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return }
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        let readEnd = ends[0]
        Thread { [self] in
            var number: Int32 = 0
            guard read(readEnd, &number, MemoryLayout<Int32>.size) == MemoryLayout<Int32>.size
            else { return }
            removeAll()
            exit(128 + number)
        }.start()
        interruptPipe = ends[1]
        for number in [SIGINT, SIGTERM] {
            signal(number) { number in
                var number = number
                _ = write(interruptPipe, &number, MemoryLayout<Int32>.size)
            }
        }
    }
}

/// The pipe the interrupt handler writes to; set before the handler is installed.
nonisolated(unsafe) private var interruptPipe: Int32 = -1
