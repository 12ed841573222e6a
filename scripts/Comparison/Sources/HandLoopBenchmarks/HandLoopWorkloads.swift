/// The benchmark workloads written as plain loops, with no publishers at all.
///
/// Each computes the same checksum as the pipelines do, doing the same arithmetic on the same
/// values. Every value that reaches the end is added to the total by a function that is never
/// inlined, just as a sink hands each value to its closure: without it, the compiler would
/// work out the whole loop's answer as a formula and time nothing.
public enum HandLoopWorkloads {
    /// Multiplies each `i` in `0..<count` by three and sums the results.
    public static func justMapSink(count: Int) -> Int {
        var total = Total()
        for value in 0..<count {
            total.add(value &* 3)
        }
        return total.sum
    }

    /// Multiplies each value of `0..<count` by three and sums the even results.
    public static func sequenceMapFilterSink(count: Int) -> Int {
        var total = Total()
        for value in 0..<count {
            let mapped = value &* 3
            if mapped & 1 == 0 {
                total.add(mapped)
            }
        }
        return total.sum
    }

    /// Adds one to each value of `0..<count`, once for each of `subscribers`, and sums the results.
    public static func subjectMapSink(count: Int, subscribers: Int) -> Int {
        var total = Total()
        for value in 0..<count {
            for _ in 0..<subscribers {
                total.add(value &+ 1)
            }
        }
        return total.sum
    }

    /// Stores each value of `0..<count` round-robin as the latest of three, and sums the three
    /// latest values after each store.
    public static func reduceLatest3(count: Int) -> Int {
        var total = Total()
        var latest = (a: 0, b: 0, c: 0)
        for value in 0..<count {
            switch value % 3 {
            case 0: latest.a = value
            case 1: latest.b = value
            default: latest.c = value
            }
            total.add(latest.a &+ latest.b &+ latest.c)
        }
        return total.sum
    }
}

/// A running total kept the way a sink's closure keeps it, through a call the optimiser cannot
/// see into.
public struct Total {
    /// The sum so far.
    public private(set) var sum = 0

    /// Creates a total of zero.
    public init() {}

    /// Adds `value` to the sum.
    public mutating func add(_ value: Int) {
        sum = adding(value, to: sum)
    }
}

/// Returns `sum + value`, wrapping on overflow; never inlined, so that each call really happens.
@inline(never)
private func adding(_ value: Int, to sum: Int) -> Int {
    sum &+ value
}
