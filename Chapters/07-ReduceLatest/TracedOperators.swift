// For the book's figures only, with Trace.swift: the library's operators this
// chapter uses, with the library's bodies, so that they go through the traced
// subscribe(_:) and, when traced, record the values they see. `sink` is in
// TracedSink.swift.
import MiniCombine

extension Publisher {
    /// The library's `reduceLatest(_:_:_:)`; when traced, each time it combines, it records
    /// the upstream values that changed since the last time, and the result.
    func reduceLatest<B: Publisher, C: Publisher, Result>(
        _ b: B,
        _ c: C,
        _ transform: @escaping (Output?, B.Output?, C.Output?) -> Result
    ) -> Publishers.ReduceLatest3<Self, B, C, Result>
    where B.Failure == Failure, C.Failure == Failure {
        guard let tracer = Tracer.shared else {
            return Publishers.ReduceLatest3(self, b, c, transform: transform)
        }
        let lanes = [
            "self: \(Output.self)", "b: \(B.Output.self)",
            "c: \(C.Output.self)",
        ]
        var previous: [String] = ["nil", "nil", "nil"]
        return Publishers.ReduceLatest3(self, b, c) { first, second, third in
            let latest = [
                first.map { "\($0)" }, second.map { "\($0)" },
                third.map { "\($0)" },
            ]
            .map { value in value ?? "nil" }
            for (lane, value) in zip(lanes, latest).enumerated()
            where value.1 != previous[lane] {
                tracer.value(value.1, lane: value.0)
            }
            previous = latest
            let result = transform(first, second, third)
            tracer.value("\(result)", lane: "out")
            return result
        }
    }
}
