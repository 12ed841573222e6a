import Foundation
import Testing

@testable import BookKit

@Suite struct FigureTests {
    static let page = """
        # Just

        [Contents](README.md)

        Just waits for a request:

        <!-- figure: sequence 02-just pipeline 1 -->
        ![Just waits until it is asked](figures/02-just.svg)

        [Contents](README.md)

        """

    static let run = """
        {"pipeline":1,"kind":"call","to":"Just","call":"subscribe(_:)"}
        {"pipeline":1,"kind":"call","from":"Just","to":"Watcher","call":"receive(subscription:)"}
        {"pipeline":1,"kind":"call","from":"Watcher","to":"Just.Inner","call":"request(max(1))"}
        {"pipeline":1,"kind":"call","from":"Just.Inner","to":"Watcher","call":"receive(42)","returns":"max(0)"}
        {"pipeline":2,"kind":"call","to":"Other","call":"subscribe(_:)"}

        """

    private func evidence(trace: String = Self.run) -> Evidence {
        var evidence = Evidence(toolchainVersion: "Swift version 6.3.1")
        evidence.traces["02-just"] = ProgramTrace(
            jsonLines: trace, product: "02-just")
        return evidence
    }

    /// A repository whose page has one figure, synced once so that its SVG is on disk.
    private func syncedFixture() throws -> RepositoryFixture {
        let fixture = try RepositoryFixture(["book/02-just.md": Self.page])
        let report = fixture.sync(evidence())
        #expect(report.updatedFiles == ["book/figures/02-just.svg"])
        #expect(report.diagnostics.isEmpty)
        return fixture
    }

    @Test func syncWritesTheFigureAndCheckThenPasses() throws {
        let fixture = try syncedFixture()
        let svg = try fixture.contents(of: "book/figures/02-just.svg")
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(svg.contains("<title>Just waits until it is asked</title>"))
        #expect(svg.contains(">request(max(1))</text>"))
        #expect(svg.contains(">receive(42) → max(0)</text>"))
        #expect(!svg.contains("Other"), "pipeline 2 is not drawn")
        #expect(svg.contains("@media (prefers-color-scheme: dark)"))
        #expect(fixture.check(evidence()).diagnostics.isEmpty)
    }

    @Test func syncingAgainWritesNothingAndTheSameBytes() throws {
        let fixture = try syncedFixture()
        let first = try fixture.contents(of: "book/figures/02-just.svg")
        let again = fixture.sync(evidence())
        #expect(again.updatedFiles.isEmpty)
        #expect(try fixture.contents(of: "book/figures/02-just.svg") == first)
        let redrawn = FigureCheck(
            layout: RepositoryLayout(root: fixture.root),
            traces: evidence().traces)
        let page = BookPage(path: "book/02-just.md", contents: Self.page)
        #expect(redrawn.draw(page.figures[0], on: page) == .success(first))
    }

