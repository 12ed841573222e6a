import Foundation

/// Headless Chromium, which runs DocC's JavaScript and prints the resulting DOM.
struct Browser {
    var executable: String

    /// The width of the window pages are rendered in, in CSS pixels: a laptop's.
    static let windowWidth = 1280

    /// Chromium from `$CHROMIUM` or the `PATH`; an error that says how to install it otherwise.
    static func find() throws -> Browser {
        let environment = ProcessInfo.processInfo.environment
        if let path = environment["CHROMIUM"], !path.isEmpty { return Browser(executable: path) }
        let names = ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"]
        for folder in (environment["PATH"] ?? "").split(separator: ":") {
            for name in names {
                let path = "\(folder)/\(name)"
                if FileManager.default.isExecutableFile(atPath: path) {
                    return Browser(executable: path)
                }
            }
        }
        throw SiteError(
            """
            Chromium is needed to check the site and was not found.
              Install it with:  apt-get install chromium   (Debian; on Ubuntu: the chromium snap
              or Google Chrome), or set CHROMIUM=/path/to/chrome.
            """)
    }

    /// The rendered DOM of each URL, four browsers at a time.
    func render(_ urls: [String]) -> [RenderedPage] {
        let results = Results(count: urls.count)
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 4
        for (index, url) in urls.enumerated() {
            queue.addOperation { results.set(index, render(url)) }
        }
        queue.waitUntilAllOperationsAreFinished()
        return results.pages
    }

    private func render(_ url: String) -> RenderedPage {
        let profile = FileManager.default.temporaryDirectory
            .appendingPathComponent("site-check-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: profile) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = [
            "--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=\(profile.path)",
            "--window-size=\(Self.windowWidth),1000", "--hide-scrollbars",
            "--virtual-time-budget=10000", "--dump-dom", url,
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch {
            return RenderedPage(html: "", error: "cannot start \(executable): \(error)")
        }
        let timer = DispatchWorkItem { process.terminate() }
        DispatchQueue.global().asyncAfter(deadline: .now() + 60, execute: timer)
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        timer.cancel()
        let html = String(decoding: data, as: UTF8.self)
        return RenderedPage(
            html: html,
            error: html.isEmpty ? "Chromium exited with status \(process.terminationStatus)" : "")
    }

    private final class Results: @unchecked Sendable {
        private let lock = NSLock()
        private var storage: [RenderedPage]
        init(count: Int) { storage = Array(repeating: RenderedPage(html: ""), count: count) }
        func set(_ index: Int, _ page: RenderedPage) { lock.withLock { storage[index] = page } }
        var pages: [RenderedPage] { lock.withLock { storage } }
    }
}
