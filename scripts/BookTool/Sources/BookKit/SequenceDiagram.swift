/// Draws the calls of one pipeline as a sequence diagram: one lifeline per object, upstream on the
/// left, and one arrow per call, from its caller to the object called, in the order the calls
/// happened.
enum SequenceDiagram {
    /// The lifeline, drawn last, of calls made from outside every traced object (a call with no
    /// `from`): the program, or a method such as `sink` that it called.
    static let program = "program"

    static func draw(_ calls: [TraceEvent], title: String) -> String {
        let names = lifelines(of: calls)
        let boxWidths = names.map { SVGDocument.width(of: $0) + 16 }
        let staggered = names.count > 4
        var centers: [Double] = []
        for index in names.indices {
            guard let previous = centers.last else {
                centers.append(12 + boxWidths[index] / 2)
                continue
            }
            var center =
                previous
                + (staggered
                    ? 64 : (boxWidths[index - 1] + boxWidths[index]) / 2 + 16)
            if staggered && index >= 2 {
                center = max(
                    center,
                    centers[index - 2]
                        + (boxWidths[index - 2] + boxWidths[index]) / 2 + 10)
            }
            centers.append(center)
        }
        let rowHeight = 30.0
        let top = staggered ? 70.0 : 44.0
        let width = (centers.last ?? 0) + (boxWidths.last ?? 0) / 2 + 12
        let height = top + rowHeight * Double(calls.count) + 12
        var svg = SVGDocument(width: width, height: height, title: title)
        func center(_ name: String) -> Double {
            centers[names.firstIndex(of: name) ?? 0]
        }
        for (index, name) in names.enumerated() {
            let y = staggered && index.isMultiple(of: 2) == false ? 32.0 : 6.0
            svg.line(
                x1: centers[index], y1: y + 24, x2: centers[index],
                y2: height - 4,
                style: "lifeline")
            svg.rectangle(
                x: centers[index] - boxWidths[index] / 2, y: y,
                width: boxWidths[index], height: 24,
                style: "box")
            svg.text(name, x: centers[index], y: y + 16, anchor: .middle)
        }
        for (row, call) in calls.enumerated() {
            let y = top + rowHeight * Double(row) + 18
            let (start, end) = (
                center(call.from ?? program), center(call.to ?? "?")
            )
            svg.horizontalArrow(
                from: start, to: end, y: y,
                style: goesUpstream(call) ? "up" : "down")
            var label = call.call ?? "?"
            if let returns = call.returns {
                label += " → \(returns)"
            }
            let labelWidth = SVGDocument.width(of: label)
            let left = start < end ? start + 6 : start - 6 - labelWidth
            svg.text(
                label, x: min(max(left, 4), width - 4 - labelWidth), y: y - 7,
                style: "halo")
        }
        return svg.rendered
    }

    /// The lifelines, upstream on the left.
    ///
    /// Each object stands right of every object it calls upstream (`subscribe`, `request`,
    /// `cancel`) and of every object that calls it downstream (`receive`), so those arrows
    /// point left and these right; among objects free to stand next, the one the calls name
    /// first. The program's lifeline, if any call comes from it, is last.
    private static func lifelines(of calls: [TraceEvent]) -> [String] {
        var mustStandRightOf: [String: Set<String>] = [:]
        for call in calls {
            guard let from = call.from, let to = call.to, from != to else {
                continue
            }
            if goesUpstream(call) {
                mustStandRightOf[from, default: []].insert(to)
            } else {
                mustStandRightOf[to, default: []].insert(from)
            }
        }
        var unplaced = calls.flatMap { [$0.from, $0.to ?? "?"] }.compactMap {
            $0
        }.uniqued()
        var placed: [String] = []
        while !unplaced.isEmpty {
            // Calls that ask for a circle (A right of B, B right of A) free no one: take the first.
            let next =
                unplaced.first {
                    mustStandRightOf[$0, default: []].isSubset(of: placed)
                } ?? unplaced[0]
            placed.append(next)
            unplaced.removeAll { $0 == next }
        }
        return calls.contains { $0.from == nil } ? placed + [program] : placed
    }

    /// Whether `call` travels upstream: `subscribe`, `request` or `cancel`.
    private static func goesUpstream(_ call: TraceEvent) -> Bool {
        ["subscribe", "request", "cancel"].contains {
            (call.call ?? "").hasPrefix($0)
        }
    }
}
