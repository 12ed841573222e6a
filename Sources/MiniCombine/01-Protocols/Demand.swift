// snippet.demand
extension Subscribers {
    /// How many more values a subscriber is ready to receive.
    ///
    /// A demand is either a finite count, written `.max(n)`, or
    /// ``unlimited``. A publisher keeps a running total for each
    /// subscriber: it adds every new request to it and subtracts one for
    /// each value it sends.
    ///
    /// Arithmetic saturates at ``unlimited`` instead of overflowing, and a
    /// result below zero is a programming error that stops the program.
    public struct Demand: Sendable, Hashable {
        /// The finite count, or `nil` when the demand is unlimited.
        public let max: Int?

        private init(limit: Int?) {
            max = limit
        }

        /// As many values as the publisher can produce.
        public static let unlimited = Demand(limit: nil)

        /// No values at all: `.max(0)`.
        public static let none = Demand(limit: 0)

        /// A demand for at most `count` values.
        ///
        /// - Precondition: `count` is zero or more.
        public static func max(_ count: Int) -> Demand {
            precondition(count >= 0, "a demand cannot be negative")
            return Demand(limit: count)
        }
    }
}
// snippet.end

// snippet.demand-addition
extension Subscribers.Demand {
    /// Adds two demands; the sum is ``unlimited`` if either side is, or if
    /// the count would overflow.
    public static func + (lhs: Self, rhs: Self) -> Self {
        // exercise.blank: Demand + Demand, saturating at .unlimited
        guard let left = lhs.max, let right = rhs.max else { return .unlimited }
        let (sum, overflowed) = left.addingReportingOverflow(right)
        return overflowed ? .unlimited : .max(sum)
        // exercise.end
    }

    /// Adds `rhs` to `lhs` in place.
    public static func += (lhs: inout Self, rhs: Self) {
        lhs = lhs + rhs
    }
}
// snippet.end

// snippet.demand-subtraction
extension Subscribers.Demand {
    /// Subtracts one demand from another.
    ///
    /// ``unlimited`` minus anything stays ``unlimited``; a finite demand
    /// minus ``unlimited`` is ``none``.
    ///
    /// - Precondition: a finite result is not negative.
    public static func - (lhs: Self, rhs: Self) -> Self {
        // exercise.blank: Demand - Demand
        guard let left = lhs.max else { return .unlimited }
        guard let right = rhs.max else { return .none }
        return .max(left - right)
        // exercise.end
    }

    /// Subtracts `rhs` from `lhs` in place.
    public static func -= (lhs: inout Self, rhs: Self) {
        lhs = lhs - rhs
    }
}
// snippet.end

extension Subscribers.Demand {
    /// Adds a count to a demand, saturating at ``unlimited``.
    ///
    /// - Precondition: the result is not negative.
    public static func + (lhs: Self, rhs: Int) -> Self {
        // exercise.blank: Demand + Int, saturating at .unlimited
        guard let left = lhs.max else { return .unlimited }
        let (sum, overflowed) = left.addingReportingOverflow(rhs)
        return overflowed ? .unlimited : .max(sum)
        // exercise.end
    }

    /// Adds a count to `lhs` in place.
    public static func += (lhs: inout Self, rhs: Int) {
        lhs = lhs + rhs
    }

    // snippet.demand-minus-int
    /// Subtracts a count from a demand; ``unlimited`` stays ``unlimited``.
    ///
    /// A subtraction that overflows, such as `.max(5) - Int.min`, gives
    /// ``none``, as OpenCombine's does.
    ///
    /// - Precondition: the result is not negative.
    public static func - (lhs: Self, rhs: Int) -> Self {
        // exercise.blank: Demand - Int
        guard let left = lhs.max else { return .unlimited }
        let (difference, overflowed) = left.subtractingReportingOverflow(rhs)
        return overflowed ? .none : .max(difference)
        // exercise.end
    }
    // snippet.end

    /// Subtracts a count from `lhs` in place.
    public static func -= (lhs: inout Self, rhs: Int) {
        lhs = lhs - rhs
    }
}

// snippet.demand-comparison
extension Subscribers.Demand: Comparable {
    /// Orders demands by size; ``unlimited`` is larger than every count.
    public static func < (lhs: Self, rhs: Self) -> Bool {
        // exercise.blank: Demand < Demand
        guard let right = rhs.max else { return lhs.max != nil }
        guard let left = lhs.max else { return false }
        return left < right
        // exercise.end
    }
}

extension Subscribers.Demand: CustomStringConvertible {
    /// `"unlimited"`, or `"max(n)"` for a finite demand.
    public var description: String {
        max.map { "max(\($0))" } ?? "unlimited"
    }
}
// snippet.end

extension Subscribers.Demand {
    /// Whether a finite demand equals `rhs`; ``unlimited`` equals no count.
    public static func == (lhs: Self, rhs: Int) -> Bool {
        lhs.max == rhs
    }

    /// Whether `lhs` equals a finite demand; no count equals ``unlimited``.
    public static func == (lhs: Int, rhs: Self) -> Bool {
        rhs == lhs
    }

    /// Whether a demand differs from a count; ``unlimited`` differs from all.
    public static func != (lhs: Self, rhs: Int) -> Bool {
        !(lhs == rhs)
    }

    /// Whether a count differs from a demand; all differ from ``unlimited``.
    public static func != (lhs: Int, rhs: Self) -> Bool {
        !(rhs == lhs)
    }

    /// Whether a demand is smaller than a count; ``unlimited`` never is.
    public static func < (lhs: Self, rhs: Int) -> Bool {
        // exercise.blank: Demand < Int
        guard let left = lhs.max else { return false }
        return left < rhs
        // exercise.end
    }

    /// Whether a demand is at most a count; ``unlimited`` never is.
    public static func <= (lhs: Self, rhs: Int) -> Bool {
        // exercise.blank: Demand <= Int
        guard let left = lhs.max else { return false }
        return left <= rhs
        // exercise.end
    }

    // snippet.demand-greater-than-int
    /// Whether a demand is larger than a count; ``unlimited`` always is.
    public static func > (lhs: Self, rhs: Int) -> Bool {
        // exercise.blank: Demand > Int
        guard let left = lhs.max else { return true }
        return left > rhs
        // exercise.end
    }
    // snippet.end

    /// Whether a demand is at least a count; ``unlimited`` always is.
    public static func >= (lhs: Self, rhs: Int) -> Bool {
        // exercise.blank: Demand >= Int
        guard let left = lhs.max else { return true }
        return left >= rhs
        // exercise.end
    }

    /// Whether a count is smaller than a demand.
    public static func < (lhs: Int, rhs: Self) -> Bool {
        rhs > lhs
    }

    /// Whether a count is at most a demand.
    public static func <= (lhs: Int, rhs: Self) -> Bool {
        rhs >= lhs
    }

    /// Whether a count is larger than a demand.
    public static func > (lhs: Int, rhs: Self) -> Bool {
        rhs < lhs
    }

    /// Whether a count is at least a demand.
    public static func >= (lhs: Int, rhs: Self) -> Bool {
        rhs <= lhs
    }
}
