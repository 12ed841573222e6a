import Foundation
import Testing

@testable import ExerciseKit

@Suite(.serialized) struct CommandLineTests {
    /// Runs the command on a fresh fixture repository; its exit status, what it wrote to
    /// standard error, and whether the repository is as it was.
    func run(_ arguments: [String], edit: [String: String] = [:]) throws -> (
        status: Int32, errors: String, unchanged: Bool
    ) {
        let fixture = ExerciseWorkspaceTests()
        let root = try fixture.makeRepository()
        defer { try? FileManager.default.removeItem(at: root) }
        for (path, text) in edit {
            try Data(text.utf8).write(to: root.appendingPathComponent(path))
        }
        let before = fixture.contents(of: root)
        let file = root.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: file.path, contents: nil)
        let handle = try FileHandle(forWritingTo: file)
        let saved = dup(2)
        dup2(handle.fileDescriptor, 2)
        let status = ExerciseCommand.run(arguments, root: root)
        dup2(saved, 2)
        close(saved)
        try handle.close()
        let errors = try String(contentsOf: file, encoding: .utf8)
        return (status, errors, fixture.contents(of: root) == before)
    }

    @Test func extraArgumentsAreRejectedOnStandardErrorAndChangeNothing() throws
    {
        let extra = try run(["start", "1", "2"])
        #expect(extra.status == 1)
        #expect(
            extra.errors
                == "scripts/exercise: error: 'start' takes N, not '1 2', "
                + "such as 'scripts/exercise start 4'\n")
        #expect(extra.unchanged)
        let option = try run(["status", "--time-limit", "5"])
        #expect(option.status == 1)
        #expect(
            option.errors
                == "scripts/exercise: error: 'status' has no option '--time-limit'\n"
        )
    }

    @Test func aMarkerProblemIsOneLineNamingItsFileAndLine() throws {
        let path = "Sources/MiniCombine/01-First/First.swift"
        let result = try run(
            ["start", "1"], edit: [path: "// exercise.blank: first()\n"])
        #expect(result.status == 1)
        #expect(
            result.errors
                == "\(path):1: error: exercise region is never closed with "
                + "'// exercise.end'\n")
        #expect(result.unchanged)
    }

    @Test func fileCountsAreWrittenInWords() {
        #expect(files(1) == "1 file")
        #expect(files(3) == "3 files")
        #expect(files(0, "set-aside file") == "0 set-aside files")
    }
}
