import Foundation

/// Draws the appendix's measurement table as horizontal bars on a logarithmic scale.
enum CostChart {
    /// The costs of one benchmark, by column name, in the table's column order.
    struct Row {
        var benchmark: String
        var costs: [(column: String, nanoseconds: Double)]
    }

    /// Reads the table at the top of a measurement block; `nil` if there is none.
    static func rows(of lines: [String]) -> [Row]? {
        guard let header = lines.first.map(cells), header.count > 1 else {
            return nil
        }
        let costColumns = header.indices.dropFirst().filter {
            !header[$0].contains("/")
        }
        var rows: [Row] = []
        for line in lines.dropFirst() {
            guard !line.isBlankLine else { break }
            let cells = cells(of: line)
            guard cells.count == header.count else { return nil }
            rows.append(
                Row(
                    benchmark: cells[0],
                    costs: costColumns.compactMap { index in
                        Double(cells[index]).map { (header[index], $0) }
                    }))
        }
        return rows.isEmpty ? nil : rows
    }

    private static func cells(of line: String) -> [String] {
        line.trimmedWhitespace.components(separatedBy: "  ").map(
            \.trimmedWhitespace
        )
        .filter { !$0.isEmpty }
    }

    static func draw(_ rows: [Row], title: String) -> String {
        let columns = rows.flatMap { $0.costs.map(\.column) }.uniqued()
        let labelWidth = (columns.map(SVGDocument.width(of:)).max() ?? 0) + 16
        let plotWidth = 300.0
        let barHeight = 16.0
        let costs = rows.flatMap { $0.costs.map(\.nanoseconds) }.filter {
            $0 > 0
        }
        let lowest = min(0, Int(log10(costs.min() ?? 1).rounded(.down)))
        let highest = max(lowest + 1, Int(log10(costs.max() ?? 1).rounded(.up)))
        let scale = plotWidth / Double(highest - lowest)
        func x(_ nanoseconds: Double) -> Double {
            labelWidth + max(0, log10(nanoseconds) - Double(lowest)) * scale
        }
        let rowHeights = rows.map {
            28 + barHeight * 1.25 * Double($0.costs.count) + 10
        }
        let height = rowHeights.reduce(0, +) + 40
        let width = labelWidth + plotWidth + 70
        var svg = SVGDocument(width: width, height: height, title: title)
        for decade in lowest...highest {
            let tickX = labelWidth + Double(decade - lowest) * scale
            let value =
                decade < 0
                ? "0." + String(repeating: "0", count: -decade - 1) + "1"
                : "1" + String(repeating: "0", count: decade)
            svg.line(
                x1: tickX, y1: 8, x2: tickX, y2: height - 28, style: "lifeline")
            svg.text(
                value, x: tickX, y: height - 10, anchor: .middle, style: "muted"
            )
        }
        var y = 8.0
        for (index, row) in rows.enumerated() {
            svg.text(row.benchmark, x: 8, y: y + 16)
            var barY = y + 26
            for cost in row.costs {
                svg.text(
                    cost.column, x: labelWidth - 8, y: barY + 12, anchor: .end,
                    style: "muted")
                let end = x(cost.nanoseconds)
                svg.rectangle(
                    x: labelWidth, y: barY, width: max(end - labelWidth, 1),
                    height: barHeight,
                    radius: 2, style: "bar")
                svg.text(
                    formatted(cost.nanoseconds) + " ns", x: end + 6,
                    y: barY + 12)
                barY += barHeight * 1.25
            }
            y += rowHeights[index]
        }
        return svg.rendered
    }

    private static func formatted(_ nanoseconds: Double) -> String {
        nanoseconds >= 100 || nanoseconds == nanoseconds.rounded()
            ? "\(Int(nanoseconds.rounded()))" : SVGDocument.number(nanoseconds)
    }
}
