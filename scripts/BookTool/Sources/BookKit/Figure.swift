import Foundation

/// What a `<!-- figure: … -->` directive asks to be drawn.
enum FigureSpec: Hashable, Sendable {
    /// `sequence PRODUCT#N`: the calls of the Nth pipeline of PRODUCT's traced run.
    case sequence(product: String, pipeline: Int)
    /// `marbles PRODUCT#N`: the values on each lane of the Nth pipeline of PRODUCT's traced run.
    case marbles(product: String, pipeline: Int)
    /// `types PRODUCT#N`: the Nth types chart PRODUCT's traced run printed.
    case types(product: String, chart: Int)
    /// `costs`: the page's `measurement` table as bars on a log scale.
    case costs

    /// The chapter program whose trace the figure is drawn from, if any.
    var product: String? {
        switch self {
        case .sequence(let product, _), .marbles(let product, _),
            .types(let product, _):
            product
        case .costs: nil
        }
    }

    var spelling: String {
        switch self {
        case .sequence(let product, let number):
            "figure: sequence \(product)#\(number)"
        case .marbles(let product, let number):
            "figure: marbles \(product)#\(number)"
        case .types(let product, let number):
            "figure: types \(product)#\(number)"
        case .costs: "figure: costs"
        }
    }

    static let expectation =
        "expected '<!-- figure: sequence|marbles|types PRODUCT#N -->' or '<!-- figure: costs -->'"

    /// Parses the argument after `figure`, including its colon; `nil` if it is malformed.
    init?(argument: String) {
        guard argument.hasPrefix(":") else { return nil }
        let words = argument.dropFirst().split(whereSeparator: {
            $0 == " " || $0 == "\t"
        })
        if words == ["costs"] {
            self = .costs
            return
        }
        guard words.count == 2, let hash = words[1].lastIndex(of: "#") else {
            return nil
        }
        let product = String(words[1][..<hash])
        guard !product.isEmpty,
            let number = Int(words[1][words[1].index(after: hash)...]),
            number > 0
        else { return nil }
        switch words[0] {
        case "sequence": self = .sequence(product: product, pipeline: number)
        case "marbles": self = .marbles(product: product, pipeline: number)
        case "types": self = .types(product: product, chart: number)
        default: return nil
        }
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
