import BookKit
import Foundation

/// The public `MiniCombine` symbols a code span in the book can name.
struct SymbolIndex {
    struct Symbol: Hashable {
        /// `["Subscribers", "Demand"]`: `Subscribers.Demand` in the book, linked as
        /// `Subscribers/Demand`.
        var path: [String]
        /// The symbol graph's kind: `swift.struct`, `swift.method` and so on.
        var kind: String
        /// The number of the library folder that declares it (`Sources/MiniCombine/05-…`),
        /// which is the number of the chapter that builds it.
        var chapterNumber: Int?

        var dottedName: String { path.joined(separator: ".") }
        var linkPath: String { path.joined(separator: "/") }
        var isType: Bool {
            ["swift.struct", "swift.class", "swift.enum", "swift.protocol"]
                .contains(kind)
        }
    }

    var symbols: [Symbol]

    /// The symbol a code span names, or `nil` when it names none or several: a symbol's full
    /// path, the one type of that name, or the one method of that name, preferring the
    /// protocol's.
    func symbol(named text: String) -> Symbol? {
        guard text.wholeMatch(of: /[A-Za-z][A-Za-z0-9_.():]*/) != nil else {
            return nil
        }
        func unique(_ candidates: [Symbol]) -> Symbol? {
            candidates.count == 1 ? candidates[0] : nil
        }
        let types = symbols.filter { $0.isType && $0.path.last == text }
        let methods = symbols.filter {
            ["swift.method", "swift.func"].contains($0.kind)
                && ($0.path.last == text
                    || $0.path.last?.prefix { $0 != "(" } == text[...])
        }
        let protocolMembers = methods.filter { method in
            symbols.contains {
                $0.kind == "swift.protocol"
                    && $0.path == Array(method.path.dropLast())
            }
        }
        return unique(symbols.filter { $0.dottedName == text })
            ?? (text.contains(".")
                ? nil
                : unique(types) ?? unique(methods) ?? unique(protocolMembers))
    }
}

extension SymbolIndex {
    /// Reads the library's symbol graph (`MiniCombine.symbols.json`), leaving out synthesized
    /// members (a protocol's default implementations repeated on every conforming type) and
    /// symbols whose DocC path another symbol shares (overloads, which would need a
    /// disambiguation suffix), so every symbol here has exactly one plain link.
    init(symbolGraph url: URL) throws {
        let graph = try? JSONSerialization.jsonObject(
            with: Data(contentsOf: url))
        guard
            let entries = (graph as? [String: Any])?["symbols"]
                as? [[String: Any]]
        else {
            throw SiteError("\(url.path): cannot be read as a symbol graph")
        }
        /// `field(entry, "kind", "identifier")` is `entry.kind.identifier`.
        func field(_ entry: [String: Any], _ keys: String...) -> String {
            keys.reduce(entry as Any?) { ($0 as? [String: Any])?[$1] }
                as? String ?? ""
        }
        let real = entries.filter {
            !field($0, "identifier", "precise").contains("::SYNTHESIZED::")
        }
        let paths = real.map { $0["pathComponents"] as? [String] ?? [] }
        let counts = Dictionary(paths.map { ($0, 1) }, uniquingKeysWith: +)
        symbols = zip(real, paths).filter { counts[$1] == 1 }.map {
            entry, path in
            let folder = field(entry, "location", "uri")
                .firstMatch(of: /\/Sources\/MiniCombine\/([^\/]*)/)?.1
            return Symbol(
                path: path, kind: field(entry, "kind", "identifier"),
                chapterNumber: folder.flatMap { leadingNumber(of: String($0)) })
        }
    }
}
