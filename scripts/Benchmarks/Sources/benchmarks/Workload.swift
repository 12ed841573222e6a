import HandLoopBenchmarks
import MiniCombineBenchmarks
import MiniCombineSameModuleBenchmarks
import OpenCombineBenchmarks

/// Who does the work in one column of the table.
enum Contender: String, CaseIterable {
    case miniCombine = "MiniCombine"
    case openCombine = "OpenCombine"
    case sameModule = "Same module"
    case handLoop = "Hand loop"
}

/// One benchmark: the same work done by each contender that can do it.
struct Workload {
    /// The row's name in the table.
    var name: String
    /// How many times the measured unit happens per run: values delivered, or pipelines built.
    var elements: Int
    /// Each contender's version of the work, returning a checksum of the values it saw.
    var variants: [(contender: Contender, run: () -> Int)]

    /// The workloads, with every count divided by `divisor` (1 for the real thing).
    static func all(divisor: Int) -> [Workload] {
        let pipelines = 1_000_000 / divisor
        let values = 10_000_000 / divisor
        let combinations = 1_000_000 / divisor
        return [
            Workload(
                name: "Just.map.sink, built and run", elements: pipelines,
                variants: [
                    (
                        .miniCombine,
                        { MiniCombineBenchmarks.CombineWorkloads.justMapSink(count: pipelines) }
                    ),
                    (
                        .openCombine,
                        { OpenCombineBenchmarks.CombineWorkloads.justMapSink(count: pipelines) }
                    ),
                    (
                        .sameModule,
                        {
                            MiniCombineSameModuleBenchmarks.CombineWorkloads.justMapSink(
                                count: pipelines)
                        }
                    ),
                    (.handLoop, { HandLoopWorkloads.justMapSink(count: pipelines) }),
                ]),
            Workload(
                name: "Sequence.map.filter.sink", elements: values,
                variants: [
                    (
                        .miniCombine,
                        {
                            MiniCombineBenchmarks.CombineWorkloads.sequenceMapFilterSink(
                                count: values)
                        }
                    ),
                    (
                        .openCombine,
                        {
                            OpenCombineBenchmarks.CombineWorkloads.sequenceMapFilterSink(
                                count: values)
                        }
                    ),
                    (
                        .sameModule,
                        {
                            MiniCombineSameModuleBenchmarks.CombineWorkloads.sequenceMapFilterSink(
                                count: values)
                        }
                    ),
                    (.handLoop, { HandLoopWorkloads.sequenceMapFilterSink(count: values) }),
                ]),
            subject(values: values, subscribers: 1),
            subject(values: values, subscribers: 8),
            Workload(
                name: "reduceLatest, 3 subjects", elements: combinations,
                variants: [
                    (
                        .miniCombine,
                        {
                            MiniCombineBenchmarks.CombineWorkloads.reduceLatest3(
                                count: combinations)
                        }
                    ),
                    (
                        .sameModule,
                        {
                            MiniCombineSameModuleBenchmarks.CombineWorkloads.reduceLatest3(
                                count: combinations)
                        }
                    ),
                    (.handLoop, { HandLoopWorkloads.reduceLatest3(count: combinations) }),
                ]),
        ]
    }

    /// `values` sends into a subject with `subscribers` pipelines; an element is one delivery.
    private static func subject(values: Int, subscribers: Int) -> Workload {
        let noun = subscribers == 1 ? "subscriber" : "subscribers"
        return Workload(
            name: "Subject, \(subscribers) map.sink \(noun)",
            elements: values * subscribers,
            variants: [
                (
                    .miniCombine,
                    {
                        MiniCombineBenchmarks.CombineWorkloads.subjectMapSink(
                            count: values, subscribers: subscribers)
                    }
                ),
                (
                    .openCombine,
                    {
                        OpenCombineBenchmarks.CombineWorkloads.subjectMapSink(
                            count: values, subscribers: subscribers)
                    }
                ),
                (
                    .sameModule,
                    {
                        MiniCombineSameModuleBenchmarks.CombineWorkloads.subjectMapSink(
                            count: values, subscribers: subscribers)
                    }
                ),
                (
                    .handLoop,
                    { HandLoopWorkloads.subjectMapSink(count: values, subscribers: subscribers) }
                ),
            ])
    }
}
