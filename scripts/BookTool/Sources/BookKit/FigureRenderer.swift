import Foundation

/// Draws the figures a page asks for, from the programs' traces or the page's own measurement.
struct FigureRenderer {
    var traces: [String: ProgramTrace]

    /// A figure as it should be on disk, or why it cannot be drawn.
    enum Drawing: Equatable {
        case svg(String)
        case problem(String)
        /// Its trace was not gathered, because of a problem reported elsewhere.
        case skipped
    }

    /// The SVG for `figure` on `page`.
    func draw(_ figure: PlacedFigure, on page: BookPage) -> Drawing {
        let title = figure.altText
        guard let product = figure.spec.product else {
            guard
                let measurement = page.directives.first(where: {
                    if case .measurement = $0.directive { true } else { false }
                }),
                let rows = CostChart.rows(
                    of: Array(page.text.lines[measurement.block.contentRange]))
            else {
                return .problem(
                    "the costs figure needs a '<!-- measurement: COMMAND -->' block on the same page "
                        + "that starts with a table: a header line, then one row per benchmark"
                )
            }
            return .svg(CostChart.draw(rows, title: title))
        }
        let events: [TraceEvent]
        switch traces[product] {
        case .recorded(let recorded): events = recorded
        case .failed(let reason):
            return .problem("cannot trace \(product): \(reason)")
        case nil: return .skipped
        }
        let number = figure.spec.number
        guard figure.spec.kind != .types else {
            let charts = events.filter { $0.kind == "chart" }
            guard charts.indices.contains(number - 1) else {
                return .problem(
                    "\(product)'s trace has \(charts.count) types charts, not \(number)"
                )
            }
            return .svg(
                TypesChartDrawing.draw(charts[number - 1], title: title))
        }
        let kind = figure.spec.kind == .sequence ? "call" : "value"
        let selected = events.filter {
            $0.kind == kind && $0.pipeline == number
        }
        guard !selected.isEmpty else {
            return .problem(
                "\(product)'s trace has no \(kind)s in pipeline \(number)")
        }
        return .svg(
            kind == "call"
                ? SequenceDiagram.draw(selected, title: title)
                : MarbleDiagram.draw(selected, title: title))
    }
}
