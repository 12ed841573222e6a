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
        #expect(messages[0].recordedForm == "3:8: error: cannot find type 'Sink' in scope")
        #expect(messages[0].file == "/tmp/x/main.swift")
        #expect(messages[3].line == nil)
    }
}
