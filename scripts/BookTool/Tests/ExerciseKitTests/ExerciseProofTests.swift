import Testing

@testable import ExerciseKit

@Suite struct ExerciseProofTests {
    @Test func aChaptersOwnFilesNameItsNumber() {
        #expect(
            chapter(
                ofChangedPath: "Sources/MiniCombine/04-Map/Map.swift") == 4)
        #expect(
            chapter(ofChangedPath: "Chapters/02-Just/main.swift")
                == 2)
        #expect(
            chapter(
                ofChangedPath:
                    "Tests/MiniCombineTests/Chapter07CancelRaceTests.swift")
                == 7)
        #expect(
            chapter(ofChangedPath: "book/05-operator-inner.md")
                == 5)
        #expect(
            chapter(
                ofChangedPath: "scripts/Exercises/03-Sink/count/Answer.swift")
                == 3)
    }

    @Test func filesEveryProofReadsMeanAllChapters() {
        #expect(chapter(ofChangedPath: "Package.swift") == 0)
        #expect(
            chapter(
                ofChangedPath: "Tests/MiniCombineTests/Support/Recorder.swift")
                == 0)
        #expect(
            chapter(
                ofChangedPath:
                    "scripts/BookTool/Sources/ExerciseKit/ExerciseProof.swift")
                == 0)
    }

    @Test func filesNoProofReadsMeanNone() {
        #expect(chapter(ofChangedPath: "README.md") == nil)
        #expect(chapter(ofChangedPath: "book/README.md") == nil)
        #expect(
            chapter(
                ofChangedPath: "scripts/Comparison/Package.swift") == nil)
    }
}
