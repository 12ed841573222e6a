import Foundation

/// A plain SVG picture built from lines, boxes and monospaced text, with light and dark colours.
struct SVGDocument {
    enum Anchor: String {
        case start, middle, end
    }

    /// The font size of all text, in pixels.
    static let fontSize = 13.0
    /// The width of one character of the monospaced font, with a little to spare.
    static let characterWidth = fontSize * 0.62

    var width: Double
    var height: Double
    /// What the picture shows, for readers who cannot see it.
    var title: String
    private var elements: [String] = []

    static func width(of text: String) -> Double {
        Double(text.count) * characterWidth
    }

    init(width: Double, height: Double, title: String) {
        self.width = width
        self.height = height
        self.title = title
    }

    /// Draws `text` with its baseline at `y`; `style` names classes of the style sheet.
    mutating func text(
        _ text: String, x: Double, y: Double, anchor: Anchor = .start,
        style: String = ""
    ) {
        let classes = style.isEmpty ? "" : " class=\"\(style)\""
        elements.append(
            "<text x=\"\(Self.number(x))\" y=\"\(Self.number(y))\" text-anchor=\"\(anchor.rawValue)\""
                + "\(classes)>\(Self.escaped(text))</text>")
    }

    mutating func line(
        x1: Double, y1: Double, x2: Double, y2: Double, style: String
    ) {
        elements.append(
            "<line x1=\"\(Self.number(x1))\" y1=\"\(Self.number(y1))\" x2=\"\(Self.number(x2))\" "
                + "y2=\"\(Self.number(y2))\" class=\"\(style)\"/>")
    }

    /// Draws a rectangle with corners rounded by `radius`.
    mutating func rectangle(
        x: Double, y: Double, width: Double, height: Double, radius: Double = 4,
        style: String
    ) {
        elements.append(
            "<rect x=\"\(Self.number(x))\" y=\"\(Self.number(y))\" width=\"\(Self.number(width))\" "
                + "height=\"\(Self.number(height))\" rx=\"\(Self.number(radius))\" class=\"\(style)\"/>"
        )
    }

    /// Draws a filled triangle, such as an arrowhead, through three points.
    mutating func triangle(_ points: [(x: Double, y: Double)], style: String) {
        let list = points.map { "\(Self.number($0.x)),\(Self.number($0.y))" }
            .joined(separator: " ")
        elements.append("<polygon points=\"\(list)\" class=\"\(style)\"/>")
    }

    /// Draws an arrow from `x1` to `x2` at height `y`, its head at `x2`.
    mutating func horizontalArrow(
        from x1: Double, to x2: Double, y: Double, style: String
    ) {
        let direction: Double = x2 > x1 ? 1 : -1
        line(
            x1: x1, y1: y, x2: x2 - direction * 6, y2: y,
            style: "stroke \(style)")
        triangle(
            [
                (x2, y), (x2 - direction * 8, y - 4),
                (x2 - direction * 8, y + 4),
            ],
            style: "fill \(style)")
    }

    var rendered: String {
        let size =
            "width=\"\(Self.number(width))\" height=\"\(Self.number(height))\""
        return """
            <svg xmlns="http://www.w3.org/2000/svg" \(size) viewBox="0 0 \(Self.number(width)) \
            \(Self.number(height))" role="img" aria-label="\(Self.escaped(title))">
            <title>\(Self.escaped(title))</title>
            <style>\(Self.styleSheet)</style>
            \(elements.joined(separator: "\n"))
            </svg>

            """
    }

    private static let styleSheet = """

        text { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, "DejaVu Sans Mono", \
        "Liberation Mono", monospace; font-size: \(number(fontSize))px; fill: #1f2328; }
        .muted { fill: #59636e; }
        .halo { paint-order: stroke; stroke: #ffffff; stroke-width: 4px; stroke-linejoin: round; }
        .stroke { fill: none; stroke-width: 1.5; }
        .box { fill: #f6f8fa; stroke: #59636e; stroke-width: 1; }
        .lifeline { stroke: #afb8c1; stroke-width: 1; stroke-dasharray: 4 4; }
        .ink { stroke: #1f2328; fill: #1f2328; }
        .down { stroke: #0969da; fill: #0969da; }
        .up { stroke: #bc4c00; fill: #bc4c00; }
        .failure { stroke: #cf222e; fill: #cf222e; }
        .stroke.ink, .stroke.down, .stroke.up, .stroke.failure { fill: none; }
        .fill.ink, .fill.down, .fill.up, .fill.failure { stroke: none; }
        .marble { fill: #ddf4ff; stroke: #0969da; stroke-width: 1.5; }
        .bar { fill: #0969da; }
        @media (prefers-color-scheme: dark) {
          text { fill: #e6edf3; }
          .muted { fill: #9198a1; }
          .halo { stroke: #0d1117; }
          .box { fill: #151b23; stroke: #9198a1; }
          .lifeline { stroke: #3d444d; }
          .ink { stroke: #e6edf3; fill: #e6edf3; }
          .down { stroke: #4493f8; fill: #4493f8; }
          .up { stroke: #f0883e; fill: #f0883e; }
          .failure { stroke: #f85149; fill: #f85149; }
          .stroke.ink, .stroke.down, .stroke.up, .stroke.failure { fill: none; }
          .fill.ink, .fill.down, .fill.up, .fill.failure { stroke: none; }
          .marble { fill: #0c2d6b; stroke: #4493f8; }
          .bar { fill: #4493f8; }
        }

        """

    /// A coordinate with at most one decimal, the same on every machine.
    static func number(_ value: Double) -> String {
        let tenths = (value * 10).rounded()
        return tenths.truncatingRemainder(dividingBy: 10) == 0
            ? "\(Int(tenths / 10))"
            : "\(Int(tenths) / 10).\(abs(Int(tenths)) % 10)"
    }

    /// `text` with the characters XML gives meaning to escaped.
    static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            default: result.append(character)
            }
        }
        return result
    }
}
