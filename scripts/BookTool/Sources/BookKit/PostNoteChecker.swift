/// Checks the book's "where the original post differs" notes against the test suite.
enum PostNoteChecker {
    /// The first line of every such note.
    static let heading = "> **Note: where the original post differs.**"

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

    /// The notes of `page`: the 0-based index of each one's heading line, and the text of the
    /// block quote lines that follow it, without the `>`s.
    static func notes(in page: BookPage) -> [(index: Int, text: String)] {
        let lines = page.text.lines
        let prose = Set(page.proseIndices)
        var notes: [(index: Int, text: String)] = []
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
            notes.append((index, body.joined(separator: " ")))
        }
        return notes
    }

    /// The names in code spans right after the word "test" or "tests" in `text`;
    /// after "tests", a list such as `` `a`, `b` and `c` `` gives every name in it.
    static func namedTests(in text: String) -> [String] {
        let list =
            /(?:^|[^\p{L}])tests? +`[\p{L}_][\p{L}\p{N}_]*`(?:(?:, *(?:and )?| *and ) *`[\p{L}_][\p{L}\p{N}_]*`)*/
        return text.matches(of: list).flatMap { match in
            match.output.matches(of: /`([^`]*)`/).map { String($0.1) }
        }
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
}
