import ConformanceKit
import Dispatch

#if OPEN_COMBINE
    import OpenCombineDispatch
#endif

#if OPEN_COMBINE
    /// The probes and the pipeline runner, compiled against OpenCombine 0.14.0.
    public let library = Library(
        name: "OpenCombine", probes: allProbes, traceOfPipeline: trace(of:))

    /// The scheduler that delivers on `queue`: OpenCombine wraps the queue.
    func scheduler(for queue: DispatchQueue) -> DispatchQueue.OCombine {
        queue.ocombine
    }
#else
    /// The probes and the pipeline runner, compiled against the book's MiniCombine.
    public let library = Library(
        name: "MiniCombine", probes: allProbes, traceOfPipeline: trace(of:))

    /// The scheduler that delivers on `queue`: in MiniCombine, the queue itself.
    func scheduler(for queue: DispatchQueue) -> DispatchQueue {
        queue
    }
#endif

/// Every hand-written probe, chapter by chapter, then operator by operator.
let allProbes: [Probe] =
    chapterProbes + justProbes + sequenceProbes + operatorProbes + subjectProbes
    + subscriberProbes
