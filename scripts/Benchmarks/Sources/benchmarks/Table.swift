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
            "Benchmark", "MiniCombine", "OpenCombine", "Same module", "Hand loop", "Open/Mini",
            "Mini/Hand",
        ]
        var rows = [header]
        for measurement in measurements {
            rows.append(
                [measurement.workload.name]
                    + [Contender.miniCombine, .openCombine, .sameModule, .handLoop].map {
                        measurement.median(of: $0).map(Self.nanoseconds) ?? "-"
                    }
                    + [
                        measurement.medianRatio(.openCombine, to: .miniCombine).map(Self.ratio)
                            ?? "-",
                        measurement.medianRatio(.miniCombine, to: .handLoop).map(Self.ratio) ?? "-",
                    ])
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
            "Nanoseconds per element (per value delivered; per pipeline for Just), median of "
                + "\(repetitions) interleaved runs;")
        lines.append(
            "ratios are medians of per-run ratios. The slowest and fastest run of a cell differed "
                + "by up to \(Int((spread * 100).rounded()))%.")
        if divisor > 1 {
            lines.append("Counts divided by \(divisor): a quick look, not the real measurement.")
        }
        let date = ISO8601DateFormatter.string(
            from: Date(), timeZone: .gmt, formatOptions: [.withFullDate])
        lines.append("Measured by scripts/benchmark on \(date): \(machine),")
        lines.append(
            "\(toolchain ?? "unknown toolchain"), release build; load average "
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
