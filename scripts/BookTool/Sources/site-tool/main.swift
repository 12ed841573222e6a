import Foundation

// site-tool catalog --book DIR --symbol-graph FILE --output DIR.docc [--repository-url URL]
// site-tool check --site DIR --book DIR [--base-path NAME]
let usage = """
    usage: site-tool catalog --book DIR --symbol-graph FILE --output DIR [--repository-url URL]
           site-tool check --site DIR --book DIR [--base-path NAME]
    """

func option(_ name: String, in arguments: [String]) -> String? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else {
        return nil
    }
    return arguments[index + 1]
}

func required(_ name: String, in arguments: [String]) throws -> String {
    guard let value = option(name, in: arguments) else {
        throw SiteError("missing \(name)\n\(usage)")
    }
    return value
}

let arguments = Array(CommandLine.arguments.dropFirst())
do {
    switch arguments.first {
    case "catalog":
        let book = try Book(folder: URL(fileURLWithPath: required("--book", in: arguments)))
        let symbols = try SymbolIndex(
            symbolGraph: URL(fileURLWithPath: required("--symbol-graph", in: arguments)))
        let converter = PageConverter(
            book: book, symbols: symbols,
            repositoryURL: option("--repository-url", in: arguments))
        try CatalogWriter(book: book, converter: converter)
            .write(to: URL(fileURLWithPath: required("--output", in: arguments)))
    case "check":
        let book = try Book(folder: URL(fileURLWithPath: required("--book", in: arguments)))
        let checker = SiteChecker(
            site: URL(fileURLWithPath: try required("--site", in: arguments)), book: book,
            basePath: option("--base-path", in: arguments) ?? "")
        exit(try checker.run() ? 0 : 1)
    default:
        throw SiteError(usage)
    }
} catch {
    FileHandle.standardError.write(Data("site-tool: error: \(error)\n".utf8))
    exit(1)
}
