import HandLoopBenchmarks
import MiniCombineBenchmarks
import MiniCombineSameModuleBenchmarks
import OpenCombineBenchmarks
import TunedCombineBenchmarks

/// Who does the work in one column of the table.
enum Contender: String, CaseIterable {
    case miniCombine = "MiniCombine"
    case tuned = "Tuned"
    case openCombine = "OpenCombine"
    case sameModule = "Same module"
    case handLoop = "Hand loop"

    /// The contender's version of each workload; `reduceLatest3` is `nil` for OpenCombine,
    /// which has no `reduceLatest` (nor `combineLatest`).
    var workloads: Workloads {
        switch self {
        case .miniCombine:
            typealias Pipelines = MiniCombineBenchmarks.CombineWorkloads
            return Workloads(
                justMapSink: Pipelines.justMapSink,
                sequenceMapFilterSink: Pipelines.sequenceMapFilterSink,
                subjectMapSink: Pipelines.subjectMapSink,
                reduceLatest3: Pipelines.reduceLatest3)
        case .tuned:
            typealias Pipelines = TunedCombineBenchmarks.CombineWorkloads
            return Workloads(
                justMapSink: Pipelines.justMapSink,
                sequenceMapFilterSink: Pipelines.sequenceMapFilterSink,
                subjectMapSink: Pipelines.subjectMapSink,
                reduceLatest3: Pipelines.reduceLatest3)
        case .openCombine:
            typealias Pipelines = OpenCombineBenchmarks.CombineWorkloads
            return Workloads(
                justMapSink: Pipelines.justMapSink,
                sequenceMapFilterSink: Pipelines.sequenceMapFilterSink,
                subjectMapSink: Pipelines.subjectMapSink, reduceLatest3: nil)
        case .sameModule:
            typealias Pipelines = MiniCombineSameModuleBenchmarks
                .CombineWorkloads
            return Workloads(
                justMapSink: Pipelines.justMapSink,
                sequenceMapFilterSink: Pipelines.sequenceMapFilterSink,
                subjectMapSink: Pipelines.subjectMapSink,
                reduceLatest3: Pipelines.reduceLatest3)
        case .handLoop:
            return Workloads(
                justMapSink: HandLoopWorkloads.justMapSink,
                sequenceMapFilterSink: HandLoopWorkloads.sequenceMapFilterSink,
                subjectMapSink: HandLoopWorkloads.subjectMapSink,
                reduceLatest3: HandLoopWorkloads.reduceLatest3)
        }
    }
}

/// One contender's functions, each returning a checksum of the values that reached its end.
struct Workloads {
    var justMapSink: (_ count: Int) -> Int
    var sequenceMapFilterSink: (_ count: Int) -> Int
    var subjectMapSink: (_ count: Int, _ subscribers: Int) -> Int
    var reduceLatest3: ((_ count: Int) -> Int)?
}

/// One benchmark: the same work done by each contender that can do it.
struct Workload {
    /// The row's name in the table.
    var name: String
    /// How many times the measured unit happens per run: values delivered, or pipelines built.
    var elements: Int
    /// Each contender's version of the work, returning a checksum of the values it saw.
    var variants: [(contender: Contender, run: () -> Int)]

    /// Every workload, with every count divided by `divisor` (1 for the real thing).
    static func all(divisor: Int) -> [Workload] {
        let pipelines = 1_000_000 / divisor
        let values = 10_000_000 / divisor
        func workload(
            _ name: String, elements: Int, _ run: (Workloads) -> (() -> Int)?
        )
            -> Workload
        {
            Workload(
                name: name, elements: elements,
                variants: Contender.allCases.compactMap { contender in
                    run(contender.workloads).map { (contender, $0) }
                })
        }
        return [
            workload("Just.map.sink", elements: pipelines) { functions in
                { functions.justMapSink(pipelines) }
            },
            workload("Sequence.map.filter.sink", elements: values) {
                functions in
                { functions.sequenceMapFilterSink(values) }
            },
            workload("Subject, 1 map.sink", elements: values) { functions in
                { functions.subjectMapSink(values, 1) }
            },
            workload("Subject, 8 map.sinks", elements: values * 8) {
                functions in
                { functions.subjectMapSink(values, 8) }
            },
            workload("reduceLatest, 3 subjects", elements: values / 10) {
                functions in
                functions.reduceLatest3.map { reduce in { reduce(values / 10) }
                }
            },
        ]
    }
}
