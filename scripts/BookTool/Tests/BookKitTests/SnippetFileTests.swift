import Testing

@testable import BookKit

@Suite struct SnippetFileTests {
    @Test func nestedRegionsAreDedentedAndExcludeMarkerLines() {
        let file = SnippetFile(
            path: "Sources/A.swift",
            text: """
                struct A {
                    // snippet.outer
                    func f() {
                        // snippet.inner
                        print(1)
                        // snippet.end
                    }

                    // snippet.end
                }
                """)
        #expect(file.diagnostics.isEmpty)
        #expect(
            file.regions["outer"]?.lines == ["func f() {", "    print(1)", "}"])
        #expect(file.regions["inner"]?.lines == ["print(1)"])
        #expect(file.regions["outer"]?.startLine == 2)
    }

    @Test func exerciseMarkersNeverAppearInARegion() {
        let file = SnippetFile(
            path: "Sources/A.swift",
            text: """
                // snippet.body
                func f() -> Int {
                    // exercise.blank: f's result
                    1
                    // exercise.end
                }
                // snippet.end
                """)
        #expect(file.diagnostics.isEmpty)
        #expect(
            file.regions["body"]?.lines == ["func f() -> Int {", "    1", "}"])
    }

    @Test func unclosedRegionIsReportedAtItsStartLine() {
        let file = SnippetFile(
            path: "A.swift", text: "let a = 1\n// snippet.open\nlet b = 2\n")
        #expect(file.diagnostics.map(\.line) == [2])
        #expect(
            file.diagnostics.first?.message.contains("never closed") == true)
        #expect(file.regions.isEmpty)
    }

    @Test func endWithoutAnOpenRegionIsReportedAtItsLine() {
        let file = SnippetFile(
            path: "A.swift", text: "let a = 1\n// snippet.end\n")
        #expect(file.diagnostics.map(\.line) == [2])
        #expect(
            file.diagnostics.first?.message.contains("without an open region")
                == true)
    }

    @Test func duplicateRegionNameIsReportedAtTheSecondDefinition() {
        let text =
            "// snippet.a\nlet x = 1\n// snippet.end\n// snippet.a\nlet y = 2\n// snippet.end\n"
        let file = SnippetFile(path: "A.swift", text: text)
        #expect(file.diagnostics.map(\.line) == [4])
        #expect(
            file.diagnostics.first?.message.contains("defined twice") == true)
        #expect(file.regions["a"]?.lines == ["let x = 1"])
    }

    @Test(arguments: [
        "// snippet.", "// snippet.foo bar", "// snippet.-dash",
        "    // snippet.a.b",
    ])
    func malformedMarkerIsReportedAtItsLine(marker: String) {
        let file = SnippetFile(path: "A.swift", text: "let a = 1\n\(marker)\n")
        #expect(file.diagnostics.map(\.line) == [2])
        #expect(
            file.diagnostics.first?.message.contains("malformed snippet marker")
                == true)
    }

    @Test func emptyRegionIsReportedAtItsStartLine() {
        let file = SnippetFile(
            path: "A.swift",
            text: "let a = 1\n// snippet.empty\n\n// snippet.end\n")
        #expect(file.diagnostics.map(\.line) == [2])
        #expect(file.diagnostics.first?.message.contains("is empty") == true)
    }

    @Test func diagnosticsNameTheFileAndLineTheWayEditorsExpect() {
        let file = SnippetFile(
            path: "Sources/A.swift", text: "// snippet.end\n")
        #expect(
            file.diagnostics.first?.description
                == "Sources/A.swift:1: error: '// snippet.end' without an open region"
        )
    }

    @Test func trailingBlankLinesAreTrimmedButInnerBlankLinesKept() {
        let text =
            "// snippet.a\n    let x = 1\n\n    let y = 2\n\n\n// snippet.end\n"
        let file = SnippetFile(path: "A.swift", text: text)
        #expect(file.regions["a"]?.lines == ["let x = 1", "", "let y = 2"])
    }
}
