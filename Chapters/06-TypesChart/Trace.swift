// For the book's figures only (scripts/BookTool/README.md, "Figures"): when the
// variable BOOK_TRACE names a file, each types chart this program prints is also
// written there as one JSON object a line, so the book can draw it. What the
// program prints never changes.
import Foundation
import MiniCombine

/// Swift's `print(_:separator:terminator:)`, which also traces the types charts it prints.
func print(_ items: Any..., separator: String = " ", terminator: String = "\n")
{
    if let path = ProcessInfo.processInfo.environment["BOOK_TRACE"] {
        for case let chart as TypesChart in items {
            ChartTrace.append(chart, to: URL(fileURLWithPath: path))
        }
    }
    Swift.print(
        items.map { "\($0)" }.joined(separator: separator),
        terminator: terminator)
}

/// One line of the trace: a types chart.
private struct ChartTrace: Encodable {
    struct Stage: Encodable {
        var name: String
        var output: String
        var failure: String
    }

    var pipeline = 0
    var kind = "chart"
    var stages: [Stage]
    var subscriber: String

    /// Adds `chart` to the trace file at `url`.
    static func append(_ chart: TypesChart, to url: URL) {
        let event = ChartTrace(
            stages: chart.stages.map {
                Stage(name: $0.name, output: $0.output, failure: $0.failure)
            },
            subscriber: chart.subscriber)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let line = try? encoder.encode(event) else { return }
        let earlier = (try? Data(contentsOf: url)) ?? Data()
        try? (earlier + line + Data("\n".utf8)).write(to: url, options: .atomic)
    }
}
