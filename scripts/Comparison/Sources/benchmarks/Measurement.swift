/// The timings of one workload over all repetitions.
struct Measurement {
    var workload: Workload
    /// Nanoseconds per element, one entry per repetition, for each contender.
    var nanosecondsPerElement: [Contender: [Double]] = [:]

    /// The median nanoseconds per element of `contender`, or `nil` if it has no variant.
    func median(of contender: Contender) -> Double? {
        nanosecondsPerElement[contender].map(Self.median)
    }

    /// The median over the repetitions of `numerator`'s time divided by `denominator`'s.
    ///
    /// Each ratio divides two runs from the same round of repetitions, so a slow stretch of a
    /// busy machine tends to slow both.
    func medianRatio(_ numerator: Contender, to denominator: Contender)
        -> Double?
    {
        guard let top = nanosecondsPerElement[numerator],
            let bottom = nanosecondsPerElement[denominator]
        else { return nil }
        return Self.median(zip(top, bottom).map { $0 / $1 })
    }

    /// How far the slowest and fastest repetitions of `contender` lie from each other, as a
    /// fraction of the median.
    func spread(of contender: Contender) -> Double? {
        guard let times = nanosecondsPerElement[contender],
            let median = median(of: contender),
            let slowest = times.max(), let fastest = times.min()
        else { return nil }
        return (slowest - fastest) / median
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1
            ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}
