// For the book's figures only, with Trace.swift: the library's operators this
// chapter uses, with the library's bodies, so that they go through the traced
// subscribe(_:) and, when traced, record the values they see. `sink` is in
// TracedSink.swift.
import MiniCombine

extension Publisher {
    /// The library's `map(_:)`; when traced, it records each value going in and coming out.
    func map<T>(_ transform: @escaping (Output) -> T) -> Publishers.Map<Self, T>
    {
        guard let tracer = Tracer.shared else {
            return Publishers.Map(upstream: self, transform: transform)
        }
        return Publishers.Map(upstream: self) { input in
            tracer.value("\(input)", lane: "into map")
            let output = transform(input)
            tracer.value("\(output)", lane: "out of map")
            return output
        }
    }
}
