// One source, compiled four times (see Package.swift): against the book's MiniCombine, against
// OpenCombine 0.14.0 (`OPEN_COMBINE`), with MiniCombine's own files in this module
// (`SAME_MODULE`), and against the tuned variant (`TUNED`), so that every contender runs exactly
// the same pipeline code.
#if OPEN_COMBINE
    import OpenCombine
#elseif TUNED
    import TunedCombine
#elseif !SAME_MODULE
    import MiniCombine
#endif

/// The benchmark workloads, written once for every library.
///
/// OpenCombine has no `reduceLatest` (nor `combineLatest`), so that workload has no counterpart
/// there.
///
/// Every workload returns a checksum of the values that reached the end of the pipeline, so the
/// optimiser cannot drop the work, and so the runner can check that all variants agree.
public enum CombineWorkloads {
    /// Builds and runs `Just(i).map { i * 3 }.sink { … }` once for each `i` in `0..<count`.
    public static func justMapSink(count: Int) -> Int {
        var sum = 0
        for value in 0..<count {
            _ = Just(value).map { $0 &* 3 }.sink { sum &+= $0 }
        }
        return sum
    }

    /// Sends `0..<count` through `map { $0 * 3 }`, keeps the even results, and sums them.
    public static func sequenceMapFilterSink(count: Int) -> Int {
        mapFilterSink((0..<count).publisher)
    }

    /// Maps, filters and sums the values of `upstream` with the operators every publisher has.
    ///
    /// Called with a `Publishers.Sequence`, this sees only `upstream`'s `Publisher` conformance,
    /// so `map` and `filter` are the generic operators that pass values on one at a time.
    /// OpenCombine, like Combine, also gives `Publishers.Sequence` its own `map` and `filter`,
    /// which build a whole new array up front; this benchmark is about the generic ones.
    private static func mapFilterSink<Upstream: Publisher>(_ upstream: Upstream)
        -> Int
    where Upstream.Output == Int, Upstream.Failure == Never {
        var sum = 0
        let cancellable =
            upstream
            .map { $0 &* 3 }
            .filter { $0 & 1 == 0 }
            .sink { sum &+= $0 }
        withExtendedLifetime(cancellable) {}
        return sum
    }

    /// Sends `0..<count` into a subject with `subscribers` pipelines `map { $0 + 1 }.sink { … }`.
    public static func subjectMapSink(count: Int, subscribers: Int) -> Int {
        var sum = 0
        let subject = PassthroughSubject<Int, Never>()
        var cancellables: [AnyCancellable] = []
        for _ in 0..<subscribers {
            cancellables.append(subject.map { $0 &+ 1 }.sink { sum &+= $0 })
        }
        for value in 0..<count {
            subject.send(value)
        }
        withExtendedLifetime(cancellables) {}
        return sum
    }

    #if !OPEN_COMBINE
        /// Sends `0..<count` round-robin into three subjects combined by `reduceLatest`, which adds
        /// up the latest value of each (`0` before the first), and sums the results.
        public static func reduceLatest3(count: Int) -> Int {
            var sum = 0
            let a = PassthroughSubject<Int, Never>()
            let b = PassthroughSubject<Int, Never>()
            let c = PassthroughSubject<Int, Never>()
            let cancellable = a.reduceLatest(b, c) {
                ($0 ?? 0) &+ ($1 ?? 0) &+ ($2 ?? 0)
            }
            .sink { sum &+= $0 }
            let subjects = [a, b, c]
            for value in 0..<count {
                subjects[value % 3].send(value)
            }
            withExtendedLifetime(cancellable) {}
            return sum
        }
    #endif
}
