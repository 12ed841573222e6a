// snippet.pipeline-stage
/// One stage of a pipeline: its name, and the types it sends downstream.
public struct PipelineStage: Equatable, Sendable {
    /// The stage's name, such as `"Just"` or `"map"`.
    public let name: String

    /// The type of the values it sends.
    public let output: String

    /// The type of the failure it can send.
    public let failure: String

    /// Creates a stage from the names of its types.
    public init(name: String, output: String, failure: String) {
        self.name = name
        self.output = output
        self.failure = failure
    }

    /// Creates a stage named `name`, its types read from `Stage`.
    public init<Stage: Publisher>(name: String, of _: Stage.Type) {
        // exercise.blank: PipelineStage.init(name:of:)
        self.init(
            name: name,
            output: String(describing: Stage.Output.self),
            failure: String(describing: Stage.Failure.self)
        )
        // exercise.end
    }
}
// snippet.end

// snippet.types-chart
/// A publisher that lists the stages of its pipeline, read from its type.
///
/// Not part of Combine: the book's tool.
public protocol TypesCharting: Publisher {
    /// The stages from the source to this publisher, in order.
    var chartStages: [PipelineStage] { get }
}
// snippet.end

// snippet.types-chart-just
extension Just: TypesCharting {
    /// A single stage: `Just` is a source.
    public var chartStages: [PipelineStage] {
        // exercise.blank: Just.chartStages
        [PipelineStage(name: "Just", of: Self.self)]
        // exercise.end
    }
}
// snippet.end

// snippet.types-chart-map
extension Publishers.Map: TypesCharting where Upstream: TypesCharting {
    /// The upstream's stages, then `map`.
    public var chartStages: [PipelineStage] {
        // exercise.blank: Publishers.Map.chartStages
        upstream.chartStages + [PipelineStage(name: "map", of: Self.self)]
        // exercise.end
    }
}
// snippet.end

// snippet.types-chart-method
extension TypesCharting {
    /// The chart of this pipeline, ending in a subscriber named `subscriber`.
    public func typesChart(endingIn subscriber: String) -> TypesChart {
        // exercise.blank: typesChart(endingIn:)
        TypesChart(stages: chartStages, subscriber: subscriber)
        // exercise.end
    }
}

/// A pipeline's stages and the subscriber at its end, drawn one stage per
/// line with the types that flow between them.
///
/// Not part of Combine: the book's drawing of a ``TypesCharting`` pipeline.
public struct TypesChart: Equatable, Sendable, CustomStringConvertible {
    /// The stages from the source to the last operator, in order.
    public let stages: [PipelineStage]

    /// The name of the subscriber at the end, such as `"sink"`.
    public let subscriber: String

    /// Each stage's name, then an arrow with the types it sends; the
    /// subscriber last.
    public var description: String {
        // exercise.blank: TypesChart.description
        var lines: [String] = []
        for stage in stages {
            lines.append(stage.name)
            lines.append("  ↓ Output \(stage.output), Failure \(stage.failure)")
        }
        lines.append("subscriber: \(subscriber)")
        return lines.joined(separator: "\n")
        // exercise.end
    }
}
// snippet.end

extension Publishers.ReplaceError: TypesCharting where Upstream: TypesCharting {
    /// The upstream's stages, then `replaceError`.
    public var chartStages: [PipelineStage] {
        // exercise.blank: Publishers.ReplaceError.chartStages
        upstream.chartStages + [
            PipelineStage(name: "replaceError", of: Self.self)
        ]
        // exercise.end
    }
}

extension Publishers.ReceiveOn: TypesCharting where Upstream: TypesCharting {
    /// The upstream's stages, then `receive(on:)`.
    public var chartStages: [PipelineStage] {
        // exercise.blank: Publishers.ReceiveOn.chartStages
        upstream.chartStages + [
            PipelineStage(name: "receive(on:)", of: Self.self)
        ]
        // exercise.end
    }
}

extension Publishers.Sequence: TypesCharting {
    /// A single stage: a sequence's publisher is a source.
    public var chartStages: [PipelineStage] {
        // exercise.blank: Publishers.Sequence.chartStages
        [PipelineStage(name: "Sequence", of: Self.self)]
        // exercise.end
    }
}

extension Publishers.Filter: TypesCharting where Upstream: TypesCharting {
    /// The upstream's stages, then `filter`.
    public var chartStages: [PipelineStage] {
        // exercise.blank: Publishers.Filter.chartStages
        upstream.chartStages + [PipelineStage(name: "filter", of: Self.self)]
        // exercise.end
    }
}

extension Publishers.CompactMap: TypesCharting where Upstream: TypesCharting {
    /// The upstream's stages, then `compactMap`.
    public var chartStages: [PipelineStage] {
        // exercise.blank: Publishers.CompactMap.chartStages
        upstream.chartStages + [
            PipelineStage(name: "compactMap", of: Self.self)
        ]
        // exercise.end
    }
}

extension Publishers.TryMap: TypesCharting where Upstream: TypesCharting {
    /// The upstream's stages, then `tryMap`.
    public var chartStages: [PipelineStage] {
        // exercise.blank: Publishers.TryMap.chartStages
        upstream.chartStages + [PipelineStage(name: "tryMap", of: Self.self)]
        // exercise.end
    }
}

extension Publishers.KeepUpstreamAndMap: TypesCharting
where Upstream: TypesCharting {
    /// The upstream's stages, then `keepUpstreamAndMap`.
    public var chartStages: [PipelineStage] {
        // exercise.blank: Publishers.KeepUpstreamAndMap.chartStages
        upstream.chartStages + [
            PipelineStage(name: "keepUpstreamAndMap", of: Self.self)
        ]
        // exercise.end
    }
}
