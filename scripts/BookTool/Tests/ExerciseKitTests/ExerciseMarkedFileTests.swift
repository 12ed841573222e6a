import Foundation
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
            file.blanked.text == """
                final class Inner {

                    func request() {
                        fatalError("Not implemented yet: Inner.request()")
                    }
                }

                """)
        #expect(file.blanked.blanks.map { $0.what } == ["Inner.request()"])
        #expect(file.blanked.blanks.map { $0.line } == [4])
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
                "A.swift:2: error: exercise regions do not nest; the one opened at line 1 is still open",
                "A.swift:3: error: malformed exercise marker '// exercise.blank:'; expected "
                    + "'// exercise.blank: WHAT', '// exercise.hide' or '// exercise.end'",
                "A.swift:5: error: '// exercise.end' without an open region",
                "A.swift:6: error: exercise region is never closed with '// exercise.end'",
            ])
    }
}

@Suite struct EventStreamReaderTests {
    @Test func aTestThatStartedAndNeverEndedIsTheRunningOne() {
        let lines = [
            #"{"kind":"test","payload":{"id":"M.S/a()/F.swift:1:1","kind":"function","name":"a()"},"version":0}"#,
            #"{"kind":"test","payload":{"id":"M.S/b()/F.swift:2:1","kind":"function","name":"b()"},"version":0}"#,
            #"{"kind":"event","payload":{"kind":"testStarted","testID":"M.S/a()/F.swift:1:1"},"version":0}"#,
            #"{"kind":"event","payload":{"kind":"issueRecorded","testID":"M.S/a()/F.swift:1:1","messages":[{"text":"Expectation failed: 1 == 2"}]},"version":0}"#,
            #"{"kind":"event","payload":{"kind":"testEnded","testID":"M.S/a()/F.swift:1:1"},"version":0}"#,
            #"{"kind":"event","payload":{"kind":"testStarted","testID":"M.S/b()/F.swift:2:1"},"version":0}"#,
        ]
        let reader = TestEvents(lines.joined(separator: "\n"))
        #expect(
            reader.ended.map(\.status) == [
                .failed(["Expectation failed: 1 == 2"])
            ])
        #expect(reader.running?.name == "b()")
        #expect(!reader.sawRunEnd)
    }

    @Test func behaviourSplitsTheFunctionNameIntoWords() {
        let test = TestOutcome(
            id: "x", name: "justSendsNothingBeforeARequest()", displayName: nil,
            status: .passed)
        #expect(test.behaviour == "just sends nothing before a request")
    }
}

@Suite struct ReadableIssueTests {
    @Test func anArrayComparisonShowsItsFirstDifferenceWithoutQualifiers() {
        let issue = """
            Expectation failed: (subscriber.events → [MiniCombineTests.Event<Swift.Int, Swift.Never>.subscription, MiniCombineTests.Event<Swift.Int, Swift.Never>.value(-1)]) == ([
                            .subscription, .value(-1), .value(-2), .value(-3), .completion(.finished),
                        ] → [MiniCombineTests.Event<Swift.Int, Swift.Never>.subscription, MiniCombineTests.Event<Swift.Int, Swift.Never>.value(-1), MiniCombineTests.Event<Swift.Int, Swift.Never>.value(-2), MiniCombineTests.Event<Swift.Int, Swift.Never>.value(-3), MiniCombineTests.Event<Swift.Int, Swift.Never>.completion(MiniCombine.Subscribers.Completion<Swift.Never>.finished)])
            removed [MiniCombineTests.Event<Swift.Int, Swift.Never>.value(-2)] (Tests/MiniCombineTests/Chapter04MapTests.swift:122)
            """
        #expect(
            ReadableIssue(text: issue).lines == [
                "expected `.value(-2)` at position 3, got nothing",
                "  expected: [.subscription, .value(-1), .value(-2), .value(-3), .completion(.finished)]",
                "  actual:   [.subscription, .value(-1)]",
                "(Tests/MiniCombineTests/Chapter04MapTests.swift:122)",
            ])
    }

    @Test func aLocalTypesUnknownContextIsTakenOutAndALongTraceIsWindowed() {
        let values = (1...40).map {
            "MiniCombineTests.Latest3(\($0), nil, nil)"
        }
        let actual = "[" + values.joined(separator: ", ") + "]"
        let expected =
            "[" + values.prefix(20).joined(separator: ", ")
            + ", Latest3(0, nil, nil)]"
        let issue =
            "Expectation failed: (events → \(actual)) == ([…] → \(expected)) (Tests/M/A.swift:9)"
            .replacingOccurrences(
                of: "Latest3(", with: "(unknown context at $55a8c0).Latest3(")

        let lines = ReadableIssue(text: issue).lines

        #expect(
            lines.first
                == "expected `Latest3(0, nil, nil)` at position 21, got `Latest3(21, nil, nil)`"
        )
        #expect(lines.count == 4)
        #expect(
            lines.allSatisfy {
                $0.count <= ReadableIssue.width && !$0.contains("unknown")
            },
            "\(lines)")
    }
}
