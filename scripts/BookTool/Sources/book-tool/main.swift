import BookKit
import Foundation

InterruptCleanup.installSignalHandlers()
exit(BookCommand.run(Array(CommandLine.arguments.dropFirst())))
