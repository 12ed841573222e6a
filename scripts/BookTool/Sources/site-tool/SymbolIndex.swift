import BookKit
import Foundation

/// The public `MiniCombine` symbols a code span in the book can name, read from the
/// library's symbol graph (`MiniCombine.symbols.json`).
struct SymbolIndex {
    struct Symbol: Hashable {
        /// `["Subscribers", "Demand"]`: the DocC link is these joined by `/`.
        var pathComponents: [String]
        /// The symbol graph's kind: `swift.struct`, `swift.method` and so on.
        var kind: String
        /// Whether the symbol is a member of a protocol (a requirement or an extension method).
        var isProtocolMember: Bool
        /// The number of the library folder that declares it (`Sources/MiniCombine/05-…`),
        /// which is the number of the chapter that builds it.
        var chapterNumber: Int?

        /// `Subscribers.Demand`, as the book writes it in a code span.
        var dottedName: String { pathComponents.joined(separator: ".") }
        /// `Subscribers/Demand`, as DocC links to it.
        var linkPath: String { pathComponents.joined(separator: "/") }
        var isType: Bool {
            ["swift.struct", "swift.class", "swift.enum", "swift.protocol"]
                .contains(kind)
        }
        var isMethod: Bool { kind == "swift.method" || kind == "swift.func" }
    }

    private(set) var symbols: [Symbol] = []

    /// Reads `MiniCombine.symbols.json`; synthesized members (a protocol's default
    /// implementations repeated on every conforming type) and symbols whose DocC path is
    /// shared by another symbol (overloads, which would need a disambiguation suffix) are
    /// left out, so every symbol here has exactly one plain link.
    init(symbolGraph url: URL) throws {
        let graph = try JSONDecoder().decode(
            Graph.self, from: Data(contentsOf: url))
        let kindByID = Dictionary(
            graph.symbols.map { ($0.identifier.precise, $0.kind.identifier) },
            uniquingKeysWith: { first, _ in first })
        var parentKind: [String: String] = [:]
        for relation in graph.relationships
        where relation.kind == "memberOf" || relation.kind == "requirementOf"
            || relation.kind == "optionalRequirementOf"
        {
            parentKind[relation.source] = kindByID[relation.target]
        }
        let real = graph.symbols.filter {
            !$0.identifier.precise.contains("::SYNTHESIZED::")
        }
        let pathCounts = Dictionary(
            real.map { ($0.pathComponents, 1) }, uniquingKeysWith: +)
        symbols = real.filter { pathCounts[$0.pathComponents] == 1 }.map {
            symbol in
            Symbol(
                pathComponents: symbol.pathComponents,
                kind: symbol.kind.identifier,
                isProtocolMember: parentKind[symbol.identifier.precise]
                    == "swift.protocol",
                chapterNumber: symbol.location.flatMap { location in
                    location.uri.firstMatch(
                        of: /\/Sources\/MiniCombine\/([^\/]*)/
                    )
                    .flatMap { leadingNumber(of: String($0.1)) }
                })
        }
    }

    /// The symbol a code span names, or `nil` when it names none or several.
    func symbol(named text: String) -> Symbol? {
        guard !text.isEmpty,
            text.allSatisfy({ Self.nameCharacters.contains($0) }),
            text.first?.isLetter == true
        else { return nil }
        if let exact = unique(symbols.filter { $0.dottedName == text }) {
            return exact
        }
        if text.contains(".") { return nil }
        if let type = unique(
            symbols.filter { $0.isType && $0.pathComponents.last == text })
        {
            return type
        }
        let methods = symbols.filter { symbol in
            guard symbol.isMethod, let last = symbol.pathComponents.last else {
                return false
            }
            return text.contains("(")
                ? last == text : last.prefix { $0 != "(" } == text
        }
        return unique(methods) ?? unique(methods.filter(\.isProtocolMember))
    }

    /// The public types, which each get a link back to the chapter that builds them.
    var types: [Symbol] { symbols.filter(\.isType) }

    private func unique(_ candidates: [Symbol]) -> Symbol? {
        candidates.count == 1 ? candidates[0] : nil
    }

    private static let nameCharacters = Set(
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.():")

    private struct Graph: Decodable {
        var symbols: [GraphSymbol]
        var relationships: [Relationship]
    }

    private struct GraphSymbol: Decodable {
        struct Identifier: Decodable { var precise: String }
        struct Kind: Decodable { var identifier: String }
        struct Location: Decodable { var uri: String }
        var identifier: Identifier
        var kind: Kind
        var pathComponents: [String]
        var location: Location?
    }

    private struct Relationship: Decodable {
        var kind: String
        var source: String
        var target: String
    }
}
