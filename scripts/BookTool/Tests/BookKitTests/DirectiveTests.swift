import Testing

@testable import BookKit

@Suite struct DirectiveTests {
    @Test func knownDirectivesParse() {
        #expect(
            ParsedComment(body: "include: Sources/A.swift#just")
                == .directive(.include(path: "Sources/A.swift", region: "just"))
        )
        #expect(ParsedComment(body: "compiles") == .directive(.compiles))
        #expect(ParsedComment(body: "fails") == .directive(.fails))
        #expect(
            ParsedComment(body: "output: 02-just")
                == .directive(.output(product: "02-just", part: nil)))
        #expect(
            ParsedComment(body: "output: 05-operator-inner#2")
                == .directive(.output(product: "05-operator-inner", part: 2)))
        #expect(ParsedComment(body: "toolchain") == .directive(.toolchain))
        #expect(
            ParsedComment(body: "measurement: scripts/benchmark")
                == .directive(.measurement(command: "scripts/benchmark")))
        #expect(
            ParsedComment(body: "temporary: ./Sources/A.swift")
                == .directive(.temporary(path: "Sources/A.swift")))
        #expect(
            ParsedComment(body: "checkpoint: 07-reduce-latest")
                == .directive(.checkpoint(product: "07-reduce-latest")))
        #expect(
            ParsedComment(body: "checkpoint: 05-operator-inner#4")
                == .directive(
                    .checkpoint(product: "05-operator-inner", part: 4)))
        #expect(
            ParsedComment(body: "continues: 03-sink.md")
                == .continues(page: "03-sink.md"))
    }

    @Test(arguments: [
        "include: Sources/A.swift", "include Sources/A.swift#a", "output",
        "output 02-just", "output: 02-just#0", "output: 02-just#two",
        "output: #2",
        "compiles now", "measurement", "measurement scripts/benchmark",
        "measurement:", "temporary", "temporary:",
        "temporary: Sources/A.swift#a",
        "temporary: A.swift B.swift", "temporary: https://example.com/A.swift",
        "checkpoint", "checkpoint 07-reduce-latest",
        "checkpoint: 07-reduce-latest#0", "checkpoint: 07-reduce-latest#two",
        "checkpoint: #2",
        "checkpoint: a b",
        "continues", "continues 03-sink.md", "continues:",
        "continues: 03-sink", "continues: book/03-sink.md",
        "continues: 03-sink.md 04-map.md",
    ])
    func knownKeywordWithWrongArgumentIsMalformed(body: String) {
        guard case .malformedDirective = ParsedComment(body: body) else {
            Issue.record("expected '\(body)' to be malformed")
            return
        }
    }

    @Test func otherCommentsAreNotDirectives() {
        #expect(ParsedComment(body: "TODO: rewrite this paragraph") == .other)
        #expect(ParsedComment(body: "outputs are shown below") == .other)
    }
}

@Suite struct BookPageTests {
    private func page(_ lines: [String]) -> BookPage {
        BookPage(
            path: "book/02-just.md",
            contents: lines.joined(separator: "\n") + "\n")
    }

    @Test func directiveOwnsTheBlockOnTheNextLine() {
        let page = page([
            "Text", "<!-- compiles -->", "```swift", "let a = 1", "```",
        ])
        #expect(page.diagnostics.isEmpty)
        #expect(page.directives.map(\.directive) == [.compiles])
        #expect(page.directives.first?.lineNumber == 2)
        #expect(page.directives.first?.block.contentRange == 3..<4)
        #expect(page.chapterNumber == 2)
    }

