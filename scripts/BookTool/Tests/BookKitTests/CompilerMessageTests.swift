import Testing

@testable import BookKit

@Suite struct CompilerMessageTests {
    @Test func llvmStyleOutputKeepsOnlyDiagnosticLines() {
        let output = """
            /tmp/x/main.swift:3:8: error: cannot find type 'Sink' in scope
            let y: Sink = 1
                   ^~~~
            /tmp/x/main.swift:4:5: warning: variable 'z' was never used [#no-usage]
            /tmp/x/main.swift:1:1: note: did you mean 'Just'?
            <unknown>:0: error: missing required module 'X'
            """
        let messages = CompilerMessage.parse(output)
        #expect(messages.map(\.severity) == [.error, .warning, .note, .error])
        #expect(
            messages[0].recordedForm
                == "3:8: error: cannot find type 'Sink' in scope")
        #expect(messages[0].file == "/tmp/x/main.swift")
        #expect(messages[3].line == nil)
    }

    @Test func echoedSourceLinesAreNotDiagnostics() {
        let output = """
            /tmp/x/main.swift:2:7: error: cannot find 'y' in scope
            print("x: error: y")
                  ^
            let s = "a:1:2: error: b"
                print("main.swift:3:4: warning: c")
            label: error: do {}
            """
        #expect(
            CompilerMessage.parse(output) == [
                CompilerMessage(
                    file: "/tmp/x/main.swift", line: 2, column: 7,
                    severity: .error,
                    message: "cannot find 'y' in scope")
            ])
    }

    @Test func linesStartingWithASeverityAndUnknownLocationsHaveNoLocation() {
        let messages = CompilerMessage.parse(
            "error: unable to load standard library\nwarning: w\n<unknown>:0: error: no module\n"
        )
        #expect(
            messages.map(\.message) == [
                "unable to load standard library", "w", "no module",
            ])
        #expect(messages.allSatisfy { $0.file == nil && $0.line == nil })
    }

    @Test
    func failureWithoutAMessageKeepsOnlyTheFirstNonBlankLineOfStandardError() {
        let result = ProcessResult(
            exitStatus: 1, standardOutput: "",
            standardError:
                "\n  Stack dump:\n0. Program arguments: swiftc …\n1. more\n",
            timedOut: false)
        #expect(result.failureReason(program: "swiftc") == "Stack dump:")
        let silent = ProcessResult(
            exitStatus: 254, standardOutput: "", standardError: " \n",
            timedOut: false)
        #expect(
            silent.failureReason(program: "swiftc")
                == "swiftc exited with status 254")
    }

    @Test func aFailedRunWithoutAnErrorIsExplainedByItsStandardError() {
        let warning = CompilerMessage(
            file: "a.swift", line: 1, severity: .warning, message: "w")
        let failed = ProcessResult(
            exitStatus: 1, standardOutput: "",
            standardError: "\nswift-frontend crashed\n", timedOut: false)
        #expect(
            CompilerMessage.explained([warning], failed) == [
                warning,
                CompilerMessage(
                    severity: .error, message: "swift-frontend crashed"),
            ])
        // An error already says why; a run that succeeded needs no reason.
        let error = CompilerMessage(severity: .error, message: "e")
        #expect(CompilerMessage.explained([error], failed) == [error])
        var succeeded = failed
        succeeded.exitStatus = 0
        #expect(CompilerMessage.explained([warning], succeeded) == [warning])
        // A failure that wrote nothing is explained by its exit status.
        var silent = failed
        silent.standardError = ""
        #expect(
            CompilerMessage.explained([], silent).map(\.message) == [
                "swiftc exited with status 1"
            ])
    }
}
