import Foundation

/// A plain SVG picture built from lines, boxes and monospaced text, with light and dark colours.
struct SVGDocument {
    enum Anchor: String {
        case start, middle, end
    }

    static let fontSize = 13.0

    var width: Double
    var height: Double
    var title: String
    private var elements: [String] = []

    /// The width of `text` in the monospaced font, with a little to spare.
    static func width(of text: String) -> Double {
        Double(text.count) * fontSize * 0.62
    }

    init(width: Double, height: Double, title: String) {
        self.width = width
        self.height = height
        self.title = title
    }

    /// Adds `<TAG A="…" …` with `numbers` and then `extra` as attributes, `style` as its class,
    /// and `text` as its content.
    private mutating func add(
        _ tag: String, _ numbers: KeyValuePairs<String, Double>,
        extra: String = "", style: String, text: String? = nil
    ) {
        let attributes = numbers.map { " \($0)=\"\(Self.number($1))\"" }
            .joined()
        let classes = style.isEmpty ? "" : " class=\"\(style)\""
        elements.append(
            "<\(tag)\(attributes)\(extra)\(classes)"
                + (text.map { ">\(Self.escaped($0))</\(tag)>" } ?? "/>"))
    }

    /// Draws `text` with its baseline at `y`; `style` names classes of the style sheet.
    mutating func text(
        _ text: String, x: Double, y: Double, anchor: Anchor = .start,
        style: String = ""
    ) {
        add(
            "text", ["x": x, "y": y],
            extra: " text-anchor=\"\(anchor.rawValue)\"", style: style,
            text: text)
    }

    mutating func line(
        x1: Double, y1: Double, x2: Double, y2: Double, style: String
    ) {
        add("line", ["x1": x1, "y1": y1, "x2": x2, "y2": y2], style: style)
    }

    mutating func rectangle(
        x: Double, y: Double, width: Double, height: Double, radius: Double = 4,
        style: String
    ) {
        add(
            "rect",
            ["x": x, "y": y, "width": width, "height": height, "rx": radius],
            style: style)
    }

    /// Draws an arrow from `x1` to `x2` at height `y`, its head at `x2`.
    mutating func horizontalArrow(
        from x1: Double, to x2: Double, y: Double, style: String
    ) {
        let back = x2 > x1 ? -1.0 : 1
        line(x1: x1, y1: y, x2: x2 + back * 6, y2: y, style: "stroke \(style)")
        let points = [(x2, y), (x2 + back * 8, y - 4), (x2 + back * 8, y + 4)]
        add(
            "polygon", [:],
            extra: " points=\""
                + points.map { "\(Self.number($0)),\(Self.number($1))" }
                .joined(separator: " ") + "\"",
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
        text.replacingOccurrences(of: "&", with: "&amp;")
            .replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
            .replacingOccurrences(of: "\"", with: "&quot;")
    }
}