    @Test func swiftBlockWithoutADirectiveIsReportedAtItsFence() {
        let page = page(["Text", "", "```swift", "let a = 1", "```"])
        #expect(page.diagnostics.map(\.line) == [3])
        #expect(
            page.diagnostics.first?.message.hasPrefix(
                "swift block without a directive") == true)
    }

    @Test func directiveSeparatedFromItsBlockByABlankLineIsReported() {
        let page = page([
            "<!-- compiles -->", "", "```swift", "let a = 1", "```",
        ])
        #expect(page.diagnostics.map(\.line) == [1, 3])
        #expect(
            page.diagnostics.first?.message.contains(
                "must be followed on the next line") == true)
    }

    @Test func directiveWithTheWrongBlockLanguageIsReported() {
        let page = page([
            "<!-- output: 02-just -->", "```swift", "let a = 1", "```",
        ])
        #expect(page.diagnostics.map(\.line) == [1])
        #expect(
            page.diagnostics.first?.message.contains(
                "needs a ```text block, not a ```swift block")
                == true)
    }

    @Test func unknownDirectiveAboveASwiftBlockIsReported() {
        let page = page(["<!-- compile -->", "```swift", "let a = 1", "```"])
        #expect(page.diagnostics.map(\.line) == [1])
        #expect(
            page.diagnostics.first?.message.hasPrefix("unknown directive")
                == true)
    }

    @Test func continuesNamesAPageInThePagesFolder() {
        let page = page([
            "# Title", "", "<!-- continues: 03-sink.md -->", "", "Text",
        ])
        #expect(page.diagnostics.isEmpty)
        #expect(
            page.continuation
                == PlacedContinuation(path: "book/03-sink.md", index: 2))
        #expect(page.continuation?.lineNumber == 3)
    }

    @Test func aSwiftBlockRightBelowContinuesStillNeedsADirective() {
        let page = page([
            "<!-- continues: 03-sink.md -->", "```swift", "let a = 1", "```",
        ])
        #expect(
            page.diagnostics.map(\.description) == [
                "book/02-just.md:1: error: '<!-- continues: 03-sink.md -->' governs no "
                    + "block; the swift block below it needs a directive of its own"
            ])
        #expect(page.continuation?.path == "book/03-sink.md")
    }

    @Test func ordinaryCommentsElsewhereAreIgnored() {
        let page = page([
            "<!-- a note for editors -->", "Text", "<!-- another -->",
            "```text", "x", "```",
        ])
        #expect(page.diagnostics.isEmpty)
        #expect(page.directives.isEmpty)
    }

    @Test func unclosedFenceIsReportedAtItsOpeningLine() {
        let page = page(["Text", "```text", "never closed"])
        #expect(page.diagnostics.map(\.line) == [2])
        #expect(
            page.diagnostics.first?.message
                == "fenced code block is never closed")
    }

    @Test func mergeConflictMarkersInProseAreReportedAtTheirLines() {
        let page = page([
            "Text", "<<<<<<< HEAD", "ours", "=======", "theirs",
            ">>>>>>> topic", "More",
        ])
        #expect(page.diagnostics.map(\.line) == [2, 6])
        #expect(
            page.diagnostics.first?.message.hasPrefix(
                "an unresolved merge conflict") == true)
    }

    @Test func conflictLikeLinesInsideAFenceAreLeftAlone() {
        let page = page(["```text", "<<<<<<< HEAD", ">>>>>>> topic", "```"])
        #expect(page.diagnostics.isEmpty)
    }

    @Test func fencesInsideFencesAreNotParsed() {
        let page = page([
            "````markdown", "<!-- compiles -->", "```swift", "let a = 1", "```",
            "````",
        ])
        #expect(page.diagnostics.isEmpty)
        #expect(page.directives.isEmpty)
    }

    @Test func failsDirectiveFindsItsRecordedBlockAfterOneBlankLine() {
        let page = page([
            "<!-- fails -->", "```swift", "let a: Int = \"\"", "```", "",
            "```text",
            "1:14: error: x", "```",
        ])
        #expect(page.diagnostics.isEmpty)
        #expect(page.directives.first?.recordedBlock?.contentRange == 6..<7)
    }

    @Test func failsDirectiveWithoutARecordedBlockHasNone() {
        let page = page([
            "<!-- fails -->", "```swift", "let a: Int = \"\"", "```", "",
            "Prose.", "```text", "x",
            "```",
        ])
        #expect(page.directives.first?.recordedBlock == nil)
    }

    @Test func swiftInAnyLetterCaseNeedsADirectiveAndSatisfiesOne() {
        let page = page([
            "```Swift", "let a: Int = \"\"", "```", "<!-- compiles -->",
            "```SWIFT title",
            "let b = 1",
            "```",
        ])
        #expect(page.diagnostics.map(\.line) == [1])
        #expect(
            page.diagnostics.first?.message.hasPrefix(
                "swift block without a directive") == true)
        #expect(page.directives.map(\.directive) == [.compiles])
    }

    @Test func directiveAboveAnIndentedFenceIsRejectedAtTheDirective() {
        let page = page([
            "1. A step:", "", "   <!-- compiles -->", "   ```swift",
            "   let a = 1", "   ```",
        ])
        #expect(page.diagnostics.map(\.line) == [3])
        #expect(
            page.diagnostics.first?.message.contains("indented fence") == true)
        #expect(page.directives.isEmpty)
    }

    @Test func tildeFencesAndLongerClosingFencesAreBlocks() {
        let page = page([
            "<!-- compiles -->", "~~~swift", "let fence = \"```\"", "```",
            "~~~~", "",
            "<!-- output: 02-just -->", "```text", "``", "`````", "",
        ])
        #expect(page.diagnostics.isEmpty)
        #expect(page.directives.map(\.block.contentRange) == [2..<4, 8..<9])
    }

    @Test func fenceIndentedFourSpacesDoesNotCloseABlock() {
        let page = page([
            "<!-- compiles -->", "```swift", "let a = \"\"\"", "    ```", "```",
        ])
        #expect(page.diagnostics.isEmpty)
        #expect(page.directives.first?.block.contentRange == 2..<4)
    }

    @Test func directiveOnTheLastLineIsReportedAtItsLine() {
        for contents in [
            "Text\n<!-- compiles -->\n", "Text\n<!-- compiles -->",
        ] {
            let page = BookPage(path: "book/02-just.md", contents: contents)
            #expect(page.diagnostics.map(\.line) == [2])
            #expect(
                page.diagnostics.first?.message.contains(
                    "must be followed on the next line")
                    == true)
        }
    }

    @Test func directiveAndBlockAtTheEndOfAFileWithoutANewlineAreRead() {
        let page = BookPage(
            path: "book/02-just.md",
            contents: "<!-- compiles -->\n```swift\nlet a = 1\n```")
        #expect(page.diagnostics.isEmpty)
        #expect(page.directives.first?.block.contentRange == 2..<3)
    }
}

@Suite struct TextLinesTests {
    @Test func crlfTextSplitsIntoLinesThatKeepTheirCarriageReturn() {
        let text = TextLines("a\r\nb\r\n")
        #expect(text.lines == ["a\r", "b\r"])
        #expect(text.endsWithNewline)
        #expect(text.text == "a\r\nb\r\n")
    }
}
