import Foundation

/// `python3 -m http.server`'s handler on 127.0.0.1 and a free port, serving the site at the
/// base path it was built for.
final class LocalServer {
    let port: Int
    private let process = Process()
    private let root: URL

    init(site: URL, basePath: String) throws {
        if basePath.isEmpty {
            root = site
        } else {
            root = FileManager.default.temporaryDirectory
                .appendingPathComponent("site-serve-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(
                at: root.appendingPathComponent(basePath), withDestinationURL: site)
        }
        let script = """
            import functools, http.server, sys
            class Quiet(http.server.SimpleHTTPRequestHandler):
                def log_message(self, *args): pass
            handler = functools.partial(Quiet, directory=sys.argv[1])
            server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
            print(server.server_address[1], flush=True)
            server.serve_forever()
            """
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, root.path]
        let output = Pipe()
        process.standardOutput = output
        do { try process.run() } catch { throw SiteError("cannot start python3: \(error)") }
        var line = Data()
        while true {
            let byte = output.fileHandleForReading.readData(ofLength: 1)
            if byte.isEmpty || byte == Data("\n".utf8) { break }
            line.append(byte)
        }
        guard let port = Int(String(decoding: line, as: UTF8.self)) else {
            process.terminate()
            throw SiteError("python3 -m http.server did not start (is python3 installed?)")
        }
        self.port = port
    }

    func stop() {
        process.terminate()
        process.waitUntilExit()
        if root.lastPathComponent.hasPrefix("site-serve-") {
            try? FileManager.default.removeItem(at: root)
        }
    }
}
