import Foundation
import Testing

@testable import BookKit

@Suite struct PageFurnitureTests {
    static let source = """
        public struct Just {
            // snippet.value
            public let value: Int
            // snippet.end
            // snippet.count
            public let count: Int
            // snippet.end
        }

        """

    private func evidence() -> Evidence {
        var evidence = Evidence(toolchainVersion: "Swift version 6.3.1")
        evidence.programRuns["02-just"] = .success(
            "received 42\n")
        return evidence
    }

    @Test func longDiagnosticWrapsAtSpacesWithIndentedContinuations() {
        let line =
            "16:32: error: cannot convert value of type 'ReferenceWritableKeyPath<WeatherScreen, "
            + "Optional<Weather>>' to expected argument type 'ReferenceWritableKeyPath<"
            + "WeatherScreen, Weather>'"
        let lines = PageFurniture.wrapped(line)
        #expect(
            lines == [
                "16:32: error: cannot convert value of type",
                "    'ReferenceWritableKeyPath<WeatherScreen, Optional<Weather>>' to expected",
                "    argument type 'ReferenceWritableKeyPath<WeatherScreen, Weather>'",
            ])
        #expect(lines.allSatisfy { $0.count <= 80 })
        #expect(
            PageFurniture.wrapped("1:1: error: short") == ["1:1: error: short"])
    }

    @Test func checkpointCaptionsAreTheToolsOwn() {
        let path = "Sources/MiniCombine/07-ReduceLatest/ReduceLatest3.swift"
        let captions = [
            PageFurniture.temporaryCaption(path: path),
            PageFurniture.checkpointCaption(product: "07-reduce-latest"),
            PageFurniture.checkpointCaption(
                product: "07-reduce-latest", part: 2),
            PageFurniture.includeCaption(
                path: path, addsToFile: true, replacing: ["cancel()"]),
            PageFurniture.includeCaption(
                path: path, addsToFile: false, replacing: ["a()", "b()", "c()"]),
        ]
        #expect(
            captions == [
                "*For now, add to \(path); a later listing replaces it*",
                "*Output of `swift run 07-reduce-latest` at this point*",
                "*Part 2 of the output of `swift run 07-reduce-latest` at this point*",
                "*Adds to \(path), replacing the temporary `cancel()`*",
                "*\(path), replacing the temporary `a()`, `b()` and `c()`*",
            ])
        #expect(captions.allSatisfy(PageFurniture.isCaption))
        #expect(
            !PageFurniture.isCaption(
                "*For now, add a sentence; a later listing replaces it*"))
        #expect(
            PageFurniture.includeCaption(
                path: path, addsToFile: true, replacing: ["a()", "b()"])
                == "*Adds to \(path), replacing the temporary `a()` and `b()`*")
    }

    @Test func aTemporaryCaptionNamesACompanionByItsOwnTitle() {
        let path = "Sources/MiniCombine/07-ReduceLatest/ReduceLatest3.swift"
        let companion = (
            title: "Companion to chapter 7: Across threads",
            file: "14-across-threads.md"
        )
        let captions = [
            PageFurniture.temporaryCaption(path: path, replacedIn: companion),
            PageFurniture.temporaryCaption(
                path: path, replacedIn: companion, alsoHere: true),
        ]
        #expect(
            captions == [
                "*For now, add to \(path); [Across threads](14-across-threads.md) "
                    + "replaces it*",
                "*For now, add to \(path); later listings here and in "
                    + "[Across threads](14-across-threads.md) replace it*",
            ])
        #expect(captions.allSatisfy(PageFurniture.isCaption))
        // The longer form that earlier versions wrote is still a caption, so sync replaces it.
        #expect(
            PageFurniture.isCaption(
                "*For now, add to \(path); a listing in "
                    + "[Companion to chapter 7: Across threads](14-across-threads.md) "
                    + "replaces it*"))
    }

    @Test func wordLongerThanALineIsCut() {
        let word = String(repeating: "x", count: 100)
        let lines = PageFurniture.wrapped("1:1: error: " + word)
        #expect(lines.allSatisfy { $0.count <= 80 })
        #expect(
            lines.joined().replacingOccurrences(of: " ", with: "")
                == "1:1:error:" + word)
    }

    @Test func syncWritesCaptionsLabelsAndNavigationAndCheckThenPasses() throws
    {
        let page = """
            # Chapter 2: Just

            The value:

            <!-- include: Sources/MiniCombine/02-Just/Just.swift#value -->
            ```swift
            public let value: Int
            ```
            And the count:
            <!-- include: Sources/MiniCombine/02-Just/Just.swift#count -->
            ```swift
            public let count: Int
            ```

            <!-- fails -->
            ```swift
            let a: Int = ""
            ```

            <!-- output: 02-just -->
            ```text
            received 42
            ```

            """
        let expected = """
            # Chapter 2: Just

            [← Chapter 1: Protocols](01-protocols.md) · [Contents](README.md) · [Chapter 3: Sink →](03-sink.md)

            The value:

            *Sources/MiniCombine/02-Just/Just.swift*

            <!-- include: Sources/MiniCombine/02-Just/Just.swift#value -->
            ```swift
            public let value: Int
            ```
            And the count:

            *Adds to Sources/MiniCombine/02-Just/Just.swift*

            <!-- include: Sources/MiniCombine/02-Just/Just.swift#count -->
            ```swift
            public let count: Int
            ```

            <!-- fails -->
            ```swift
            let a: Int = ""
            ```

            *Compiler error*

            ```text
            1:14: error: cannot convert value of type 'String' to specified type 'Int', and
                this line is long
            ```

            *Output of `swift run 02-just`*

            <!-- output: 02-just -->
            ```text
            received 42
            ```

            [← Chapter 1: Protocols](01-protocols.md) · [Contents](README.md) · [Chapter 3: Sink →](03-sink.md)

            """
        let repository = try RepositoryFixture([
            "Sources/MiniCombine/02-Just/Just.swift": Self.source,
            "book/01-protocols.md": "# Chapter 1: Protocols\n",
            "book/02-just.md": page,
            "book/03-sink.md": "# Chapter 3: Sink\n\nText.\n",
        ])
        var evidence = evidence()
        // The fails directive is on line 15 before sync and on line 22 after it.
        for line in [15, 22] {
            evidence.listingMessages[
                ListingID(path: "book/02-just.md", line: line)] = [
                    CompilerMessage(
                        file: "main.swift", line: 1, column: 14,
                        severity: .error,
                        message:
                            "cannot convert value of type 'String' to specified type 'Int', "
                            + "and this line is long")
                ]
        }
        let before = repository.check(evidence)
        #expect(before.diagnostics.allSatisfy { $0.kind == .staleness })
        #expect(
            Set(before.diagnostics.map(\.path)) == [
                "book/01-protocols.md", "book/02-just.md", "book/03-sink.md",
            ])
        #expect(repository.sync(evidence).succeeded)
        #expect(try repository.contents(of: "book/02-just.md") == expected)
        #expect(
            try repository.contents(of: "book/03-sink.md") == """
                # Chapter 3: Sink

                [← Chapter 2: Just](02-just.md) · [Contents](README.md)

                Text.

                [← Chapter 2: Just](02-just.md) · [Contents](README.md)

                """)
        let after = repository.check(evidence)
        #expect(after.diagnostics.map(\.description) == [])
        #expect(repository.sync(evidence).updatedFiles.isEmpty)
    }

    @Test func navigationFollowsTheContentsNotTheFileNames() throws {
        let repository = try RepositoryFixture([
            "book/README.md": RepositoryFixture.toolchainPage
                + "[One](01-one.md), [Extra](03-extra.md), [Two](02-two.md).\n",
            "book/01-one.md": "# One\n",
            "book/02-two.md": "# Two\n",
            "book/03-extra.md": "# Extra\n",
        ])
        #expect(repository.sync(evidence()).succeeded)
        #expect(
            try repository.contents(of: "book/03-extra.md") == """
                # Extra

                [← One](01-one.md) · [Contents](README.md) · [Two →](02-two.md)

                """)
    }

    @Test func outOfDateCaptionAndNavigationAreReplacedNotRepeated() throws {
        let page = """
            # Chapter 2: Just

            [← Somewhere](README.md) · [Contents](README.md)

            *Sources/MiniCombine/02-Just/Old.swift*

            <!-- include: Sources/MiniCombine/02-Just/Just.swift#value -->
            ```swift
            public let value: Int
            ```
            <!-- include: Sources/MiniCombine/02-Just/Just.swift#count -->
            ```swift
            public let count: Int
            ```

            *Output of `swift run 01-old`*
            <!-- output: 02-just -->
            ```text
            received 42
            ```

            [Contents](README.md)
            """
        let repository = try RepositoryFixture([
            "Sources/MiniCombine/02-Just/Just.swift": Self.source,
            "book/02-just.md": page,
        ])
        #expect(repository.sync(evidence()).succeeded)
        #expect(
            try repository.contents(of: "book/02-just.md") == """
                # Chapter 2: Just

                [Contents](README.md)

                *Sources/MiniCombine/02-Just/Just.swift*

                <!-- include: Sources/MiniCombine/02-Just/Just.swift#value -->
                ```swift
                public let value: Int
                ```

                *Adds to Sources/MiniCombine/02-Just/Just.swift*

                <!-- include: Sources/MiniCombine/02-Just/Just.swift#count -->
                ```swift
                public let count: Int
                ```

                *Output of `swift run 02-just`*

                <!-- output: 02-just -->
                ```text
                received 42
                ```

                [Contents](README.md)
                """)
    }

    @Test
    func checkFailsAtEveryTooWideLineOfAListingOrOutputButSyncStillWrites()
        throws
    {
        let wide = String(repeating: "x", count: 81)
        let page = """
            <!-- compiles -->
            ```swift
            let \(wide) = 1
            let fits = 2
            ```

            *Output of `swift run 02-just`*

            <!-- output: 02-just -->
            ```text
            old
            ```

            ```text
            \(wide) in a plain text block is not checked
            ```

            """
        let repository = try RepositoryFixture(["book/notes.md": page])
        var evidence = evidence()
        evidence.programRuns["02-just"] = .success(
            "\(wide)\n")
        let check = repository.check(evidence)
        #expect(
            check.diagnostics.filter { $0.kind == .tooWide }.map(\.description)
                == [
                    "book/notes.md:3: error: line is 89 columns wide; listings, outputs and "
                        + "compiler errors in the book must fit in 80",
                    "book/notes.md:11: error: line is 81 columns wide; listings, outputs and "
                        + "compiler errors in the book must fit in 80",
                ])
        let sync = repository.sync(evidence)
        #expect(sync.updatedFiles == ["book/notes.md"])
        #expect(
            try repository.contents(of: "book/notes.md").contains(
                "```text\n\(wide)\n```"))
    }
}
