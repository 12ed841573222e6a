import BookKit
import Foundation

/// Headless Chromium, which runs DocC's JavaScript and prints the resulting DOM.
struct Browser {
    var executable: String

    /// The width of the window pages are rendered in, in CSS pixels: a laptop's.
    static let windowWidth = 1280

    /// Chromium from `$CHROMIUM` or the `PATH`; an error that says how to install it otherwise.
    static func find() throws -> Browser {
        let environment = ProcessInfo.processInfo.environment
        if let path = environment["CHROMIUM"], !path.isEmpty {
            return Browser(executable: path)
        }
        let names = [
            "chromium", "chromium-browser", "google-chrome",
            "google-chrome-stable",
        ]
        let paths = (environment["PATH"] ?? "").split(separator: ":").lazy
            .flatMap { folder in names.map { "\(folder)/\($0)" } }
        if let path = paths.first(
            where: FileManager.default.isExecutableFile(atPath:))
        {
            return Browser(executable: path)
        }
        throw SiteError(
            """
            Chromium is needed to check the site and was not found.
              Install it with:  apt-get install chromium   (Debian; on Ubuntu: the chromium snap
              or Google Chrome), or set CHROMIUM=/path/to/chrome.
            """)
    }

    /// The rendered DOM of each URL, as many browsers at a time as there are cores.
    func render(_ urls: [String]) -> [RenderedPage] {
        concurrentMap(urls) { [executable] url in
            let profile = FileManager.default.temporaryDirectory
                .appendingPathComponent("site-check-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: profile) }
            let result = ProcessRunner.run(
                executable,
                [
                    "--headless", "--no-sandbox", "--disable-gpu",
                    "--user-data-dir=\(profile.path)",
                    "--window-size=\(Self.windowWidth),1000",
                    "--hide-scrollbars",
                    "--virtual-time-budget=10000", "--dump-dom", url,
                ], timeout: 60)
            let reason =
                result.exitStatus == -1
                ? result.standardError
                : "Chromium exited with status \(result.exitStatus)"
            return RenderedPage(
                html: result.standardOutput,
                error: result.standardOutput.isEmpty ? reason : "")
        }
    }
}
