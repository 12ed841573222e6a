/// An instruction in a Markdown comment that ties the fenced block below it to the code.
package enum Directive: Hashable, Sendable {
    /// `<!-- include: PATH#REGION -->`: the swift block holds region REGION of file PATH.
    case include(path: String, region: String)
    /// `<!-- compiles -->`: the swift block type-checks cleanly against the chapter's library.
    case compiles
    /// `<!-- fails -->`: the swift block fails to compile; the text block after it records the errors.
    case fails
    /// `<!-- output: PRODUCT -->`: the text block holds what chapter executable PRODUCT prints;
    /// `<!-- output: PRODUCT#N -->` holds only its Nth part (see ``OutputParts``).
    case output(product: String, part: Int? = nil)
    /// `<!-- toolchain -->`: the text block holds the first line of `swift --version`.
    case toolchain
    /// `<!-- measurement: COMMAND -->`: the text block holds what COMMAND measured; it is never
    /// expected to repeat exactly, only to be there and to say that COMMAND made it.
    case measurement(command: String)

    var blockLanguage: String {
        switch self {
        case .include, .compiles, .fails: "swift"
        case .output, .toolchain, .measurement: "text"
        }
    }

    /// Whether `block`'s language is the one the directive needs; `swift` in any letter case.
    func accepts(_ block: FencedBlock) -> Bool {
        blockLanguage == "swift"
            ? block.isSwift : block.language == blockLanguage
    }

    var spelling: String {
        switch self {
        case .include(let path, let region): "include: \(path)#\(region)"
        case .compiles: "compiles"
        case .fails: "fails"
        case .output(let product, let part):
            "output: \(product)\(part.map { "#\($0)" } ?? "")"
        case .toolchain: "toolchain"
        case .measurement(let command): "measurement: \(command)"
        }
    }
}

/// What a comment's text turned out to be.
enum ParsedComment: Equatable {
    case directive(Directive)
    /// A `figure` directive, which governs the image line below it rather than a fenced block.
    case figure(FigureSpec)
    /// A known directive keyword with a wrong argument; the message says what is expected.
    case malformedDirective(String)
    case other
}

extension ParsedComment {
    private static let keywords = [
        "include", "compiles", "fails", "output", "toolchain", "measurement",
        "figure",
    ]

    /// Parses `body`, the text of an HTML comment without `<!--`, `-->` and surrounding spaces.
    init(body: String) {
        guard
            let keyword = Self.keywords.first(where: { keyword in
                body.hasPrefix(keyword)
                    && (body.count == keyword.count
                        || [":", " ", "\t"].contains(
                            body.dropFirst(keyword.count).first))
            })
        else {
            self = .other
            return
        }
        let argument = body.dropFirst(keyword.count).trimmedWhitespace
        // What follows `KEYWORD:`; empty without the colon.
        let value =
            argument.hasPrefix(":")
            ? argument.dropFirst().trimmedWhitespace : ""
        switch keyword {
        case "include":
            let hash = value.lastIndex(of: "#")
            let written = hash.map { String(value[..<$0]) } ?? ""
            let path =
                LinkChecker.resolvedPath(of: written, from: "") ?? written
            let region = hash.map { String(value[value.index(after: $0)...]) }
            if let region, !path.isEmpty, !path.contains(" "),
                isValidRegionName(region)
            {
                self = .directive(.include(path: path, region: region))
            } else {
                self = .malformedDirective(
                    "expected '<!-- include: PATH#REGION -->'")
            }
        case "figure":
            self =
                FigureSpec(argument: argument).map(ParsedComment.figure)
                ?? .malformedDirective(FigureSpec.expectation)
        case "measurement":
            self =
                value.isEmpty
                ? .malformedDirective(
                    "expected '<!-- measurement: COMMAND -->'")
                : .directive(.measurement(command: value))
        case "output":
            let pieces = value.split(
                separator: "#", omittingEmptySubsequences: false)
            let product = String(pieces[0])
            let part = pieces.count == 2 ? Int(pieces[1]) : nil
            if !product.isEmpty && !product.contains(" ") && pieces.count <= 2
                && (pieces.count == 1 || (part ?? 0) > 0)
            {
                self = .directive(.output(product: product, part: part))
            } else {
                self = .malformedDirective(
                    "expected '<!-- output: PRODUCT -->' or '<!-- output: PRODUCT#N -->'"
                )
            }
        default:
            let directive: Directive =
                keyword == "compiles"
                ? .compiles : keyword == "fails" ? .fails : .toolchain
            self =
                argument.isEmpty
                ? .directive(directive)
                : .malformedDirective(
                    "expected '<!-- \(keyword) -->' with nothing after it")
        }
    }
}
