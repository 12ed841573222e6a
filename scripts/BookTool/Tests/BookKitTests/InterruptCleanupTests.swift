import Foundation
import Testing

@testable import BookKit

@Suite(.serialized) struct InterruptCleanupTests {
    /// Whether `pid` is gone: no such process, or a zombie nobody has reaped yet.
    private func isGone(_ pid: Int32) -> Bool {
        guard kill(pid, 0) == 0 else { return true }
        let stat =
            (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8))
            ?? ""
        return stat.split(separator: ")").last?.trimmingCharacters(
            in: .whitespaces
        ).hasPrefix("Z")
            ?? false
    }

    @Test func aRunningChildIsRegisteredAndEndingItsGroupEndsWhatItStarted()
        throws
    {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent(
                "interrupt-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let pidFile = folder.appendingPathComponent("grandchild")
        let finished = ResultBox()
        let thread = Thread {
            finished.set(
                ProcessRunner.run(
                    "sh",
                    ["-c", "sleep 60 & echo $$ $! > \(pidFile.path); wait"],
                    timeout: 60))
        }
        thread.start()
        var pids: [Int32] = []
        for _ in 0..<100 where pids.count < 2 {
            Thread.sleep(forTimeInterval: 0.05)
            pids = ((try? String(contentsOf: pidFile, encoding: .utf8)) ?? "")
                .split(whereSeparator: \.isWhitespace).compactMap { Int32($0) }
        }
        try #require(pids.count == 2)
        let (shell, grandchild) = (pids[0], pids[1])
        #expect(InterruptCleanup.isRunning(child: shell))

        InterruptCleanup.endProcessGroup(of: shell)

        let result = finished.wait(seconds: 10)
        #expect(result?.timedOut == false)
        #expect(result?.exitStatus != 0)
        #expect(!InterruptCleanup.isRunning(child: shell))
        Thread.sleep(forTimeInterval: 0.2)
        #expect(isGone(grandchild))
    }

    @Test func cleanUpRemovesTheWritersTemporaryFiles() throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent(
                "interrupt-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var writer = AtomicFileWriter()
        var written = 0
        writer.writeData = { data, url in
            try data.write(to: url)
            written += 1
            // The interrupt arrives while the second temporary file is being written.
            if written == 2 {
                InterruptCleanup.removeTemporaryFiles(under: folder)
            }
        }
        let files = ["a.txt", "b.txt"].map { folder.appendingPathComponent($0) }

        _ = writer.replace(files.map { .init(url: $0, text: "new\n") })

        let left = try FileManager.default.contentsOfDirectory(
            atPath: folder.path)
        #expect(left.filter { $0.contains(".book-tool-") }.isEmpty)
    }
}

/// A process result handed from the thread that ran it to the test.
private final class ResultBox: @unchecked Sendable {
    private let condition = NSCondition()
    private var result: ProcessResult?

    func set(_ value: ProcessResult) {
        condition.lock()
        result = value
        condition.broadcast()
        condition.unlock()
    }

    func wait(seconds: Double) -> ProcessResult? {
        let deadline = Date(timeIntervalSinceNow: seconds)
        condition.lock()
        defer { condition.unlock() }
        while result == nil, condition.wait(until: deadline) {}
        return result
    }
}

@Suite struct ProcessRunnerTests {
    /// Runs from inside `concurrentMap`, as the book tool runs the compiler: a child that fills
    /// its standard error before it writes to standard output must not be left waiting.
    @Test func aChildFillingBothPipesFinishesInsideConcurrentMap() {
        let script = "head -c 300000 /dev/zero | tr '\\0' e >&2; echo done"
        let results = concurrentMap([1, 2, 3, 4]) { _ in
            ProcessRunner.run("sh", ["-c", script], timeout: 20)
        }
        // Counted first, so that a failure does not print 300,000 characters.
        let counts = results.map {
            [
                $0.timedOut ? 1 : 0, $0.standardError.count,
                $0.standardOutput.count,
            ]
        }
        #expect(counts == Array(repeating: [0, 300_000, 5], count: 4))
    }
}
