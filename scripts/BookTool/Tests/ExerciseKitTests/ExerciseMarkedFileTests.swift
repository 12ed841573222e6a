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
