import BookKit
import Foundation

/// The public `MiniCombine` symbols a code span in the book can name.
struct SymbolIndex {
    struct Symbol: Hashable {
        /// `["Subscribers", "Demand"]`: the DocC link is these joined by `/`.
        var path: [String]
        /// The symbol graph's kind: `swift.struct`, `swift.method` and so on.
        var kind: String
        /// Whether it is a member of a protocol (a requirement or an extension method).
        var isProtocolMember = false
        /// The number of the library folder that declares it (`Sources/MiniCombine/05-…`),
        /// which is the number of the chapter that builds it.
        var chapterNumber: Int?

        /// `Subscribers.Demand`, as the book writes it in a code span.
        var dottedName: String { path.joined(separator: ".") }
        /// `Subscribers/Demand`, as DocC links to it.
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
        if let exact = unique(symbols.filter { $0.dottedName == text }) {
            return exact
        }
        if text.contains(".") { return nil }
        if let type = unique(
            symbols.filter { $0.isType && $0.path.last == text })
        {
            return type
        }
        let methods = symbols.filter { symbol in
            guard ["swift.method", "swift.func"].contains(symbol.kind),
                let last = symbol.path.last
            else { return false }
            return text.contains("(")
                ? last == text : last.prefix { $0 != "(" } == text
        }
        return unique(methods) ?? unique(methods.filter(\.isProtocolMember))
    }
}

extension SymbolIndex {
    /// Reads the library's symbol graph (`MiniCombine.symbols.json`), leaving out synthesized
    /// members (a protocol's default implementations repeated on every conforming type) and
    /// symbols whose DocC path another symbol shares (overloads, which would need a
    /// disambiguation suffix), so every symbol here has exactly one plain link.
    init(symbolGraph url: URL) throws {
        let graph =
            (try? JSONSerialization.jsonObject(with: Data(contentsOf: url)))
            as? [String: Any]
        guard let entries = graph?["symbols"] as? [[String: Any]],
            let relations = graph?["relationships"] as? [[String: Any]]
        else {
            throw SiteError("\(url.path): cannot be read as a symbol graph")
        }
        /// `field(entry, "kind", "identifier")` is `entry.kind.identifier`.
        func field(_ entry: [String: Any], _ keys: String...) -> String {
            keys.reduce(entry as Any?) { ($0 as? [String: Any])?[$1] }
                as? String
                ?? ""
        }
        let kinds = Dictionary(
            entries.map {
                (
                    field($0, "identifier", "precise"),
                    field($0, "kind", "identifier")
                )
            }, uniquingKeysWith: { first, _ in first })
        var parentKind: [String: String] = [:]
        for relation in relations
        where ["memberOf", "requirementOf", "optionalRequirementOf"].contains(
            field(relation, "kind"))
        {
            parentKind[field(relation, "source")] =
                kinds[field(relation, "target")]
        }
        let real = entries.filter {
            !field($0, "identifier", "precise").contains("::SYNTHESIZED::")
        }
        let paths = real.map { $0["pathComponents"] as? [String] ?? [] }
        let counts = Dictionary(paths.map { ($0, 1) }, uniquingKeysWith: +)
        symbols = zip(real, paths).filter { counts[$1] == 1 }.map {
            entry, path in
            Symbol(
                path: path, kind: field(entry, "kind", "identifier"),
                isProtocolMember: parentKind[
                    field(entry, "identifier", "precise")]
                    == "swift.protocol",
                chapterNumber: field(entry, "location", "uri").firstMatch(
                    of: /\/Sources\/MiniCombine\/([^\/]*)/
                ).flatMap { leadingNumber(of: String($0.1)) })
        }
    }
}
