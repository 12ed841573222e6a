/// Draws the values of one pipeline on lanes, one lane per place they were seen, time going right.
enum MarbleDiagram {
    /// The widest a diagram grows before time wraps onto another band of lanes below.
    static let maximumWidth = 540.0

    /// The diagram of `values`, each with a `lane` and either a `value` or an `end`.
    static func draw(_ values: [TraceEvent], title: String) -> String {
        let seen = values.compactMap(\.lane).uniqued()
        let lanes =
            seen.filter { !$0.hasPrefix("out") }
            + seen.filter { $0.hasPrefix("out") }
        func laneIndex(_ event: TraceEvent) -> Int {
            lanes.firstIndex(of: event.lane ?? "") ?? 0
        }
        var columns: [[TraceEvent]] = []
        for event in values {
            if let last = columns.last?.last, laneIndex(event) > laneIndex(last)
            {
                columns[columns.count - 1].append(event)
            } else {
                columns.append([event])
            }
        }
        let labelWidth = (lanes.map(SVGDocument.width(of:)).max() ?? 0) + 16
        let staggered = Set(
            values.filter { $0.end == nil && pillWidth($0) > staggerWidth }
                .compactMap(\.lane))
        let widths = columns.map { column in
            column.map { event in
                let width = event.end == nil ? pillWidth(event) : 16
                return staggered.contains(event.lane ?? "")
                    ? width / 2 + 6 : width + 8
            }.max() ?? 0
        }
        var tops: [Double] = []
        var row: [String: Int] = [:]
        for lane in lanes {
            tops.append(
                (tops.last ?? 0)
                    + (tops.isEmpty
                        ? 0
                        : staggered.contains(lanes[tops.count - 1]) ? 64 : 40))
            row[lane] = 0
        }
        var offsets: [[Double]] = []
        for column in columns {
            offsets.append(
                column.map { event in
                    guard let lane = event.lane, staggered.contains(lane),
                        event.end == nil
                    else {
                        return 0
                    }
                    defer { row[lane, default: 0] += 1 }
                    return row[lane, default: 0].isMultiple(of: 2) ? -12 : 12
                })
        }
        let pad = max(
            0,
            (values.filter { staggered.contains($0.lane ?? "") }.map(pillWidth)
                .max() ?? 0) / 4 - 3)
        var bands: [[Int]] = [[]]
        var used = 0.0
        for index in columns.indices {
            if used + widths[index] > maximumWidth - labelWidth - 24 - 2 * pad,
                !bands[bands.count - 1].isEmpty
            {
                bands.append([])
                used = 0
            }
            bands[bands.count - 1].append(index)
            used += widths[index]
        }
        let bandHeight =
            (tops.last ?? 0) + (staggered.contains(lanes.last ?? "") ? 64 : 40)
            + 16
        let plotWidth = max(
            160, bands.map { $0.map { widths[$0] }.reduce(0, +) }.max() ?? 0)
        let ends = values.filter { $0.end != nil }.map {
            SVGDocument.width(of: text(of: $0))
        }
        let width =
            labelWidth + plotWidth + 2 * pad + max(24, (ends.max() ?? 0) - 4)
        var svg = SVGDocument(
            width: width, height: bandHeight * Double(bands.count) + 4,
            title: title)
        for (bandNumber, band) in bands.enumerated() {
            let top = bandHeight * Double(bandNumber)
            var x = labelWidth + 4 + pad
            var endsAt: [String: Double] = [:]
            for column in band {
                for event in columns[column] where event.end != nil {
                    endsAt[event.lane ?? ""] = x + widths[column] / 2
                }
                x += widths[column]
            }
            for (index, lane) in lanes.enumerated() {
                let y = top + tops[index] + (staggered.contains(lane) ? 40 : 28)
                svg.text(lane, x: 8, y: y + 4.5, style: "muted")
                if let end = endsAt[lane] {
                    svg.line(
                        x1: labelWidth, y1: y, x2: end, y2: y,
                        style: "stroke ink")
                } else {
                    svg.horizontalArrow(
                        from: labelWidth, to: width - 6, y: y, style: "ink")
                }
            }
            x = labelWidth + 4 + pad
            for column in band {
                for (event, offset) in zip(columns[column], offsets[column]) {
                    let lane = lanes.firstIndex(of: event.lane ?? "") ?? 0
                    let y =
                        top + tops[lane]
                        + (staggered.contains(lanes[lane]) ? 40 : 28)
                    draw(
                        event, x: x, width: widths[column], y: y,
                        offset: offset, on: &svg)
                }
                x += widths[column]
            }
        }
        return svg.rendered
    }

    /// Values wider than this get a lane with two rows.
    static let staggerWidth = 100.0

    private static func pillWidth(_ event: TraceEvent) -> Double {
        SVGDocument.width(of: text(of: event)) + 14
    }

    private static func draw(
        _ event: TraceEvent, x: Double, width: Double, y: Double,
        offset: Double,
        on svg: inout SVGDocument
    ) {
        let label = text(of: event)
        let center = x + width / 2
        guard event.end == nil else {
            let style = event.end == "finished" ? "ink" : "failure"
            svg.line(
                x1: center, y1: y - 10, x2: center, y2: y + 10,
                style: "stroke \(style)")
            svg.text(label, x: center + 6, y: y + 17, style: "halo")
            return
        }
        if offset != 0 {
            svg.line(
                x1: center, y1: y, x2: center, y2: y + offset,
                style: "stroke down")
        }
        svg.rectangle(
            x: center - pillWidth(event) / 2, y: y + offset - 11,
            width: pillWidth(event),
            height: 22,
            radius: 11, style: "marble")
        svg.text(label, x: center, y: y + offset + 4.5, anchor: .middle)
    }

    private static func text(of event: TraceEvent) -> String {
        event.value ?? event.end ?? "?"
    }
}
