/// A scenario run once against each library; the two traces it records must be equal.
public struct Probe: Sendable {
    /// Says what the probe exercises, and names it in reports.
    public let name: String

    /// Set when the book's library is known to behave differently here, on purpose.
    public let expectedDifference: ExpectedDifference?

    /// Runs the scenario, recording its events into the recorder.
    public let run: @Sendable (TraceRecorder) -> Void

    /// Creates a probe whose traces must be equal.
    public init(
        _ name: String, run: @escaping @Sendable (TraceRecorder) -> Void
    ) {
        self.name = name
        self.expectedDifference = nil
        self.run = run
    }

    /// Creates a probe whose traces must differ, for the documented reason.
    public init(
        _ name: String, differs difference: ExpectedDifference,
        run: @escaping @Sendable (TraceRecorder) -> Void
    ) {
        self.name = name
        self.expectedDifference = difference
        self.run = run
    }

    /// The events of one run of the scenario.
    public func trace() -> [String] {
        let recorder = TraceRecorder()
        run(recorder)
        return recorder.events
    }
}

/// A deliberate difference between the book's library and OpenCombine.
public struct ExpectedDifference: Sendable, Equatable {
    /// Why the book's library behaves differently.
    public let reason: String

    /// Where the book says so, such as `"chapter 3 (book/03-sink.md)"`.
    public let statedIn: String

    /// Creates a difference with its reason and the chapter that states it.
    public init(reason: String, statedIn: String) {
        self.reason = reason
        self.statedIn = statedIn
    }
}
