/// What the conformance run needs from one compilation of the shared probe sources.
public struct Library: Sendable {
    /// The library the sources were compiled against, such as `"MiniCombine"`.
    public let name: String

    /// The hand-written probes.
    public let probes: [Probe]

    /// Builds and runs a generated pipeline, returning its events.
    public let traceOfPipeline: @Sendable (Pipeline) -> [String]

    /// Creates a library description from its probes and its pipeline runner.
    public init(
        name: String, probes: [Probe],
        traceOfPipeline: @escaping @Sendable (Pipeline) -> [String]
    ) {
        self.name = name
        self.probes = probes
        self.traceOfPipeline = traceOfPipeline
    }
}
