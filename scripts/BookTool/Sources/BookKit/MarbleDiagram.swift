/// Draws the values of one pipeline on lanes, one lane per place they were seen, time going right.
enum MarbleDiagram {
    /// The widest a diagram grows before time wraps onto another band of lanes below; a column
    /// of ends only may go past it, to stay with what it ends.
    static let maximumWidth = 540.0
    /// Values wider than this get a lane with two rows.
    static let staggerWidth = 100.0

    static func draw(_ values: [TraceEvent], title: String) -> String {
        let seen = values.compactMap(\.lane).uniqued()
        let lanes =
            seen.filter { !isOutput($0) } + seen.filter(isOutput)
        func lane(_ event: TraceEvent) -> Int {
            lanes.firstIndex(of: event.lane ?? "") ?? 0
        }
        let staggered = Set(
            values.filter { $0.end == nil && pillWidth($0) > staggerWidth }
                .compactMap(\.lane))
        let heights = lanes.map { staggered.contains($0) ? 64.0 : 40 }
        // Each lane's line, from the top of its band.
        let ys = lanes.indices.map {
            heights[..<$0].reduce(0, +)
                + (staggered.contains(lanes[$0]) ? 40 : 28)
        }
        // A value on a lower lane right after one on a higher lane shares its column.
        var columns: [[TraceEvent]] = []
        for event in values {
            if let last = columns.last?.last, lane(event) > lane(last) {
                columns[columns.count - 1].append(event)
            } else {
                columns.append([event])
            }
        }
        // On a staggered lane, values alternate above and below its line.
        var row: [String: Int] = [:]
        let offsets = columns.map { column in
            column.map { event -> Double in
                guard let name = event.lane, staggered.contains(name),
                    event.end == nil
                else { return 0 }
                defer { row[name, default: 0] += 1 }
                return row[name, default: 0].isMultiple(of: 2) ? -12 : 12
            }
        }
        let widths = columns.map { column in
            column.map { event in
                let width = event.end == nil ? pillWidth(event) : 16
                return staggered.contains(event.lane ?? "")
                    ? width / 2 + 6 : width + 8
            }.max() ?? 0
        }
        let labelWidth = (lanes.map(SVGDocument.width(of:)).max() ?? 0) + 16
        let pad = max(
            0,
            (values.filter { staggered.contains($0.lane ?? "") }.map(pillWidth)
                .max() ?? 0) / 4 - 3)
        // A full band breaks right after its last column with an output, when what follows that
        // column fits on the next band, so each band ends on a result.
        let room = maximumWidth - labelWidth - 24 - 2 * pad
        func width(of band: some Sequence<Int>) -> Double {
            band.map { widths[$0] }.reduce(0, +)
        }
        var bands: [[Int]] = [[]]
        for index in columns.indices {
            var band = bands[bands.count - 1]
            // A column of ends only stays with what it ends, past the width if need be.
            let endsOnly = columns[index].allSatisfy { $0.end != nil }
            if width(of: band) + widths[index] > room, !band.isEmpty, !endsOnly
            {
                var cut = band.count
                if let last = band.lastIndex(where: { column in
                    columns[column].contains { $0.lane.map(isOutput) == true }
                }),
                    width(of: band[(last + 1)...]) + widths[index] <= room
                {
                    cut = last + 1
                }
                bands[bands.count - 1] = Array(band[..<cut])
                band = Array(band[cut...])
                bands.append(band)
            }
            bands[bands.count - 1] = band + [index]
        }
        let bandHeight = heights.reduce(0, +) + 16
        let plotWidth = max(160, bands.map { width(of: $0) }.max() ?? 0)
        let endWidth =
            values.filter { $0.end != nil }.map {
                SVGDocument.width(of: text(of: $0))
            }.max() ?? 0
        let width = labelWidth + plotWidth + 2 * pad + max(24, endWidth - 4)
        var svg = SVGDocument(
            width: width, height: bandHeight * Double(bands.count) + 4,
            title: title)
        // Lanes that ended in an earlier band, drawn without a line in later ones.
        var ended: Set<String> = []
        for (number, band) in bands.enumerated() {
            let top = bandHeight * Double(number)
            let starts = band.reduce(into: [labelWidth + 4 + pad]) {
                $0.append($0.last! + widths[$1])
            }
            var endsAt: [String: Double] = [:]
            for (column, x) in zip(band, starts) {
                for event in columns[column] where event.end != nil {
                    endsAt[event.lane ?? ""] = x + widths[column] / 2
                }
            }
            for (index, name) in lanes.enumerated() {
                let y = top + ys[index]
                svg.text(name, x: 8, y: y + 4.5, style: "muted")
                if ended.contains(name) { continue }
                if let end = endsAt[name] {
                    svg.line(
                        x1: labelWidth, y1: y, x2: end, y2: y,
                        style: "stroke ink")
                } else {
                    svg.horizontalArrow(
                        from: labelWidth, to: width - 6, y: y, style: "ink")
                }
            }
            ended.formUnion(endsAt.keys)
            for (column, x) in zip(band, starts) {
                for (event, offset) in zip(columns[column], offsets[column]) {
                    draw(
                        event, x: x, width: widths[column],
                        y: top + ys[lane(event)], offset: offset, on: &svg)
                }
            }
        }
        return svg.rendered
    }

    /// Whether `lane` shows what comes out of the pipeline; such lanes are drawn last.
    private static func isOutput(_ lane: String) -> Bool {
        lane.hasPrefix("out")
    }

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
            let style =
                event.end?.hasPrefix("failure") == true ? "failure" : "ink"
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
