import BookKit
import Foundation

let usage = """
    usage: site-tool catalog --book DIR --symbol-graph FILE --output DIR [--repository-url URL]
           site-tool check --site DIR --book DIR [--base-path NAME]
    """
/// Each command's options, all `--name value`; any other argument is an error.
let commands = [
    "catalog": ["--book", "--symbol-graph", "--output", "--repository-url"],
    "check": ["--site", "--book", "--base-path"],
]

InterruptCleanup.installSignalHandlers()
var arguments = CommandLine.arguments.dropFirst()
do {
    guard let command = arguments.popFirst(), let allowed = commands[command]
    else { throw SiteError(usage) }
    var given: [String: String] = [:]
    while let name = arguments.popFirst() {
        guard allowed.contains(name), let value = arguments.popFirst() else {
            throw SiteError(
                "unknown argument '\(name)', or it needs a value\n\(usage)")
        }
        given[name] = value
    }
    func url(_ name: String) throws -> URL {
        guard let value = given[name] else {
            throw SiteError("missing \(name)\n\(usage)")
        }
        return URL(fileURLWithPath: value)
    }
    let book = try Book(folder: url("--book"))
    if command == "catalog" {
        let symbols = try SymbolIndex(symbolGraph: url("--symbol-graph"))
        let catalog = Catalog(
            book: book, symbols: symbols,
            repositoryURL: given["--repository-url"])
        try catalog.write(to: url("--output"))
    } else {
        let basePath = given["--base-path"] ?? ""
        exit(
            try SiteCheck(site: url("--site"), book: book, basePath: basePath)
                .run() ? 0 : 1)
    }
} catch {
    FileHandle.standardError.write(Data("site-tool: error: \(error)\n".utf8))
    exit(1)
}
