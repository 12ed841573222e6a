/// Draws a types chart: the pipeline's stages top to bottom, with `<Output, Failure>` on each
/// arrow between them, and the subscriber last.
enum TypesChartDrawing {
    /// The drawing of `chart`, an event of kind `chart`.
    static func draw(_ chart: TraceEvent, title: String) -> String {
        let stages = chart.stages ?? []
        let names =
            stages.map(\.name) + ["\(chart.subscriber ?? "?") (subscriber)"]
        let types = stages.map { "<\($0.output), \($0.failure)>" }
        let boxHeight = 28.0
        let step = 64.0
        let arrowX = 32.0
        let width = max(
            (names.map { SVGDocument.width(of: $0) + 32 }.max() ?? 0) + 24,
            arrowX + 14 + (types.map(SVGDocument.width(of:)).max() ?? 0) + 12)
        let height = step * Double(names.count - 1) + boxHeight + 16
        var svg = SVGDocument(width: width, height: height, title: title)
        for (index, name) in names.enumerated() {
            let y = 8 + step * Double(index)
            svg.rectangle(
                x: 12, y: y, width: SVGDocument.width(of: name) + 32,
                height: boxHeight,
                style: "box")
            svg.text(name, x: 28, y: y + 19)
            guard index < types.count else { continue }
            let (from, to) = (y + boxHeight, y + step)
            svg.line(
                x1: arrowX, y1: from, x2: arrowX, y2: to - 7,
                style: "stroke down")
            svg.triangle(
                [(arrowX, to), (arrowX - 4, to - 8), (arrowX + 4, to - 8)],
                style: "fill down")
            svg.text(types[index], x: arrowX + 14, y: (from + to) / 2 + 5)
        }
        return svg.rendered
    }
}
