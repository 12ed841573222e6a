/// Checks the book's "where the original post differs" notes against the test suite.
enum PostNoteChecker {
    /// The first line of every such note.
    static let heading = "> **Note: where the original post differs.**"

    /// A note of `page`: the 0-based index of its heading line, and its text without the `>`s.
    struct Note: Equatable {
        var index: Int
        var text: String
    }

    /// Errors for notes that name no test, and for names that are not tests.
    static func check(_ page: BookPage, testNames: Set<String>)
        -> [BookDiagnostic]
    {
        var diagnostics: [BookDiagnostic] = []
        for note in notes(in: page) {
            let named = namedTests(in: note.text)
            if named.isEmpty {
                diagnostics.append(
                    BookDiagnostic(
                        path: page.path, line: note.index + 1,
                        message:
                            "this 'where the original post differs' note names no test; "
                            + "add (test `name`)"))
            }
            for name in named where !testNames.contains(name) {
                diagnostics.append(
                    BookDiagnostic(
                        path: page.path, line: note.index + 1,
                        message:
                            "the note names test '\(name)', but no @Test function "
                            + "in Tests/ has that name"))
            }
        }
        return diagnostics
    }

    /// The notes of `page`, each with the block quote lines that follow its heading.
    static func notes(in page: BookPage) -> [Note] {
        let lines = page.text.lines
        let prose = Set(page.proseIndices)
        var notes: [Note] = []
        for index in page.proseIndices
        where lines[index].trimmedWhitespace == heading {
            var body: [String] = []
            var next = index + 1
            while next < lines.count, prose.contains(next) {
                let line = lines[next].trimmedWhitespace
                guard line.hasPrefix(">") else { break }
                body.append(String(line.dropFirst()).trimmedWhitespace)
                next += 1
            }
            notes.append(Note(index: index, text: body.joined(separator: " ")))
        }
        return notes
    }

    /// The names in code spans right after the word "test" or "tests" in `text`;
    /// after "tests", a list such as `` `a`, `b` and `c` `` gives every name in it.
    static func namedTests(in text: String) -> [String] {
        var names: [String] = []
        var rest = Substring(text)
        while let word = nextTestWord(in: rest) {
            rest = rest[word.upperBound...]
            while let (name, after) = codeSpan(at: rest) {
                names.append(name)
                rest = after
                guard let separated = listSeparator(at: rest) else { break }
                rest = separated
            }
        }
        return names
    }

    /// The names of the functions marked `@Test` in `source`: a `func` whose own line holds the
    /// attribute, or whose attribute lines, the lines starting with `@` right above it, do.
    static func testFunctionNames(in source: String) -> Set<String> {
        let lines = source.split(
            separator: "\n", omittingEmptySubsequences: false
        ).map {
            $0.trimmedWhitespace
        }
        var names: Set<String> = []
        for (index, line) in lines.enumerated() {
            guard let range = line.range(of: "func ") else { continue }
            let name = line[range.upperBound...].prefix {
                $0.isLetter || $0.isNumber || $0 == "_"
            }
            let attributes = lines[..<index].reversed().prefix {
                $0.hasPrefix("@")
            }
            if !name.isEmpty,
                line.contains("@Test")
                    || attributes.contains(where: { $0.hasPrefix("@Test") })
            {
                names.insert(String(name))
            }
        }
        return names
    }

    private static func nextTestWord(in text: Substring) -> Range<
        Substring.Index
    >? {
        var searchStart = text.startIndex
        while let found = text[searchStart...].range(of: "test") {
            searchStart = found.upperBound
            if found.lowerBound > text.startIndex,
                text[text.index(before: found.lowerBound)].isLetter
            {
                continue
            }
            var end = found.upperBound
            if end < text.endIndex, text[end] == "s" {
                end = text.index(after: end)
            }
            if end < text.endIndex, text[end] == " " {
                return found.lowerBound..<end
            }
        }
        return nil
    }

    private static func codeSpan(at text: Substring) -> (String, Substring)? {
        let trimmed = text.drop { $0 == " " }
        guard trimmed.first == "`" else { return nil }
        let inside = trimmed.dropFirst()
        guard let close = inside.firstIndex(of: "`") else { return nil }
        let name = inside[..<close]
        guard let first = name.first, first.isLetter || first == "_",
            name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
        else { return nil }
        return (String(name), inside[inside.index(after: close)...])
    }

    private static func listSeparator(at text: Substring) -> Substring? {
        var rest = text
        if rest.first == "," { rest = rest.dropFirst() }
        let afterSpaces = rest.drop { $0 == " " }
        if afterSpaces.hasPrefix("and ") { return afterSpaces.dropFirst(4) }
        return rest.count < text.count ? afterSpaces : nil
    }
}
