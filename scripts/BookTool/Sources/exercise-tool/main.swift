import ExerciseKit
import Foundation

ExerciseCommand.prepareForInterrupts()
var arguments = Array(CommandLine.arguments.dropFirst())
var root = FileManager.default.currentDirectoryPath
if arguments.first == "--root", arguments.count >= 2 {
    root = arguments[1]
    arguments.removeFirst(2)
}
exit(ExerciseCommand.run(arguments, root: URL(fileURLWithPath: root)))
