import ConformanceKit

/// Runs one probe on both libraries, twice each, and compares the traces.
///
/// A probe with an expected difference passes only while the traces still differ, so the list
/// of deliberate differences cannot outlive the differences themselves.
func compare(_ ours: Probe, _ theirs: Probe, verbose: Bool) -> Outcome {
    precondition(
        ours.name == theirs.name,
        "the two probe lists are compiled from one source")
    let names = (left: "MiniCombine", right: "OpenCombine")
    let mini = ours.trace()
    let open = theirs.trace()
    var outcome: Outcome
    let rerun = (mini: ours.trace(), open: theirs.trace())
    if mini != rerun.mini || open != rerun.open {
        outcome = Outcome(name: ours.name, passed: false)
        outcome.details.append(
            "the probe is not deterministic: two runs gave different traces")
        for (first, second) in [(mini, rerun.mini), (open, rerun.open)] {
            if let mismatch = TraceMismatch.between(
                first, second, names: (left: "first run", right: "second run"))
            {
                outcome.details.append(mismatch.description)
            }
        }
    } else if let difference = ours.expectedDifference {
        let mismatch = TraceMismatch.between(mini, open, names: names)
        outcome = Outcome(
            name: "\(ours.name) [expected difference]", passed: mismatch != nil)
        outcome.details.append(
            "\(difference.reason); stated in \(difference.statedIn)")
        if let mismatch {
            outcome.details.append(mismatch.description)
        } else {
            outcome.details.append(
                "the traces are now equal: remove the expected difference")
        }
    } else if let mismatch = TraceMismatch.between(mini, open, names: names) {
        outcome = Outcome(
            name: ours.name, passed: false, details: [mismatch.description])
    } else {
        outcome = Outcome(name: ours.name, passed: true)
        if verbose {
            outcome.details = mini
        }
    }
    return outcome
}

/// Generates `count` pipelines from `seed`, and compares the traces of each on both libraries.
///
/// A mismatch that a deliberate difference explains is counted apart; for the others, the
/// smallest pipeline that still shows an unexplained mismatch is shown (the first three).
func compareRandomPipelines(
    seed: UInt64, count: Int, mini: Library, open: Library
) -> Outcome {
    func unexplainedMismatch(_ pipeline: Pipeline) -> TraceMismatch? {
        let ours = mini.traceOfPipeline(pipeline)
        let theirs = open.traceOfPipeline(pipeline)
        guard
            ExpectedDifference.explaining(pipeline, mini: ours, open: theirs)
                == nil
        else {
            return nil
        }
        return TraceMismatch.between(
            ours, theirs, names: (left: mini.name, right: open.name))
    }
    var generator = SplitMix64(seed: seed)
    var smallestMismatches: [Pipeline] = []
    var mismatchCount = 0
    var explained: [String: Int] = [:]
    for _ in 0..<count {
        let pipeline = Pipeline.random(using: &generator)
        let ours = mini.traceOfPipeline(pipeline)
        let theirs = open.traceOfPipeline(pipeline)
        guard ours != theirs else { continue }
        if let difference = ExpectedDifference.explaining(
            pipeline, mini: ours, open: theirs)
        {
            explained[difference.reason, default: 0] += 1
            continue
        }
        mismatchCount += 1
        let smallest = pipeline.shrunk { unexplainedMismatch($0) != nil }
        if !smallestMismatches.contains(smallest) {
            smallestMismatches.append(smallest)
        }
    }
    let summary =
        "\(count) pipelines from seed \(seed): \(mismatchCount) with unexplained differences"
    var outcome = Outcome(name: summary, passed: mismatchCount == 0)
    for (reason, pipelines) in explained.sorted(by: { $0.key < $1.key }) {
        outcome.details.append(
            "\(pipelines) differ only by a deliberate difference: \(reason)")
    }
    for smallest in smallestMismatches.prefix(3) {
        outcome.details.append(
            "smallest pipeline showing a difference:\n\(smallest)")
        outcome.details.append(unexplainedMismatch(smallest)!.description)
    }
    if smallestMismatches.count > 3 {
        outcome.details.append(
            "(\(smallestMismatches.count - 3) more distinct smallest pipelines)"
        )
    }
    return outcome
}
