/// Checks the book's "where the original post differs" notes against the test suite.
enum PostNoteChecker {
    static let heading = "> **Note: where the original post differs.**"

    /// Errors for notes that name no test, and for names that are not tests.
    static func check(_ page: BookPage, testNames: Set<String>)
        -> [BookDiagnostic]
    {
        notes(in: page).flatMap { note in
            let named = namedTests(in: note.text)
            let problems =
                named.isEmpty
                ? [
                    "this 'where the original post differs' note names no test; "
                        + "add (test `name`)"
                ]
                : named.filter { !testNames.contains($0) }.map {
                    "the note names test '\($0)', but no @Test function "
                        + "in Tests/ has that name"
                }
            return problems.map {
                BookDiagnostic(
                    path: page.path, line: note.index + 1, message: $0)
            }
        }
    }

    /// The notes of `page`: the 0-based index of each one's heading line, and the text of the
    /// block quote lines that follow it, without the `>`s.
    static func notes(in page: BookPage) -> [(index: Int, text: String)] {
        let lines = page.text.lines
        let prose = Set(page.proseIndices)
        return page.proseIndices.filter {
            lines[$0].trimmedWhitespace == heading
        }
        .map { index in
            let body = lines.indices.dropFirst(index + 1).prefix {
                prose.contains($0) && lines[$0].trimmedWhitespace.hasPrefix(">")
            }.map { lines[$0].trimmedWhitespace.dropFirst().trimmedWhitespace }
            return (index, body.joined(separator: " "))
        }
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
        let lines = TextLines(source).lines.map(\.trimmedWhitespace)
        return Set(
            lines.indices.compactMap { index in
                let attributes = lines[..<index].reversed().prefix {
                    $0.hasPrefix("@")
                }
                guard
                    let name = lines[index].firstMatch(
                        of: /func ([\p{L}\p{N}_]+)/),
                    lines[index].contains("@Test")
                        || attributes.contains(where: { $0.hasPrefix("@Test") })
                else { return nil }
                return String(name.1)
            })
    }
}