    @Test func aHandEditedFigureFailsCheckAtItsDirective() throws {
        let fixture = try syncedFixture()
        let svg = try fixture.contents(of: "book/figures/02-just.svg")
        try fixture.write(
            svg.replacingOccurrences(
                of: "request(max(1))", with: "request(max(2))"),
            to: "book/figures/02-just.svg")
        let report = fixture.check(evidence())
        #expect(
            report.diagnostics.map(\.description) == [
                "book/02-just.md:7: error: figure book/figures/02-just.svg differs from what "
                    + "'figure: sequence 02-just pipeline 1' draws now (edited by hand, or its run "
                    + "changed); run scripts/book sync"
            ])
    }

    @Test func aChangedRunChangesTheFigureUntilSynced() throws {
        let fixture = try syncedFixture()
        let before = try fixture.contents(of: "book/figures/02-just.svg")
        let changedRun = Self.run.replacingOccurrences(
            of: "max(1)", with: "max(2)")
        #expect(
            fixture.check(evidence(trace: changedRun)).diagnostics.count == 1)
        #expect(
            fixture.sync(evidence(trace: changedRun)).updatedFiles == [
                "book/figures/02-just.svg"
            ])
        let after = try fixture.contents(of: "book/figures/02-just.svg")
        #expect(after != before)
        #expect(after.contains(">request(max(2))</text>"))
        #expect(fixture.check(evidence(trace: changedRun)).diagnostics.isEmpty)
    }

    @Test func aMissingFigureFailsCheckAtItsDirective() throws {
        let fixture = try RepositoryFixture(["book/02-just.md": Self.page])
        let report = fixture.check(evidence())
        #expect(
            report.diagnostics.map(\.description) == [
                "book/02-just.md:7: error: figure book/figures/02-just.svg is missing; "
                    + "run scripts/book sync"
            ])
    }

    @Test func aFigureNoPageUsesFailsCheckAndSync() throws {
        let fixture = try syncedFixture()
        try fixture.write("<svg/>\n", to: "book/figures/old.svg")
        let expected = [
            "book/figures/old.svg:1: error: figure is not used by any page; add "
                + "'<!-- figure: … -->' and its image line to a page, or delete the file"
        ]
        #expect(
            fixture.check(evidence()).diagnostics.map(\.description) == expected
        )
        #expect(
            fixture.sync(evidence()).diagnostics.map(\.description) == expected)
    }

    @Test func aFigureDirectiveNeedsAnImageLineBelowIt() throws {
        let page = Self.page.replacingOccurrences(
            of: "![Just waits until it is asked](figures/02-just.svg)",
            with: "Some prose.")
        let fixture = try RepositoryFixture(["book/02-just.md": page])
        #expect(
            fixture.check(evidence()).diagnostics.map(\.description) == [
                "book/02-just.md:7: error: directive '<!-- figure: sequence 02-just pipeline 1 -->' must be "
                    + "followed on the next line by '![ALT TEXT](figures/NAME.svg)', with alt text "
                    + "saying what it shows"
            ])
    }

    @Test func aMalformedFigureDirectiveIsReportedAndItsImageIsAnOrdinaryLink()
        throws
    {
        let page = Self.page.replacingOccurrences(
            of: "sequence 02-just pipeline 1", with: "sequence 02-just")
        let fixture = try RepositoryFixture(["book/02-just.md": page])
        #expect(
            fixture.check(evidence()).diagnostics.map(\.description) == [
                "book/02-just.md:7: error: malformed directive '<!-- figure: sequence 02-just -->'; "
                    + FigureSpec.expectation,
                "book/02-just.md:8: error: link target 'figures/02-just.svg' does not exist",
            ])
    }

    /// `#N` numbers the parts of an output; a figure counts pipelines, and says so.
    @Test func aFigureNumberedLikeAnOutputPartIsMalformed() throws {
        let page = Self.page.replacingOccurrences(
            of: "sequence 02-just pipeline 1", with: "sequence 02-just#1")
        let fixture = try RepositoryFixture(["book/02-just.md": page])
        #expect(
            fixture.check(evidence()).diagnostics.map(\.description) == [
                "book/02-just.md:7: error: malformed directive "
                    + "'<!-- figure: sequence 02-just#1 -->'; "
                    + FigureSpec.expectation,
                "book/02-just.md:8: error: link target 'figures/02-just.svg' does not exist",
            ])
    }

    @Test func figuresAskForTracesOfTheirPrograms() {
        let page = BookPage(path: "book/02-just.md", contents: Self.page)
        #expect(page.figures.map(\.imagePath) == ["book/figures/02-just.svg"])
        #expect(
            BookSession.request(for: [page]).traces == [
                OutputRequest(
                    product: "02-just",
                    id: ListingID(path: "book/02-just.md", line: 7))
            ])
    }

    @Test func aTraceLineThatIsNotAnEventFailsTheTrace() throws {
        let trace = ProgramTrace(
            jsonLines: "{\"pipeline\":1,\"kind\":\"call\"}\nnot json\n",
            product: "02-just")
        #expect(
            trace
                == .failure(
                    RunFailure(
                        "line 2 of 02-just's trace is not an event: not json")))
        let fixture = try RepositoryFixture(["book/02-just.md": Self.page])
        var evidence = evidence()
        evidence.traces["02-just"] = trace
        #expect(
            fixture.check(evidence).diagnostics.map(\.description) == [
                "book/02-just.md:7: error: cannot trace 02-just: line 2 of 02-just's trace is not "
                    + "an event: not json"
            ])
    }

    @Test func aPipelineTheRunDoesNotHaveIsReported() throws {
        let page = Self.page.replacingOccurrences(
            of: "02-just pipeline 1", with: "02-just pipeline 3")
        let fixture = try RepositoryFixture(["book/02-just.md": page])
        #expect(
            fixture.check(evidence()).diagnostics.map(\.description) == [
                "book/02-just.md:7: error: 02-just's trace has no calls in pipeline 3"
            ])
    }

    @Test func theCostTableIsReadByItsHeaderNames() {
        let table = [
            "Benchmark              Tuned  Mini  Open/Mini  Loop",
            "Just.map.sink           12.5  1160       1.0x   1.3",
            "reduceLatest, 3 subjects   -   894          -   2.6",
            "",
            "Measured by scripts/benchmark on …",
        ]
        let rows = CostChart.rows(of: table)
        #expect(
            rows?.map(\.benchmark) == [
                "Just.map.sink", "reduceLatest, 3 subjects",
            ])
        #expect(rows?[0].costs.map(\.column) == ["Tuned", "Mini", "Loop"])
        #expect(rows?[0].costs.map(\.nanoseconds) == [12.5, 1160, 1.3])
        #expect(rows?[1].costs.map(\.column) == ["Mini", "Loop"])
        let svg = CostChart.draw(rows ?? [], title: "Costs")
        #expect(
            svg.contains(">1160 ns</text>") && svg.contains(">12.5 ns</text>"))
        #expect(
            CostChart.rows(of: [
                "Benchmark  Mini", "only-one-cell-here-and  1  2",
            ]) == nil)
    }

    @Test func theCostsFigureNeedsAMeasurementTableOnItsPage() throws {
        let page = """
            # Costs

            [Contents](README.md)

            <!-- figure: costs -->
            ![Costs as bars](figures/costs.svg)

            [Contents](README.md)

            """
        let fixture = try RepositoryFixture(["book/08-costs.md": page])
        #expect(
            fixture.check(evidence()).diagnostics.map(\.description) == [
                "book/08-costs.md:5: error: the costs figure needs a '<!-- measurement: COMMAND -->' "
                    + "block on the same page that starts with a table: a header line, then one row "
                    + "per benchmark"
            ])
    }

    @Test func marblesShareAColumnWhenALaterLaneFollows() {
        let events = [
            TraceEvent(
                pipeline: 1, kind: "value", lane: "into map", value: "10"),
            TraceEvent(
                pipeline: 1, kind: "value", lane: "out of map", value: "20"),
            TraceEvent(
                pipeline: 1, kind: "value", lane: "into map", value: "11"),
        ]
        let svg = MarbleDiagram.draw(events, title: "Map")
        func x(of value: String) -> String? {
            svg.split(separator: "\n").first {
                $0.hasSuffix(">\(value)</text>")
            }
            .flatMap {
                $0.split(separator: "\"").dropFirst().first.map(String.init)
            }
        }
        #expect(x(of: "10") != nil)
        #expect(x(of: "10") == x(of: "20"))
        #expect(x(of: "11") != x(of: "10"))
    }

    @Test func marblesWrapRightAfterAnOutputWhenABandIsFull() {
        var events: [TraceEvent] = []
        for number in 1...30 {
            events.append(
                TraceEvent(
                    pipeline: 1, kind: "value", lane: "into filter",
                    value: "\(number)"))
            if number.isMultiple(of: 10) {
                events.append(
                    TraceEvent(
                        pipeline: 1, kind: "value", lane: "out of filter",
                        value: "\(number)"))
            }
        }
        let svg = MarbleDiagram.draw(events, title: "filter")
        // The height of the first text drawn for `value`.
        func y(of value: String) -> Double? {
            svg.split(separator: "\n").first {
                $0.hasSuffix(">\(value)</text>")
            }
            .flatMap { line in
                line.components(separatedBy: "y=\"").dropFirst().first
            }
            .flatMap { Double($0.prefix { $0 != "\"" }) }
        }
        #expect(y(of: "1") == y(of: "9"))
        #expect(y(of: "10") == y(of: "1"))
        #expect(y(of: "11")! > y(of: "10")!)
        #expect(y(of: "20") == y(of: "11"))
        #expect(y(of: "21")! > y(of: "20")!)
    }

    @Test func aLaneThatEndsStopsThereWithoutAnArrow() {
        let events = [
            TraceEvent(
                pipeline: 1, kind: "value", lane: "into tryMap",
                value: "\"three\""),
            TraceEvent(
                pipeline: 1, kind: "value", lane: "out of tryMap",
                end: "failure: bad"),
        ]
        let svg = MarbleDiagram.draw(events, title: "tryMap")
        #expect(
            svg.components(separatedBy: "<polygon").count - 1 == 1,
            "only the open lane has an arrowhead")
        #expect(svg.contains("class=\"stroke failure\""))
        #expect(svg.contains(">failure: bad</text>"))
    }

    @Test func onlyAFailureEndsALaneInTheFailureColour() {
        let events = [
            TraceEvent(pipeline: 1, kind: "value", lane: "a", value: "1"),
            TraceEvent(pipeline: 1, kind: "value", lane: "a", end: "cancelled"),
        ]
        let svg = MarbleDiagram.draw(events, title: "cancel")
        #expect(svg.contains(">cancelled</text>"))
        #expect(!svg.contains("class=\"stroke failure\""))
        #expect(
            svg.components(separatedBy: "<polygon").count - 1 == 0,
            "the cancelled lane has no arrowhead")
    }

    @Test func endsStayOnTheirBandAndAnEndedLaneIsNotDrawnAgain() {
        var events = [
            TraceEvent(pipeline: 1, kind: "value", lane: "c", value: "x"),
            TraceEvent(pipeline: 1, kind: "value", lane: "c", end: "finished"),
        ]
        for number in 1...40 {
            events.append(
                TraceEvent(
                    pipeline: 1, kind: "value", lane: "a", value: "\(number)"))
        }
        events.append(
            TraceEvent(pipeline: 1, kind: "value", lane: "a", end: "cancelled"))
        let svg = MarbleDiagram.draw(events, title: "bands")
        let lines = svg.split(separator: "\n")
        func y(of text: String) -> Double? {
            lines.first { $0.hasSuffix(">\(text)</text>") }
                .flatMap {
                    $0.components(separatedBy: "y=\"").dropFirst().first
                }
                .flatMap { Double($0.prefix { $0 != "\"" }) }
        }
        #expect(y(of: "40")! > y(of: "1")!, "the values take two bands")
        #expect(
            abs(y(of: "cancelled")! - y(of: "40")!) < 20,
            "the end stays on the band of the value before it")
        // An arrowhead's first point is its tip, at its lane's height: points="x,y ...".
        let arrowHeights = lines.filter { $0.hasPrefix("<polygon") }.compactMap
        {
            $0.components(separatedBy: "points=\"").dropFirst().first?
                .split(separator: " ").first?.split(separator: ",").last
                .flatMap { Double($0) }
        }
        let bands = lines.filter { $0.hasSuffix(">a</text>") }.count
        #expect(bands > 1)
        #expect(
            arrowHeights.count == bands - 1,
            "a has an arrow on every band but the one where it ends")
        #expect(
            !arrowHeights.contains { abs($0 - (y(of: "x")! - 4.5)) < 1 },
            "c, which ended on the first band, has none")
    }

    @Test func aTracedRunGetsTheVariableAndOtherRunsDoNot() {
        let script = ["-c", "printf '%s' \"${BOOK_TRACE-unset}\""]
        let traced = ProcessRunner.run(
            "sh", script,
            environment: [ProgramTrace.environmentVariable: "/tmp/trace.jsonl"])
        #expect(traced.standardOutput == "/tmp/trace.jsonl")
        #expect(ProcessRunner.run("sh", script).standardOutput == "unset")
    }
}
