import Foundation

// site-tool catalog --book DIR --symbol-graph FILE --output DIR.docc [--repository-url URL]
// site-tool check --site DIR --book DIR [--base-path NAME]
let usage = """
    usage: site-tool catalog --book DIR --symbol-graph FILE --output DIR [--repository-url URL]
           site-tool check --site DIR --book DIR [--base-path NAME]
    """

/// The `--name value` pairs after the command, each name one of `allowed`; anything else is an
/// error, so a mistyped option is never silently ignored.
func options(_ arguments: ArraySlice<String>, allowed: [String]) throws
    -> [String: String]
{
    var values: [String: String] = [:]
    var rest = arguments
    while let name = rest.popFirst() {
        guard allowed.contains(name), let value = rest.popFirst() else {
            throw SiteError(
                "unknown argument '\(name)', or it needs a value\n\(usage)")
        }
        values[name] = value
    }
    return values
}

extension [String: String] {
    func required(_ name: String) throws -> String {
        guard let value = self[name] else {
            throw SiteError("missing \(name)\n\(usage)")
        }
        return value
    }
}

let arguments = Array(CommandLine.arguments.dropFirst())
do {
    switch arguments.first {
    case "catalog":
        let given = try options(
            arguments.dropFirst(),
            allowed: [
                "--book", "--symbol-graph", "--output", "--repository-url",
            ])
        let book = try Book(
            folder: URL(fileURLWithPath: given.required("--book")))
        let symbols = try SymbolIndex(
            symbolGraph: URL(fileURLWithPath: given.required("--symbol-graph")))
        let converter = PageConverter(
            book: book, symbols: symbols,
            repositoryURL: given["--repository-url"])
        try CatalogWriter(book: book, converter: converter)
            .write(to: URL(fileURLWithPath: given.required("--output")))
    case "check":
        let given = try options(
            arguments.dropFirst(), allowed: ["--site", "--book", "--base-path"])
        let book = try Book(
            folder: URL(fileURLWithPath: given.required("--book")))
        let checker = SiteChecker(
            site: URL(fileURLWithPath: try given.required("--site")),
            book: book,
            basePath: given["--base-path"] ?? "")
        exit(try checker.run() ? 0 : 1)
    default:
        throw SiteError(usage)
    }
} catch {
    FileHandle.standardError.write(Data("site-tool: error: \(error)\n".utf8))
    exit(1)
}
