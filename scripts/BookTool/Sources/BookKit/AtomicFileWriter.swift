import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Replaces a file's contents all at once: writes a temporary file beside it, then renames it over.
enum AtomicFileWriter {
    /// Writes `text` to `url` so that readers see either the old or the new contents, never a mix.
    static func write(_ text: String, to url: URL) throws {
        let directory = url.deletingLastPathComponent()
        let temporary = directory.appendingPathComponent(
            ".\(url.lastPathComponent).book-tool-\(UUID().uuidString)")
        try Data(text.utf8).write(to: temporary)
        guard rename(temporary.path, url.path) == 0 else {
            let code = errno
            try? FileManager.default.removeItem(at: temporary)
            throw CocoaError(
                .fileWriteUnknown, userInfo: ["reason": String(cString: strerror(code))])
        }
    }
}
