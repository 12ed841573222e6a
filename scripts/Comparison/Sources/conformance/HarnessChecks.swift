import ConformanceKit

/// Checks that prove the harness can fail: a comparison that always said "equal", a shrinker
/// that never shrank, or a runner that ignored the pipeline would each be caught here.
func harnessChecks(_ library: Library) -> [Outcome] {
    let names = (left: "real", right: "altered")
    let trace = library.probes.first { $0.name.hasPrefix("Sequence: max(2)") }!
        .trace()
    var outcomes: [Outcome] = []

    func check(_ name: String, _ passed: Bool) {
        outcomes.append(Outcome(name: name, passed: passed))
    }

    check(
        "a trace compared with itself is equal",
        TraceMismatch.between(trace, trace, names: names) == nil)
    check(
        "a trace with its last event dropped is reported at that event",
        TraceMismatch.between(trace, trace.dropLast(), names: names)?.index
            == trace.count - 1)
    var changed = trace
    changed[3] += " (altered)"
    check(
        "a trace with one event changed is reported at that event",
        TraceMismatch.between(trace, changed, names: names)?.index == 3)
    var swapped = trace
    swapped.swapAt(1, 2)
    check(
        "a trace with two events swapped is reported at the first",
        TraceMismatch.between(trace, swapped, names: names)?.index == 1)

    let big = Pipeline(
        source: .sequence([1, 7, 3, 4]),
        operators: [
            .map(adding: 1), .tryMap(throwingOnMultiplesOf: 3),
            .filter(droppingMultiplesOf: 2),
        ],
        tapsAfterOperators: true, initialDemand: .unlimited,
        returnedDemands: [.max(2), .none],
        steps: [.request(.max(3)), .cancel])
    // A pretend failure that needs the tryMap and the 7, and nothing else.
    let smallest = big.shrunk { pipeline in
        guard case .sequence(let values) = pipeline.source else { return false }
        return values.contains(7)
            && pipeline.operators.contains(.tryMap(throwingOnMultiplesOf: 3))
    }
    check(
        "the shrinker keeps only what a failure needs",
        smallest.operators == [.tryMap(throwingOnMultiplesOf: 3)]
            && smallest.source == .sequence([7])
            && smallest.steps.isEmpty && smallest.returnedDemands.isEmpty
            && smallest.initialDemand == nil && !smallest.tapsAfterOperators)

    var otherDemand = big
    otherDemand.returnedDemands = [.max(1), .none]
    check(
        "the pipeline runner follows the script: another returned demand, another trace",
        library.traceOfPipeline(big) != library.traceOfPipeline(otherDemand))
    return outcomes
}
