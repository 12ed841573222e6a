import Testing

@testable import BookKit

@Suite struct PostNoteCheckerTests {
    private static let page = BookPage(
        path: "book/02-just.md",
        contents: """
            Intro.

            > **Note: where the original post differs.**
            > The post sends at once.
            > Ours waits (test `justWaits`).

            > **Note: where the original post differs.**
            > The post forgets to cancel
            > (tests `cancelStops`, `cancelFrees` and `cancelTwice`).

            > **Note: where the original post differs.**
            > The post is wrong, and nothing shows it.

            ```text
            > **Note: where the original post differs.** (test `inCode`)
            ```
            """)

    @Test func notesAreTheBlockQuotesUnderTheHeadingOutsideCode() {
        let notes = PostNoteChecker.notes(in: Self.page)
        #expect(notes.map(\.index) == [2, 6, 10])
        #expect(
            notes.first?.text
                == "The post sends at once. Ours waits (test `justWaits`).")
    }

    @Test func namedTestsFollowTheWordTestOrTests() {
        #expect(
            PostNoteChecker.namedTests(in: "Ours waits (test `justWaits`).")
                == ["justWaits"])
        #expect(
            PostNoteChecker.namedTests(
                in: "(tests `a`, `b` and `c`), then `notATest`")
                == ["a", "b", "c"])
        #expect(
            PostNoteChecker.namedTests(in: "the test `a`, and test `b`") == [
                "a", "b",
            ])
        #expect(
            PostNoteChecker.namedTests(in: "contest `x`; test `receive(_:)`")
                .isEmpty)
    }

    @Test func testFunctionsAreFuncsMarkedTest() {
        let source = """
            @Suite struct Chapter02JustTests {
                @Test func justWaits() {}

                @Test(arguments: [1, 2])
                func cancelStops(count: Int) {}

                private func helper() {}
            }
            """
        #expect(
            PostNoteChecker.testFunctionNames(in: source) == [
                "justWaits", "cancelStops",
            ])
    }

    @Test func aNameThatIsNoTestIsAnErrorAtTheNote() {
        let result = PostNoteChecker.check(
            Self.page, testNames: ["justWaits", "cancelStops", "cancelTwice"])
        #expect(
            result.map(\.description) == [
                "book/02-just.md:7: error: the note names test 'cancelFrees', "
                    + "but no @Test function in Tests/ has that name",
                "book/02-just.md:11: error: this 'where the original post differs' "
                    + "note names no test; add (test `name`)",
            ])
    }

    @Test func aNoteThatNamesNoTestIsAnError() {
        let diagnostics = PostNoteChecker.check(
            Self.page,
            testNames: [
                "justWaits", "cancelStops", "cancelFrees", "cancelTwice",
            ])
        #expect(
            diagnostics.map(\.description) == [
                "book/02-just.md:11: error: this 'where the original post differs' "
                    + "note names no test; add (test `name`)"
            ])
    }

    @Test func checkReportsAMissingTestFromTheRepository() throws {
        let page = """
            > **Note: where the original post differs.**
            > Ours saturates (test `saturates`), unlike the post (test `clamps`).

            """
        let fixture = try RepositoryFixture([
            "book/01-protocols.md": page,
            "Tests/MiniCombineTests/Chapter01Tests.swift":
                "@Test func saturates() {}\n",
        ])
        let report = fixture.check(
            Evidence(toolchainVersion: "Swift version 6.3.1"))
        #expect(
            report.diagnostics.map(\.description) == [
                "book/01-protocols.md:1: error: the note names test 'clamps', "
                    + "but no @Test function in Tests/ has that name"
            ])
    }
}
