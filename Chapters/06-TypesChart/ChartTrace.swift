// For the book's figures only (scripts/BookTool/README.md, "Figures"): when the
// variable BOOK_TRACE names a file, each types chart this program prints is also
// recorded there by Trace.swift's tracer, so the book can draw it. What the
// program prints never changes.
import MiniCombine

/// Swift's `print(_:separator:terminator:)`, which also traces the types charts it prints.
func print(_ items: Any..., separator: String = " ", terminator: String = "\n")
{
    for case let chart as TypesChart in items {
        Tracer.shared?.chart(
            chart.stages.map {
                Tracer.Event.Stage(
                    name: $0.name, output: $0.output, failure: $0.failure)
            },
            subscriber: chart.subscriber)
    }
    Swift.print(
        items.map { "\($0)" }.joined(separator: separator),
        terminator: terminator)
}
