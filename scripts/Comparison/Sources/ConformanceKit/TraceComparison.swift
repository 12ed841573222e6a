/// The first place where two traces disagree, with the events around it.
public struct TraceMismatch: Equatable, CustomStringConvertible {
    /// The index of the first event that differs, or the length of the shorter trace.
    public let index: Int

    /// The two traces, as compared.
    public let left: [String]

    /// The trace `left` was compared with.
    public let right: [String]

    /// The names of the two sides, for the report.
    public let names: (left: String, right: String)

    /// Compares two traces; `nil` means they are equal.
    public static func between(
        _ left: [String], _ right: [String],
        names: (left: String, right: String)
    ) -> TraceMismatch? {
        guard left != right else { return nil }
        let index = zip(left, right).prefix { $0 == $1 }.count
        return TraceMismatch(
            index: index, left: left, right: right, names: names)
    }

    /// Both traces in full, numbered, with the first differing event marked on each side.
    public var description: String {
        var lines = ["first difference at event \(index + 1):"]
        for (name, trace) in [(names.left, left), (names.right, right)] {
            lines.append("  \(name) (\(trace.count) events):")
            for (position, event) in trace.enumerated() {
                let marker = position == index ? "▶" : " "
                lines.append("   \(marker)\(position + 1). \(event)")
            }
            if index == trace.count {
                lines.append("   ▶ (ends here)")
            }
        }
        return lines.joined(separator: "\n")
    }

    /// Whether two mismatches concern the same traces at the same place.
    public static func == (lhs: TraceMismatch, rhs: TraceMismatch) -> Bool {
        lhs.index == rhs.index && lhs.left == rhs.left && lhs.right == rhs.right
            && lhs.names == rhs.names
    }
}
