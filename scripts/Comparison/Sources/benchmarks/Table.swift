import Foundation

/// The side-by-side table, as plain text.
struct Table {
    var measurements: [Measurement]
    var repetitions: Int
    var divisor: Int
    var machine: String
    var toolchain: String?
    var load: (start: Double?, end: Double?)

    /// The columns: the benchmark, five times in nanoseconds, and two ratios.
    static let header = [
        "Benchmark", "Mini", "Tuned", "Open", "Same", "Loop", "Open/Tuned",
        "Tuned/Loop",
    ]

    /// The table, a blank line, and notes saying how and where it was measured; no line is
    /// longer than 80 characters, so the book can show it as it is.
    var text: String {
        var rows = [Self.header]
        for measurement in measurements {
            let times = [
                Contender.miniCombine, .tuned, .openCombine, .sameModule,
                .handLoop,
            ].map {
                measurement.median(of: $0).map(Self.nanoseconds) ?? "-"
            }
            let ratios = [
                measurement.medianRatio(.openCombine, to: .tuned),
                measurement.medianRatio(.tuned, to: .handLoop),
            ].map { $0.map(Self.ratio) ?? "-" }
            rows.append([measurement.workload.name] + times + ratios)
        }
        let widths = Self.header.indices.map { column in
            rows.map { $0[column].count }.max() ?? 0
        }
        var lines = rows.map { row in
            row.indices.map { column in
                let cell = row[column]
                let padding = String(
                    repeating: " ", count: widths[column] - cell.count)
                return column == 0 ? cell + padding : padding + cell
            }.joined(separator: "  ")
        }
        let spread =
            measurements.flatMap { measurement in
                Contender.allCases.compactMap { measurement.spread(of: $0) }
            }.max() ?? 0
        let date = ISO8601DateFormatter.string(
            from: Date(), timeZone: .gmt, formatOptions: [.withFullDate])
        lines += [
            "",
            "Nanoseconds per value; for a subject, per delivery (a value sent to 8 sinks",
            "is 8); for Just, per pipeline built and run. Median of \(repetitions) interleaved",
            "runs; ratios are medians of per-run ratios. The fastest and slowest run of",
            "a cell were up to \(Self.percent(spread)) of its median apart.",
            "Mini: MiniCombine as a package. Tuned: the tuned variant, as a package.",
            "Open: OpenCombine 0.14.0. Same: MiniCombine's files compiled into the",
            "benchmark's module. Loop: a plain loop doing the same arithmetic.",
        ]
        if divisor > 1 {
            lines.append(
                "Counts divided by \(divisor): a quick look, not the real measurement."
            )
        }
        lines += [
            "Measured by scripts/benchmark on \(date), release build, on",
            machine + ",",
            toolchain ?? "unknown toolchain",
            "load average \(Self.load(load.start)) before, \(Self.load(load.end)) after.",
        ]
        return lines.joined(separator: "\n")
    }

    private static func percent(_ fraction: Double) -> String {
        "\(Int((fraction * 100).rounded()))%"
    }

    private static func nanoseconds(_ value: Double) -> String {
        value >= 100
            ? String(format: "%.0f", value) : String(format: "%.1f", value)
    }

    private static func ratio(_ value: Double) -> String {
        value >= 10
            ? String(format: "%.0fx", value) : String(format: "%.1fx", value)
    }

    private static func load(_ value: Double?) -> String {
        value.map { String(format: "%.1f", $0) } ?? "unknown"
    }
}
