import BookKit
import Foundation

exit(BookCommand.run(Array(CommandLine.arguments.dropFirst())))
