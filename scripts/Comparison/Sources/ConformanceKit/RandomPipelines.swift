/// A small, fast, deterministic random number generator (SplitMix64): the same seed always
/// gives the same numbers, on every platform.
public struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    /// Creates a generator whose numbers depend only on `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}

extension Pipeline {
    /// A random pipeline; the generator's state alone decides it.
    public static func random(using generator: inout SplitMix64) -> Pipeline {
        func chance(_ percent: Int) -> Bool {
            Int.random(in: 0..<100, using: &generator) < percent
        }
        func demand() -> DemandSpec {
            chance(20)
                ? .unlimited : .max(Int.random(in: 1...3, using: &generator))
        }
        func value() -> Int {
            Int.random(in: 0..<12, using: &generator)
        }

        let source: Source
        switch Int.random(in: 0..<10, using: &generator) {
        case 0..<3: source = .just(value())
        case 3..<7:
            source = .sequence(
                (0..<Int.random(in: 0...5, using: &generator)).map { _ in
                    value()
                })
        default: source = .subject
        }

        let operators = (0..<Int.random(in: 0...4, using: &generator)).map {
            _ -> Operator in
            let divisor = Int.random(in: 2...4, using: &generator)
            switch Int.random(in: 0..<5, using: &generator) {
            case 0:
                return .map(adding: Int.random(in: 1...3, using: &generator))
            case 1: return .filter(droppingMultiplesOf: divisor)
            case 2: return .compactMap(nilForMultiplesOf: divisor)
            case 3: return .tryMap(throwingOnMultiplesOf: divisor + 1)
            default: return .replaceError(with: 100 + value())
            }
        }

        let returnedDemands = (0..<Int.random(in: 0...3, using: &generator)).map
        { _ in
            chance(50) ? DemandSpec.none : demand()
        }

        var steps: [Step] = []
        let isSubject = source == .subject
        for _ in 0..<Int.random(in: 0...(isSubject ? 8 : 3), using: &generator)
        {
            let roll = Int.random(in: 0..<100, using: &generator)
            if isSubject {
                switch roll {
                case 0..<55: steps.append(.send(value()))
                case 55..<75: steps.append(.request(demand()))
                case 75..<84: steps.append(.finish)
                case 84..<93: steps.append(.fail(value()))
                default: steps.append(.cancel)
                }
            } else {
                steps.append(roll < 75 ? .request(demand()) : .cancel)
            }
        }

        return Pipeline(
            source: source, operators: operators,
            tapsAfterOperators: chance(50),
            initialDemand: chance(80) ? demand() : nil,
            returnedDemands: returnedDemands,
            steps: steps)
    }

    /// Smaller variants of this pipeline, each one simplification away.
    public var simplifications: [Pipeline] {
        var variants: [Pipeline] = []
        func variant(_ change: (inout Pipeline) -> Void) {
            var copy = self
            change(&copy)
            variants.append(copy)
        }
        for index in operators.indices {
            variant { $0.operators.remove(at: index) }
        }
        for index in steps.indices {
            variant { $0.steps.remove(at: index) }
        }
        if case .sequence(let values) = source {
            for index in values.indices {
                variant {
                    $0.source = .sequence(
                        values.enumerated().filter { $0.offset != index }.map(
                            \.element))
                }
            }
        }
        if tapsAfterOperators {
            variant { $0.tapsAfterOperators = false }
        }
        if let initialDemand {
            variant { $0.initialDemand = nil }
            if let simpler = initialDemand.simpler {
                variant { $0.initialDemand = simpler }
            }
        }
        for index in returnedDemands.indices {
            variant { $0.returnedDemands.remove(at: index) }
            if let simpler = returnedDemands[index].simpler {
                variant { $0.returnedDemands[index] = simpler }
            }
        }
        for index in steps.indices {
            if case .request(let demand) = steps[index],
                let simpler = demand.simpler
            {
                variant { $0.steps[index] = .request(simpler) }
            }
        }
        return variants
    }

    /// The smallest pipeline reachable from this one by simplifications that all keep
    /// `stillFails` true; `self` must fail to begin with.
    public func shrunk(whileFailing stillFails: (Pipeline) -> Bool) -> Pipeline
    {
        var smallest = self
        while let smaller = smallest.simplifications.first(where: stillFails) {
            smallest = smaller
        }
        return smallest
    }
}

extension DemandSpec {
    /// A smaller demand to try while shrinking: `unlimited` becomes `max(1)`, `max(n)` becomes
    /// `max(1)`.
    fileprivate var simpler: DemandSpec? {
        switch self {
        case .unlimited: .max(1)
        case .max(let count) where count > 1: .max(1)
        case .max, .none: nil
        }
    }
}
