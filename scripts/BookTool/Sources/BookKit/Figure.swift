import Foundation

/// What a `<!-- figure: … -->` directive asks to be drawn: `KIND PRODUCT#N`, the calls
/// (`sequence`) or values (`marbles`) of the Nth pipeline of PRODUCT's traced run; or `costs`,
/// the page's `measurement` table as bars on a log scale.
struct FigureSpec: Hashable, Sendable {
    enum Kind: String, Sendable {
        case sequence, marbles, costs
    }

    var kind: Kind
    /// The chapter program whose trace the figure is drawn from; `nil` for `costs`.
    var product: String?
    var number = 0

    var spelling: String {
        "figure: \(kind.rawValue)" + (product.map { " \($0)#\(number)" } ?? "")
    }

    static let expectation =
        "expected '<!-- figure: sequence|marbles PRODUCT#N -->' or '<!-- figure: costs -->'"

    /// Parses the argument after `figure`, including its colon; `nil` if it is malformed.
    init?(argument: String) {
        guard argument.hasPrefix(":") else { return nil }
        let words = argument.dropFirst().split(whereSeparator: {
            $0 == " " || $0 == "\t"
        })
        if words == ["costs"] {
            kind = .costs
            return
        }
        guard words.count == 2, let kind = Kind(rawValue: String(words[0])),
            kind != .costs, let hash = words[1].lastIndex(of: "#"),
            hash > words[1].startIndex,
            let number = Int(words[1][words[1].index(after: hash)...]),
            number > 0
        else { return nil }
        self.kind = kind
        self.product = String(words[1][..<hash])
        self.number = number
    }
}

/// A figure directive with the image line below it.
struct PlacedFigure: Equatable {
    var spec: FigureSpec
    /// The 0-based index of the directive's line.
    var index: Int
    /// The image's path relative to the repository root, such as `book/figures/04-map.svg`.
    var imagePath: String
    var altText: String

    var lineNumber: Int { index + 1 }

    /// Reads `![ALT](figures/NAME.svg)`, the whole line, into its alt text and path.
    static func image(in line: String) -> (altText: String, path: String)? {
        let trimmed = line.trimmedWhitespace
        guard trimmed.hasPrefix("!["), trimmed.hasSuffix(")"),
            let middle = trimmed.range(of: "](", options: .backwards)
        else { return nil }
        let altText = String(
            trimmed[
                trimmed.index(
                    trimmed.startIndex, offsetBy: 2)..<middle.lowerBound])
        let path = String(
            trimmed[middle.upperBound..<trimmed.index(before: trimmed.endIndex)]
        )
        let name = path.dropFirst("figures/".count)
        guard !altText.trimmedWhitespace.isEmpty, path.hasPrefix("figures/"),
            path.hasSuffix(".svg"),
            !name.contains("/"), name.count > ".svg".count, !path.contains(" ")
        else { return nil }
        return (altText, path)
    }
}
