import Testing

@testable import ExerciseKit

@Suite struct ExerciseMarkedFileTests {
    @Test func blankBecomesOneFailureAndHideDisappears() {
        let file = ExerciseMarkedFile(
            path: "A.swift",
            text: """
                final class Inner {
                    // exercise.hide
                    private var count = 0
                    // exercise.end

                    func request() {
                        // exercise.blank: Inner.request()
                        count += 1
                        // exercise.end
                    }
                }

                """)
        #expect(file.problems.isEmpty)
        #expect(
            file.blankedText == """
                final class Inner {

                    func request() {
                        fatalError("Not implemented yet: Inner.request()")
                    }
                }

                """)
        #expect(file.blanks.map(\.what) == ["Inner.request()"])
        #expect(file.blanks.map(\.line) == [4])
    }
}

@Suite struct ExerciseMarkerProblemTests {
    @Test func unclosedNestedAndMalformedMarkersAreReportedWithTheirLines() {
        let file = ExerciseMarkedFile(
            path: "A.swift",
            text: """
                // exercise.blank: one
                // exercise.hide
                // exercise.blank:
                // exercise.end
                // exercise.end
                // exercise.blank: two

                """)
        #expect(
            file.problems == [
                "A.swift:2: exercise regions do not nest; the one opened at line 1 is still open",
                "A.swift:3: malformed exercise marker '// exercise.blank:'; expected "
                    + "'// exercise.blank: WHAT', '// exercise.hide' or '// exercise.end'",
                "A.swift:5: '// exercise.end' without an open region",
                "A.swift:6: exercise region is never closed with '// exercise.end'",
            ])
    }
}

@Suite struct EventStreamReaderTests {
    @Test func aTestThatStartedAndNeverEndedIsTheRunningOne() {
        var reader = EventStreamReader()
        let lines = [
            #"{"kind":"test","payload":{"id":"M.S/a()/F.swift:1:1","kind":"function","name":"a()"},"version":0}"#,
            #"{"kind":"test","payload":{"id":"M.S/b()/F.swift:2:1","kind":"function","name":"b()"},"version":0}"#,
            #"{"kind":"event","payload":{"kind":"testStarted","testID":"M.S/a()/F.swift:1:1"},"version":0}"#,
            #"{"kind":"event","payload":{"kind":"issueRecorded","testID":"M.S/a()/F.swift:1:1","messages":[{"text":"Expectation failed: 1 == 2"}]},"version":0}"#,
            #"{"kind":"event","payload":{"kind":"testEnded","testID":"M.S/a()/F.swift:1:1"},"version":0}"#,
            #"{"kind":"event","payload":{"kind":"testStarted","testID":"M.S/b()/F.swift:2:1"},"version":0}"#,
        ]
        for line in lines {
            reader.read(line: line)
        }
        #expect(reader.outcomes.map(\.status) == [.failed(["Expectation failed: 1 == 2"])])
        #expect(reader.runningTest?.name == "b()")
        #expect(!reader.sawRunEnd)
    }

    @Test func behaviourSplitsTheFunctionNameIntoWords() {
        let test = TestOutcome(
            id: "x", name: "justSendsNothingBeforeARequest()", displayName: nil, status: .passed)
        #expect(test.behaviour == "just sends nothing before a request")
    }
}
