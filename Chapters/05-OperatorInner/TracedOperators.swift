// For the book's figures only, with Trace.swift: the library's operators this
// chapter uses, with the library's bodies, so that they go through the traced
// subscribe(_:) and, when traced, record the values they see. `sink` is in
// TracedSink.swift.
import MiniCombine

extension Publisher {
    /// The library's `filter(_:)`; when traced, it records each value going in and each let through.
    func filter(_ isIncluded: @escaping (Output) -> Bool)
        -> Publishers.Filter<Self>
    {
        guard let tracer = Tracer.shared else {
            return Publishers.Filter(upstream: self, isIncluded: isIncluded)
        }
        return Publishers.Filter(upstream: self) { input in
            tracer.value("\(input)", lane: "into filter")
            let kept = isIncluded(input)
            if kept { tracer.value("\(input)", lane: "out of filter") }
            return kept
        }
    }

    /// The library's `compactMap(_:)`; when traced, it records each value going in and each
    /// result sent on.
    func compactMap<T>(_ transform: @escaping (Output) -> T?)
        -> Publishers.CompactMap<Self, T>
    {
        guard let tracer = Tracer.shared else {
            return Publishers.CompactMap(upstream: self, transform: transform)
        }
        return Publishers.CompactMap(upstream: self) { input in
            tracer.value(String(reflecting: input), lane: "into compactMap")
            let output = transform(input)
            if let output {
                tracer.value(
                    String(reflecting: output), lane: "out of compactMap")
            }
            return output
        }
    }

    /// The library's `tryMap(_:)`; when traced, it records each value going in, and what comes
    /// out: a value, or the error that ends the stream.
    func tryMap<T>(_ transform: @escaping (Output) throws -> T)
        -> Publishers.TryMap<Self, T>
    {
        guard let tracer = Tracer.shared else {
            return Publishers.TryMap(upstream: self, transform: transform)
        }
        return Publishers.TryMap(upstream: self) { input in
            tracer.value(String(reflecting: input), lane: "into tryMap")
            do {
                let output = try transform(input)
                tracer.value(String(reflecting: output), lane: "out of tryMap")
                return output
            } catch {
                tracer.value(
                    nil, lane: "out of tryMap", end: "failure: \(error)")
                throw error
            }
        }
    }
}
