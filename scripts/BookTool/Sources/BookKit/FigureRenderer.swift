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
        if figure.spec == .costs {
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
        guard let product = figure.spec.product else { return .skipped }
        let events: [TraceEvent]
        switch traces[product] {
        case .recorded(let recorded): events = recorded
        case .failed(let reason):
            return .problem("cannot trace \(product): \(reason)")
        case .skipped, nil: return .skipped
        }
        switch figure.spec {
        case .sequence(_, let pipeline):
            let calls = events.filter {
                $0.kind == "call" && $0.pipeline == pipeline
            }
            guard !calls.isEmpty else {
                return .problem(
                    "\(product)'s trace has no calls in pipeline \(pipeline)")
            }
            return .svg(SequenceDiagram.draw(calls, title: title))
        case .marbles(_, let pipeline):
            let values = events.filter {
                $0.kind == "value" && $0.pipeline == pipeline
            }
            guard !values.isEmpty else {
                return .problem(
                    "\(product)'s trace has no values in pipeline \(pipeline)")
            }
            return .svg(MarbleDiagram.draw(values, title: title))
        case .types(_, let number):
            let charts = events.filter { $0.kind == "chart" }
            guard charts.indices.contains(number - 1) else {
                return .problem(
                    "\(product)'s trace has \(charts.count) types charts, not \(number)"
                )
            }
            return .svg(
                TypesChartDrawing.draw(charts[number - 1], title: title))
        case .costs:
            return .skipped
        }
    }
}
