import Foundation

enum Markdown {
    /// `## Running it` is level 2 with the text `Running it`.
    static func heading(_ line: String) -> (level: Int, text: String)? {
        let hashes = line.prefix { $0 == "#" }
        guard (1...6).contains(hashes.count),
            line.dropFirst(hashes.count).first == " "
        else {
            return nil
        }
        return (
            hashes.count,
            line.dropFirst(hashes.count).trimmingCharacters(in: .whitespaces)
        )
    }

    /// A heading's text without inline markup: `` The `Inner` class `` → `The Inner class`.
    static func plainText(_ text: String) -> String {
        text.filter { !"`*_".contains($0) }
    }

    /// The anchor GitHub gives a heading: `What running it prints` → `what-running-it-prints`.
    static func gitHubAnchor(_ heading: String) -> String {
        String(
            plainText(heading).lowercased().compactMap {
                character -> Character? in
                if character == " " { return "-" }
                return character.isLetter || character.isNumber
                    || character == "-"
                    ? character : nil
            })
    }

    /// The anchor DocC gives a heading: `What running it prints` → `What-running-it-prints`.
    static func docCAnchor(_ heading: String) -> String {
        plainText(heading).split(whereSeparator: \.isWhitespace).joined(
            separator: "-")
    }
}
