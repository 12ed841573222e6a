import Foundation

/// `python3 -m http.server`'s handler on 127.0.0.1 and a free port, serving the site at the
/// base path it was built for.
final class LocalServer {
    let port: Int
    private let process = Process()
    private let root: URL

    /// Serves `site` at `/basePath/`, adding `script` to every HTML page when it is given.
    init(site: URL, basePath: String, script: String? = nil) throws {
        if basePath.isEmpty {
            root = site
        } else {
            root = FileManager.default.temporaryDirectory
                .appendingPathComponent("site-serve-\(UUID().uuidString)")
            try FileManager.default.createDirectory(
                at: root, withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(
                at: root.appendingPathComponent(basePath),
                withDestinationURL: site)
        }
        let server = """
            import functools, http.server, os, sys
            extra = sys.argv[2].encode() if len(sys.argv) > 2 else b""
            class Quiet(http.server.SimpleHTTPRequestHandler):
                def log_message(self, *args): pass
                def do_GET(self):
                    path = self.translate_path(self.path)
                    if os.path.isdir(path):
                        if not self.path.split("?")[0].endswith("/"): return super().do_GET()
                        path = os.path.join(path, "index.html")
                    if not extra or not path.endswith(".html") or not os.path.isfile(path):
                        return super().do_GET()
                    with open(path, "rb") as page: body = page.read()
                    body = body.replace(b"</body>", b"<script>" + extra + b"</script></body>", 1)
                    self.send_response(200)
                    self.send_header("Content-Type", "text/html; charset=utf-8")
                    self.send_header("Content-Length", str(len(body)))
                    self.end_headers()
                    self.wfile.write(body)
            handler = functools.partial(Quiet, directory=sys.argv[1])
            server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
            print(server.server_address[1], flush=True)
            server.serve_forever()
            """
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            ["python3", "-c", server, root.path] + (script.map { [$0] } ?? [])
        let output = Pipe()
        process.standardOutput = output
        do { try process.run() } catch {
            throw SiteError("cannot start python3: \(error)")
        }
        var line = Data()
        while true {
            let byte = output.fileHandleForReading.readData(ofLength: 1)
            if byte.isEmpty || byte == Data("\n".utf8) { break }
            line.append(byte)
        }
        guard let port = Int(String(decoding: line, as: UTF8.self)) else {
            process.terminate()
            throw SiteError(
                "python3 -m http.server did not start (is python3 installed?)")
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
