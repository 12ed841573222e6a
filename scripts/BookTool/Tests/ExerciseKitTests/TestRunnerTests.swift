import Foundation
import Testing

@testable import ExerciseKit

@Suite struct TestRunnerTests {
    /// A stand-in for a Swift Testing binary: it writes the event stream of two tests, `a()`
    /// and `b()`; `a()` never ends (an infinite loop in a body) unless it is skipped.
    static let fakeBinary = #"""
        #!/bin/sh
        out=""; skipping=no
        while [ $# -gt 0 ]; do
            case "$1" in
                --event-stream-output-path) out="$2"; shift ;;
                --skip) skipping=yes; shift ;;
            esac
            shift
        done
        test() { echo '{"kind":"test","payload":{"id":"M.S/'$1'()/F.swift:1:1","kind":"function","name":"'$1'()"},"version":0}'; }
        event() { echo '{"kind":"event","payload":{"kind":"'$1'","testID":"M.S/'$2'()/F.swift:1:1"},"version":0}'; }
        { test a; test b; } >> "$out"
        if [ "$skipping" = no ]; then
            event testStarted a >> "$out"
            while :; do :; done
        fi
        { event testStarted b; event testEnded b; echo '{"kind":"event","payload":{"kind":"runEnded"},"version":0}'; } >> "$out"
        """#

    /// Three tests, `a()`, `b()` and `c()`: the first two never end unless skipped.
    static let twoHangs = #"""
        #!/bin/sh
        out=""; skipped=""
        while [ $# -gt 0 ]; do
            case "$1" in
                --event-stream-output-path) out="$2"; shift ;;
                --skip) skipped="$skipped $2"; shift ;;
            esac
            shift
        done
        test() { echo '{"kind":"test","payload":{"id":"M.S/'$1'()/F.swift:1:1","kind":"function","name":"'$1'()"},"version":0}'; }
        event() { echo '{"kind":"event","payload":{"kind":"'$1'","testID":"M.S/'$2'()/F.swift:1:1"},"version":0}'; }
        { test a; test b; test c; } >> "$out"
        for name in a b c; do
            case "$skipped" in *"/$name\("*) continue ;; esac
            event testStarted $name >> "$out"
            [ $name = c ] || while :; do :; done
            event testEnded $name >> "$out"
        done
        echo '{"kind":"event","payload":{"kind":"runEnded"},"version":0}' >> "$out"
        """#

    @Test func afterOneTestHangsTheOthersGetOneSecondSoTheReportComesSoon()
        throws
    {
        let started = Date()

        let outcomes = try Self.run(Self.twoHangs, testTimeLimit: 4)
        #expect(outcomes.map(\.name) == ["a()", "b()", "c()"])
        #expect(
            outcomes.map(\.status) == [
                .timedOut(seconds: 4), .timedOut(seconds: 1), .passed,
            ])
        // About 6 s alone; other tests' busy loops share the cores.
        #expect(Date().timeIntervalSince(started) < 20)
    }

    @Test func aTestThatNeverEndsIsNamedAsTimedOutAndTheOthersStillRun() throws
    {
        let started = Date()

        let outcomes = try Self.run(Self.fakeBinary, testTimeLimit: 1)
        #expect(outcomes.map(\.name) == ["a()", "b()"])
        #expect(outcomes.map(\.status) == [.timedOut(seconds: 1), .passed])
        #expect(Date().timeIntervalSince(started) < 10)
    }

    /// Runs `script` as a test binary, with `testTimeLimit` seconds a test.
    static func run(_ script: String, testTimeLimit: TimeInterval) throws
        -> [TestOutcome]
    {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("test-runner-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let binary = folder.appendingPathComponent("fake-tests")
        try Data(script.utf8).write(to: binary)
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o755], ofItemAtPath: binary.path)
        return try TestRunner(
            binary: binary, directory: folder, testTimeLimit: testTimeLimit
        )
        .run(filter: ".*")
    }
}
