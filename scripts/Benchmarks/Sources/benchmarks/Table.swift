import Foundation

/// The side-by-side table, as plain text.
struct Table {
    var measurements: [Measurement]
    var repetitions: Int
    var divisor: Int
    var machine: String
    var toolchain: String?
    var load: (start: Double?, end: Double?)

    /// The table, a blank line, and notes saying how and where it was measured.
    var text: String {
        let header = [
            "Benchmark", "Mini", "Open", "Same module", "Loop", "Open/Mini", "Mini/Loop",
            "Same/Loop",
        ]
        var rows = [header]
        for measurement in measurements {
            let times = [Contender.miniCombine, .openCombine, .sameModule, .handLoop].map {
                measurement.median(of: $0).map(Self.nanoseconds) ?? "-"
            }
            let ratios = [
                measurement.medianRatio(.openCombine, to: .miniCombine),
                measurement.medianRatio(.miniCombine, to: .handLoop),
                measurement.medianRatio(.sameModule, to: .handLoop),
            ].map { $0.map(Self.ratio) ?? "-" }
            rows.append([measurement.workload.name] + times + ratios)
        }
        let widths = header.indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        var lines = rows.map { row in
            row.indices.map { column in
                let cell = row[column]
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                return column == 0 ? cell + padding : padding + cell
            }.joined(separator: "  ")
        }
        let spread =
            measurements.flatMap { measurement in
                Contender.allCases.compactMap { measurement.spread(of: $0) }
            }.max() ?? 0
        lines.append("")
        lines.append(
            "Nanoseconds per value sent into the pipeline (per pipeline built and run for "
                + "Just), median of \(repetitions) runs")
        lines.append(
            "with the contenders interleaved; ratios are medians of the per-run ratios. The "
                + "fastest and slowest")
        lines.append(
            "run of a cell were up to \(Int((spread * 100).rounded()))% of its median apart.")
        lines.append("Mini: MiniCombine, used as a package. Open: OpenCombine 0.14.0.")
        lines.append("Same module: MiniCombine's code compiled into the benchmark's own module.")
        lines.append("Loop: a plain loop doing the same arithmetic.")
        if divisor > 1 {
            lines.append("Counts divided by \(divisor): a quick look, not the real measurement.")
        }
        let date = ISO8601DateFormatter.string(
            from: Date(), timeZone: .gmt, formatOptions: [.withFullDate])
        lines.append("Measured by scripts/benchmark on \(date), release build, on")
        lines.append("\(machine),")
        lines.append(
            "\(toolchain ?? "unknown toolchain"); load average "
                + "\(Self.load(load.start)) before, \(Self.load(load.end)) after.")
        return lines.joined(separator: "\n")
    }

    private static func nanoseconds(_ value: Double) -> String {
        value >= 100 ? String(format: "%.0f", value) : String(format: "%.1f", value)
    }

    private static func ratio(_ value: Double) -> String {
        value >= 10 ? String(format: "%.0fx", value) : String(format: "%.1fx", value)
    }

    private static func load(_ value: Double?) -> String {
        value.map { String(format: "%.1f", $0) } ?? "unknown"
    }
}
