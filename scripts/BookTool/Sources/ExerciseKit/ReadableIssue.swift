import BookKit
import Foundation

/// A test's recorded issue, shortened for a student: at most five lines of 100 columns.
///
/// Swift Testing prints `#expect(actual == expected)` as
/// `Expectation failed: (actual → VALUE) == (expected → VALUE)`, whole arrays on one line,
/// every type spelled out. For arrays this gives the first difference instead, with a few
/// elements around it: expected `.value(-2)` at position 3, got nothing.
struct ReadableIssue {
    static let width = 100
    /// The issue as recorded, ending with its ` (Tests/File.swift:LINE)`.
    var text: String

    var lines: [String] {
        var body = text
        var location: [String] = []
        if let range = body.range(of: " (Tests/", options: .backwards),
            body.hasSuffix(")")
        {
            location = [body[range.lowerBound...].trimmed]
            body = String(body[..<range.lowerBound])
        }
        // Qualifiers, a local type's `(unknown context at $…)`, and type names before
        // enum cases (`Event<Int, Never>.value(1)` is `.value(1)`).
        for (pattern, replacement) in [
            (#"\(unknown context at \$[0-9a-fA-F]+\)\.?"#, ""),
            (
                #"\b(MiniCombineTests|MiniCombine|Swift|Foundation|[A-Z][A-Za-z]*Tests)\."#,
                ""
            ),
            (
                #"\b([A-Z][A-Za-z0-9_]*(<([^<>]|<[^<>]*>)*>)?\.)+(?=[a-z_])"#,
                "."
            ),
        ] {
            body = body.replacingOccurrences(
                of: pattern, with: replacement, options: .regularExpression)
        }
        let difference =
            Self.difference(body)
            ?? TextLines(body).lines.filter { !$0.isBlankLine }.prefix(4).map(
                Self.cut)
        return difference + location
    }

    static func cut(_ line: String) -> String {
        line.count <= width ? line : String(line.prefix(width - 1)) + "…"
    }

    /// `Expectation failed: (a → X) == (b → Y)` read as actual X and expected Y, the side
    /// written as a literal being the expected one.
    private static func difference(_ body: String) -> [String]? {
        let prefix = "Expectation failed: "
        guard body.hasPrefix(prefix) else { return nil }
        // Swift Testing's own "removed"/"inserted" lines follow; ours replace them.
        let statement = body.dropFirst(prefix.count)
            .components(separatedBy: "\nremoved ")[0]
            .components(separatedBy: "\ninserted ")[0]
        let sides = split(statement, at: " == ").map { side in
            var side = side.trimmed
            if side.hasPrefix("("), side.hasSuffix(")") {
                side = String(side.dropFirst().dropLast())
            }
            let parts = split(side, at: " → ")
            return parts.count == 2
                ? (parts[0], parts[1].trimmed) : (side, side)
        }
        guard sides.count == 2 else { return nil }
        func isLiteral(_ expression: String) -> Bool {
            guard let first = expression.trimmed.first else {
                return false
            }
            return "[.\"".contains(first) || first.isNumber
        }
        let swapped = isLiteral(sides[0].0) && !isLiteral(sides[1].0)
        let (actual, expected) =
            swapped ? (sides[1].1, sides[0].1) : (sides[0].1, sides[1].1)
        func quoted(_ value: String) -> String { "`\(value.trimmed)`" }
        guard let wanted = elements(of: expected),
            let got = elements(of: actual)
        else {
            return [cut("expected \(quoted(expected)), got \(quoted(actual))")]
        }
        guard
            let index = (0..<max(wanted.count, got.count)).first(where: {
                $0 >= wanted.count || $0 >= got.count || wanted[$0] != got[$0]
            })
        else {
            return [
                "expected \(quoted(expected)), got the same, in another form"
            ]
        }
        return [
            cut(
                "expected \(index < wanted.count ? quoted(wanted[index]) : "nothing more")"
                    + " at position \(index + 1), got "
                    + (index < got.count ? quoted(got[index]) : "nothing")),
            window(wanted, around: index, label: "  expected: "),
            window(got, around: index, label: "  actual:   "),
        ]
    }

    /// `label` and the elements around `index`, as many as fit in the width.
    private static func window(
        _ elements: [String], around index: Int, label: String
    ) -> String {
        var line = label + "[…]"
        for radius in (0...2).reversed() {
            let start = max(0, index - radius)
            let end = min(elements.count, index + radius + 1)
            guard start < end else {
                return label + (elements.isEmpty ? "[]" : "[…]")
            }
            line =
                label + (start > 0 ? "[…, " : "[")
                + elements[start..<end].joined(separator: ", ")
                + (end < elements.count ? ", …]" : "]")
            if line.count <= width { return line }
        }
        return cut(line)
    }

    /// The elements of `[a, b, c]`, or `nil` if `value` is no array.
    private static func elements(of value: String) -> [String]? {
        let value = value.trimmed
        guard value.hasPrefix("["), value.hasSuffix("]") else { return nil }
        return split(String(value.dropFirst().dropLast()), at: ",")
            .map(\.trimmed).filter { !$0.isEmpty }
    }

    /// `text` split at `separator` outside brackets and string literals.
    private static func split<S: StringProtocol>(
        _ text: S, at separator: String
    )
        -> [String]
    {
        var parts = [""]
        var depth = 0
        var inString = false
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if !inString, depth == 0, text[index...].hasPrefix(separator) {
                parts.append("")
                index = text.index(index, offsetBy: separator.count)
                continue
            }
            if character == "\"" {
                inString.toggle()
            } else if !inString, "([{".contains(character) {
                depth += 1
            } else if !inString, ")]}".contains(character) {
                depth = max(0, depth - 1)
            }
            parts[parts.count - 1].append(character)
            index = text.index(after: index)
        }
        return parts
    }
}

extension TestOutcome {
    /// Why it did not pass, in lines for the student: a stop, a timeout, or its first two
    /// issues made readable; empty if it passed.
    var problems: [String] {
        switch status {
        case .passed: return []
        case .skipped: return ["skipped"]
        case .crashed(let message): return ["stopped: \(message)"]
        case .timedOut(let seconds):
            return [
                "timed out: still running after \(seconds) s (a loop that "
                    + "never ends, or a lock held while calling out?)"
            ]
        case .failed(let issues):
            // What fails after a timeout only repeats it.
            if let timeout = issues.first(where: { $0.hasPrefix("Timed out") })
            {
                return [
                    ReadableIssue(text: timeout).lines.joined(separator: " ")
                ]
            }
            var lines = issues.prefix(2).flatMap { issue in
                // An exit test's child process stopped.
                if let range = issue.range(of: "Fatal error: ") {
                    return [
                        "stopped: \(issue[range.upperBound...].prefix { $0 != "\n" })"
                    ]
                }
                return ReadableIssue(text: issue).lines
                    + (issue.contains(".success → .signal(SIGILL")
                        ? [
                            "(the code this test runs in a separate process stopped: "
                                + "a body not written yet, or a failed precondition)"
                        ] : [])
            }
            if issues.count > 2 {
                lines.append("… and \(issues.count - 2) more")
            }
            return lines
        }
    }
}

extension StringProtocol {
    fileprivate var trimmed: String {
        trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
