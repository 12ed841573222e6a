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

    @Test func aTestThatNeverEndsIsNamedAsTimedOutAndTheOthersStillRun() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "test-runner-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let binary = folder.appendingPathComponent("fake-tests")
        try Data(Self.fakeBinary.utf8).write(to: binary)
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o755], ofItemAtPath: binary.path)
        let started = Date()

        let result = TestRunner(binary: binary, directory: folder, testTimeLimit: 1)
            .run(filter: ".*")

        let outcomes = try result.get()
        #expect(outcomes.map(\.name) == ["a()", "b()"])
        #expect(outcomes.map(\.status) == [.timedOut(seconds: 1), .passed])
        #expect(Date().timeIntervalSince(started) < 10)
    }
}
