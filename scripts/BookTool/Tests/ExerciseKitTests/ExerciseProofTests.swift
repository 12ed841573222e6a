import Testing

@testable import ExerciseKit

@Suite struct ExerciseProofTests {
    @Test func aChaptersOwnFilesNameItsNumber() {
        #expect(
            ExerciseProof.chapter(
                ofChangedPath: "Sources/MiniCombine/04-Map/Map.swift") == 4)
        #expect(
            ExerciseProof.chapter(ofChangedPath: "Chapters/02-Just/main.swift")
                == 2)
        #expect(
            ExerciseProof.chapter(
                ofChangedPath:
                    "Tests/MiniCombineTests/Chapter07CancelRaceTests.swift")
                == 7)
        #expect(
            ExerciseProof.chapter(ofChangedPath: "book/05-operator-inner.md")
                == 5)
        #expect(
            ExerciseProof.chapter(
                ofChangedPath: "scripts/Exercises/03-Sink/count/Answer.swift")
                == 3)
    }

    @Test func filesEveryProofReadsMeanAllChapters() {
        #expect(ExerciseProof.chapter(ofChangedPath: "Package.swift") == 0)
        #expect(
            ExerciseProof.chapter(
                ofChangedPath: "Tests/MiniCombineTests/Support/Recorder.swift")
                == 0)
        #expect(
            ExerciseProof.chapter(
                ofChangedPath:
                    "scripts/BookTool/Sources/ExerciseKit/ExerciseProof.swift")
                == 0)
    }

    @Test func filesNoProofReadsMeanNone() {
        #expect(ExerciseProof.chapter(ofChangedPath: "README.md") == nil)
        #expect(ExerciseProof.chapter(ofChangedPath: "book/README.md") == nil)
        #expect(
            ExerciseProof.chapter(
                ofChangedPath: "scripts/Comparison/Package.swift") == nil)
    }
}
