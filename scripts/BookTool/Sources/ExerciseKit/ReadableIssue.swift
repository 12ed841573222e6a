import BookKit
import Foundation

/// A test's recorded issue, shortened for a student: the first difference between the expected
/// and the actual trace, with module qualifiers and runtime noise taken out.
///
/// Swift Testing prints an expectation `#expect(actual == expected)` as
/// `Expectation failed: (actual → VALUE) == (expected → VALUE)`, whole arrays on one line with
/// every type spelled out, then a "removed […]" line that reads from the expected side. For an
/// array of events this gives instead: expected `.value(-2)` at position 3, got nothing.
struct ReadableIssue {
    /// The longest line shown; longer ones are cut with "…".
    static let width = 100

    /// The issue's text as it was recorded, with its ` (Tests/File.swift:LINE)` location.
    var text: String

    /// At most five lines.
    var lines: [String] {
        var body = text
        var location: String?
        if let range = body.range(of: " (Tests/", options: .backwards),
            body.hasSuffix(")")
        {
            location = String(body[range.lowerBound...]).trimmedWhitespace
            body = String(body[..<range.lowerBound])
        }
        body = Self.simplified(body)
        if let comparison = Comparison(body) {
            return comparison.lines + (location.map { [$0] } ?? [])
        }
        let kept = TextLines(body).lines.filter { !$0.isBlankLine }.prefix(4)
            .map(Self.cut)
        return kept + (location.map { [$0] } ?? [])
    }

    /// `text` without module qualifiers, type names before enum cases, and
    /// `(unknown context at $…)`.
    static func simplified(_ text: String) -> String {
        var text = text
        let patterns = [
            // `(unknown context at $55a8c0ffee)` after a local type's name.
            #"\(unknown context at \$[0-9a-fA-F]+\)\.?"#,
            // `MiniCombineTests.Event` → `Event`, `Swift.Int` → `Int`.
            #"\b(MiniCombineTests|MiniCombine|Swift|Foundation|[A-Z][A-Za-z]*Tests)\."#,
            // `Event<Int, Never>.value(1)` → `.value(1)`; `Completion<Never>.finished` → `.finished`.
            #"\b([A-Z][A-Za-z0-9_]*(<([^<>]|<[^<>]*>)*>)?\.)+(?=[a-z_])"#,
        ]
        for pattern in patterns {
            text = text.replacingOccurrences(
                of: pattern, with: pattern.hasSuffix("(?=[a-z_])") ? "." : "",
                options: .regularExpression)
        }
        return text
    }

    static func cut(_ line: String) -> String {
        line.count <= width ? line : String(line.prefix(width - 1)) + "…"
    }

    /// `Expectation failed: (a → X) == (b → Y)`, read as actual X and expected Y.
    private struct Comparison {
        var actual: String
        var expected: String

        init?(_ body: String) {
            let prefix = "Expectation failed: "
            guard body.hasPrefix(prefix) else { return nil }
            // Swift Testing's own difference lines follow the comparison; ours replaces them.
            let statement = body.dropFirst(prefix.count).components(
                separatedBy: "\nremoved ")[0]
                .components(separatedBy: "\ninserted ")[0]
            let sides = Self.topLevel(String(statement), separator: " == ")
            guard sides.count == 2, let left = Self.value(of: sides[0]),
                let right = Self.value(of: sides[1])
            else { return nil }
            // The side written as a literal is the expected one; otherwise the right one is.
            if Self.isLiteral(left.expression),
                !Self.isLiteral(right.expression)
            {
                (actual, expected) = (right.value, left.value)
            } else {
                (actual, expected) = (left.value, right.value)
            }
        }

        var lines: [String] {
            guard let wanted = Self.elements(of: expected),
                let got = Self.elements(of: actual)
            else {
                return [
                    ReadableIssue.cut(
                        "expected \(Self.quoted(expected)), got \(Self.quoted(actual))"
                    )
                ]
            }
            guard
                let index = (0..<max(wanted.count, got.count)).first(where: {
                    $0 >= wanted.count || $0 >= got.count
                        || wanted[$0] != got[$0]
                })
            else {
                return [
                    "expected \(Self.quoted(expected)), got the same, in another form"
                ]
            }
            let expectedText =
                index < wanted.count
                ? Self.quoted(wanted[index]) : "nothing more"
            let actualText =
                index < got.count ? Self.quoted(got[index]) : "nothing"
            return [
                ReadableIssue.cut(
                    "expected \(expectedText) at position \(index + 1), got \(actualText)"
                ),
                Self.window(wanted, around: index, label: "  expected: "),
                Self.window(got, around: index, label: "  actual:   "),
            ]
        }

        /// `label` and the elements around `index`, as many as fit on a line.
        private static func window(
            _ elements: [String], around index: Int, label: String
        )
            -> String
        {
            var line = label + "[…]"
            for radius in (0...2).reversed() {
                let start = max(0, index - radius)
                let end = min(elements.count, index + radius + 1)
                guard start < end else {
                    return label + (elements.isEmpty ? "[]" : "[…]")
                }
                let shown = elements[start..<end].joined(separator: ", ")
                line =
                    label + "[" + (start > 0 ? "…, " : "") + shown
                    + (end < elements.count ? ", …" : "") + "]"
                if line.count <= ReadableIssue.width { return line }
            }
            return ReadableIssue.cut(line)
        }

        private static func quoted(_ value: String) -> String {
            "`" + value.trimmedWhitespace + "`"
        }

        private static func isLiteral(_ expression: String) -> Bool {
            guard let first = expression.trimmedWhitespace.first else {
                return false
            }
            return first == "[" || first == "." || first == "\""
                || first.isNumber
        }

        /// `(expression → value)` split in two; a bare literal is its own value.
        private static func value(of side: String) -> (
            expression: String, value: String
        )? {
            var side = side.trimmingCharacters(in: .whitespacesAndNewlines)
            if side.hasPrefix("("), side.hasSuffix(")") {
                side = String(side.dropFirst().dropLast())
            }
            let parts = topLevel(side, separator: " → ")
            if parts.count == 2 {
                return (
                    parts[0],
                    parts[1].trimmingCharacters(in: .whitespacesAndNewlines)
                )
            }
            return (side, side)
        }

        /// The elements of an array written `[a, b, c]`, or `nil` if `value` is not one.
        private static func elements(of value: String) -> [String]? {
            let value = value.trimmingCharacters(in: .whitespacesAndNewlines)
            guard value.hasPrefix("["), value.hasSuffix("]") else { return nil }
            let inside = String(value.dropFirst().dropLast())
            return topLevel(inside, separator: ",").map {
                $0.trimmingCharacters(in: .whitespacesAndNewlines)
            }.filter { !$0.isEmpty }
        }

        /// `text` split at `separator` where it is outside brackets and string literals.
        private static func topLevel(_ text: String, separator: String)
            -> [String]
        {
            var parts: [String] = []
            var depth = 0
            var inString = false
            var current = ""
            var index = text.startIndex
            while index < text.endIndex {
                let character = text[index]
                if !inString, depth == 0, text[index...].hasPrefix(separator) {
                    parts.append(current)
                    current = ""
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
                current.append(character)
                index = text.index(after: index)
            }
            parts.append(current)
            return parts
        }
    }
}
