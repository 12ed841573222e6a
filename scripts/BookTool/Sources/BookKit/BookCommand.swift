import Foundation

/// The command line: `book-tool --root PATH (check | sync | record PAGE COMMAND)`.
public enum BookCommand {
    static let usage = """
        usage: book-tool --root REPOSITORY (check | sync | record PAGE COMMAND)
          check   report every problem and out-of-date block; change nothing
          sync    re-record out-of-date blocks, writing nothing if anything else is wrong
          record  put standard input into PAGE's '<!-- measurement: COMMAND -->' block
        """

    /// Runs the command described by `arguments` (without the program name) and returns the exit status.
    public static func run(_ arguments: [String]) -> Int32 {
        run(arguments, evidenceSource: ToolchainEvidenceSource())
    }

    /// Runs the command with `evidenceSource` standing in for the toolchain.
    static func run(_ arguments: [String], evidenceSource: any EvidenceSource)
        -> Int32
    {
        var root = FileManager.default.currentDirectoryPath
        var command: String?
        var recording: (page: String, command: String)?
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--root":
                guard let value = remaining.popFirst() else {
                    return fail("--root needs a path")
                }
                root = value
            case "-h", "--help":
                print(usage)
                return 0
            case "check", "sync", "record":
                guard command == nil else {
                    return fail("give only one command")
                }
                command = argument
                if argument == "record" {
                    guard let page = remaining.popFirst(),
                        let measured = remaining.popFirst()
                    else { return fail("record needs a page and a command") }
                    recording = (page, measured)
                }
            default:
                return fail("unknown argument '\(argument)'")
            }
        }
        guard let command else { return fail("missing command") }
        guard FileManager.default.fileExists(atPath: root + "/book/README.md")
        else {
            return fail(
                "\(root) holds no book: there is no book/README.md in it")
        }
        let session = BookSession(
            root: URL(fileURLWithPath: root), evidenceSource: evidenceSource)
        let report: BookReport
        if let recording {
            let input = FileHandle.standardInput.readDataToEndOfFile()
            report = session.record(
                String(decoding: input, as: UTF8.self), by: recording.command,
                in: recording.page)
        } else {
            report = command == "check" ? session.check() : session.sync()
        }
        printReport(report)
        return report.succeeded ? 0 : 1
    }

    private static func printReport(_ report: BookReport) {
        for line in report.notes.map({ "note: \($0)" })
            + report.diagnostics.map(\.description)
        {
            printError(line)
        }
        for path in report.updatedFiles {
            print("updated \(path)")
        }
        print(report.summary)
    }

    private static func fail(_ message: String) -> Int32 {
        printError("book-tool: \(message)\n\(usage)")
        return 2
    }

    private static func printError(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
