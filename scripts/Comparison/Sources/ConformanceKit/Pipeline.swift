/// A demand, written without either library's type.
public enum DemandSpec: Hashable, Sendable, CustomStringConvertible {
    /// `.none`: only ever returned from `receive(_:)`, never requested.
    case none
    /// `.max(count)`.
    case max(Int)
    /// `.unlimited`.
    case unlimited

    /// `none`, `max(n)` or `unlimited`, as both libraries print demands.
    public var description: String {
        switch self {
        case .none: "max(0)"
        case .max(let count): "max(\(count))"
        case .unlimited: "unlimited"
        }
    }
}

/// Where a generated pipeline's values come from.
public enum Source: Hashable, Sendable {
    /// `Just(value)`.
    case just(Int)
    /// `values.publisher`.
    case sequence([Int])
    /// A `PassthroughSubject<Int, ProbeError>` that the steps send to.
    case subject
}

/// One operator of a generated pipeline; every one turns `Int`s into `Int`s.
public enum Operator: Hashable, Sendable {
    /// `map { $0 + amount }`.
    case map(adding: Int)
    /// `filter { $0 % divisor != 0 }`.
    case filter(droppingMultiplesOf: Int)
    /// `compactMap { $0 % divisor == 0 ? nil : $0 * 2 }`.
    case compactMap(nilForMultiplesOf: Int)
    /// `tryMap { $0 % divisor == 0 ? throw ProbeError($0) : $0 - 1 }`.
    case tryMap(throwingOnMultiplesOf: Int)
    /// `replaceError(with: value)`.
    case replaceError(with: Int)

    /// The operator as it would be written in a pipeline.
    public var code: String {
        switch self {
        case .map(let amount): ".map { $0 + \(amount) }"
        case .filter(let divisor): ".filter { $0 % \(divisor) != 0 }"
        case .compactMap(let divisor):
            ".compactMap { $0 % \(divisor) == 0 ? nil : $0 * 2 }"
        case .tryMap(let divisor):
            ".tryMap { if $0 % \(divisor) == 0 { throw ProbeError($0) }; return $0 - 1 }"
        case .replaceError(let value): ".replaceError(with: \(value))"
        }
    }
}

/// Something the driver does after subscribing, in order.
public enum Step: Hashable, Sendable, CustomStringConvertible {
    /// `subject.send(value)`; only for a subject source.
    case send(Int)
    /// `subject.send(completion: .finished)`; only for a subject source.
    case finish
    /// `subject.send(completion: .failure(ProbeError(code)))`; only for a subject source.
    case fail(Int)
    /// The subscriber requests more through its subscription.
    case request(DemandSpec)
    /// The subscriber cancels its subscription.
    case cancel

    /// The step as the driver performs it.
    public var description: String {
        switch self {
        case .send(let value): "subject.send(\(value))"
        case .finish: "subject.send(completion: .finished)"
        case .fail(let code):
            "subject.send(completion: .failure(ProbeError(\(code))))"
        case .request(let demand): "subscription.request(.\(demand))"
        case .cancel: "subscription.cancel()"
        }
    }
}

/// A generated pipeline: a source, operators, a scripted subscriber, and what happens next.
public struct Pipeline: Hashable, Sendable, CustomStringConvertible {
    /// Where the values come from.
    public var source: Source
    /// The operators, from the source down.
    public var operators: [Operator]
    /// Whether a recording tap also follows every operator (one always follows the source).
    public var tapsAfterOperators: Bool
    /// What the subscriber requests in `receive(subscription:)`, if anything.
    public var initialDemand: DemandSpec?
    /// What the subscriber returns from its n-th `receive(_:)`, cycling; `.none` when empty.
    public var returnedDemands: [DemandSpec]
    /// What the driver does after subscribing.
    public var steps: [Step]

    /// Creates a pipeline from its parts.
    public init(
        source: Source, operators: [Operator], tapsAfterOperators: Bool,
        initialDemand: DemandSpec?, returnedDemands: [DemandSpec], steps: [Step]
    ) {
        self.source = source
        self.operators = operators
        self.tapsAfterOperators = tapsAfterOperators
        self.initialDemand = initialDemand
        self.returnedDemands = returnedDemands
        self.steps = steps
    }

    /// The demand the subscriber returns for its value number `index`, counted from zero.
    public func returnedDemand(forValueAt index: Int) -> DemandSpec {
        returnedDemands.isEmpty
            ? .none : returnedDemands[index % returnedDemands.count]
    }

    /// The pipeline written out as code and a script, for a mismatch report.
    public var description: String {
        let sourceCode =
            switch source {
            case .just(let value): "Just(\(value))"
            case .sequence(let values): "\(values).publisher"
            case .subject: "PassthroughSubject<Int, ProbeError>()"
            }
        let tap = ".tap()"
        var stages = [sourceCode, tap]
        for op in operators {
            stages.append(op.code)
            if tapsAfterOperators { stages.append(tap) }
        }
        let returned =
            returnedDemands.isEmpty
            ? "max(0)"
            : returnedDemands.map(\.description).joined(separator: ", ")
        var lines = ["pipeline: " + stages.joined(separator: " ")]
        lines.append(
            "subscriber: requests \(initialDemand.map { "\($0)" } ?? "nothing") on subscription; "
                + "returns \(returned) (in turn) from each value")
        lines.append(
            "then: "
                + (steps.isEmpty
                    ? "nothing"
                    : steps.map(\.description).joined(separator: "; "))
        )
        return lines.joined(separator: "\n")
    }
}
