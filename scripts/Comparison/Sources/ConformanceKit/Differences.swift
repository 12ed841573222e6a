// The deliberate differences between the book's library and OpenCombine, each with the chapter
// of the book that states it. A probe marked with one passes only while the traces differ.
extension ExpectedDifference {
    /// A re-entrant `cancel()` runs the action once, not twice.
    public static let anyCancellableRunsActionOnce = ExpectedDifference(
        reason:
            "AnyCancellable takes its action out before running it, so a cancel() made "
            + "from inside the action does nothing; OpenCombine runs the action again",
        statedIn:
            "chapter 3's companion (book/10-keeping-anycancellables.md, "
            + "\"Two corner cases of cancelling\")")

    /// `tryMap` ignores values that arrive after it failed.
    public static let tryMapIgnoresValuesAfterFailing = ExpectedDifference(
        reason:
            "after its transform has thrown, tryMap ignores any value a misbehaving upstream "
            + "still sends; OpenCombine still transforms and forwards them",
        statedIn:
            "chapter 5's companion (book/11-ending-early-with-trymap.md, "
            + "\"Where real Combine differs\")")

    /// `receive(on:)` does not serialise deliveries itself.
    public static let receiveOnHasNoDeliveryLock = ExpectedDifference(
        reason:
            "receive(on:) has no recursive lock around deliveries, so on a concurrent "
            + "scheduler two deliveries can overlap; OpenCombine serialises them",
        statedIn: "chapter 6 (book/06-types-chart.md)")
}

// Differences found by this suite; the book states each of them.
extension ExpectedDifference {
    /// No operator is specialised for `Just` or a sequence.
    public static let noSpecializedOperators = ExpectedDifference(
        reason:
            "MiniCombine has only the general operators: `Just(10).map` is a Map whose "
            + "closure runs for each subscriber once a value is requested; OpenCombine, like "
            + "Combine, specialises operators on Just and Publishers.Sequence, so the closure "
            + "runs once, eagerly, while the pipeline is built (a sequence is mapped in full)",
        statedIn:
            "chapter 4 (book/04-map.md) and chapter 5 (book/05-operator-inner.md)"
    )

    /// A sequence sends no `.finished` after `cancel()`.
    public static let sequenceSendsNothingAfterCancel = ExpectedDifference(
        reason:
            "a sequence's publisher sends nothing after cancel(), as chapter 1's promises "
            + "say; OpenCombine's still sends .finished when the subscriber cancels while "
            + "receiving the last element (tryMap throwing on it does that)",
        statedIn:
            "chapter 5's companion (book/12-inside-sequence.md, "
            + "\"Cancelled on the last element\"), "
            + "by chapter 1's promises "
            + "(book/01-protocols.md, \"The promises, together\")")

    /// `replaceError` sends a delayed replacement at most once.
    public static let replaceErrorSendsReplacementOnce = ExpectedDifference(
        reason:
            "after a failure at zero demand, replaceError sends the replacement and "
            + ".finished once, on the first request, and not at all after cancel(); "
            + "OpenCombine sends them again on every later request, even after cancel()",
        statedIn:
            "chapter 6's companion (book/13-inside-the-types-chart.md, \"Where "
            + "OpenCombine differs: a waiting replacement goes out again\")"
    )
}

extension ExpectedDifference {
    /// The deliberate difference that explains why a generated pipeline's traces differ, if one
    /// does: OpenCombine's trace, with that difference taken out, equals MiniCombine's.
    public static func explaining(
        _ pipeline: Pipeline, mini: [String], open: [String]
    ) -> ExpectedDifference? {
        guard case .sequence = pipeline.source else { return nil }
        // The sequence's late `.finished` travels down to the first operator that keeps a state
        // (tryMap or replaceError), which drops it; only the taps up to there can see it.
        let firstStateful = pipeline.operators.firstIndex { op in
            switch op {
            case .tryMap, .replaceError: true
            case .map, .filter, .compactMap: false
            }
        }
        let lastTap =
            pipeline.tapsAfterOperators
            ? firstStateful ?? pipeline.operators.count : 0
        let points = Set((0...lastTap).map { "tap\($0)" })
        if withoutFinishedAfterCancel(open, at: points) == mini {
            return .sequenceSendsNothingAfterCancel
        }
        return nil
    }

    /// The trace without the `.finished` that reached one of `points` after a `cancel()` had
    /// passed through that point.
    static func withoutFinishedAfterCancel(
        _ trace: [String], at points: Set<String>
    ) -> [String] {
        var cancelledPoints: Set<String> = []
        return trace.filter { event in
            guard let colon = event.firstIndex(of: ":") else { return true }
            let point = String(event[..<colon])
            guard points.contains(point) else { return true }
            let message = event[colon...]
            if message == ": cancel()" {
                cancelledPoints.insert(point)
            }
            return
                !(message == ": receive(completion: finished)"
                && cancelledPoints.contains(point))
        }
    }
}
