import Foundation
import Testing

@testable import BookKit

/// Where the sequence diagram puts its lifelines and arrows, read back from the SVG it draws.
@Suite struct SequenceDiagramTests {
    /// One call of pipeline 1; `from` is `nil` when no traced object made it.
    static func call(
        _ from: String?, _ to: String, _ name: String, returns: String? = nil
    ) -> TraceEvent {
        TraceEvent(
            pipeline: 1, kind: "call", from: from, to: to, call: name,
            returns: returns)
    }

    /// `Just(7).sink`, as chapter 3's program traces it: `sink` subscribes, and
    /// `Just`'s `receive(subscriber:)` hands its subscription over.
    static let justSink = [
        call(nil, "Just", "subscribe(_:)"),
        call("Just", "Sink", "receive(subscription:)"),
        call("Sink", "Just.Inner", "request(unlimited)"),
        call("Just.Inner", "Sink", "receive(7)", returns: "max(0)"),
        call("Just.Inner", "Sink", "receive(completion: finished)"),
    ]

    /// Two relays, as chapter 5's program traces them: each relay subscribes upstream
    /// from its `receive(subscriber:)`, so the calls name the relays before their
    /// `Inner`s and the sequence before its subscription.
    static let twoRelays = [
        call(nil, "Relay B", "subscribe(_:)"),
        call("Relay B", "Relay A", "subscribe(_:)"),
        call("Relay A", "Sequence", "subscribe(_:)"),
        call("Sequence", "A's Inner", "receive(subscription:)"),
        call("A's Inner", "B's Inner", "receive(subscription:)"),
        call("B's Inner", "Sink", "receive(subscription:)"),
        call("Sink", "B's Inner", "request(unlimited)"),
        call("B's Inner", "A's Inner", "request(unlimited)"),
        call("A's Inner", "Sequence.Inner", "request(unlimited)"),
        call("Sequence.Inner", "A's Inner", "receive(1)", returns: "max(0)"),
        call("A's Inner", "B's Inner", "receive(1)", returns: "max(0)"),
        call("B's Inner", "Sink", "receive(1)", returns: "max(0)"),
        call("Sequence.Inner", "A's Inner", "receive(completion: finished)"),
        call("A's Inner", "B's Inner", "receive(completion: finished)"),
        call("B's Inner", "Sink", "receive(completion: finished)"),
    ]

    /// A drawing read back: each lifeline's name and x, left to right, and each arrow's
    /// shaft from its start to its end, top to bottom.
    struct Drawing {
        var lifelines: [(name: String, x: Double)] = []
        var arrows: [(start: Double, end: Double)] = []

        func x(of lifeline: String) -> Double? {
            lifelines.first { $0.name == lifeline }?.x
        }
    }

    static func read(_ svg: String) -> Drawing {
        func number(_ attribute: String, in element: Substring) -> Double? {
            element.components(separatedBy: " \(attribute)=\"").dropFirst()
                .first?.split(separator: "\"").first.flatMap { Double($0) }
        }
        var drawing = Drawing()
        for element in svg.split(separator: "\n") {
            if element.contains("text-anchor=\"middle\""),
                let x = number("x", in: element),
                let name = element.split(separator: ">").dropFirst().first?
                    .split(separator: "<").first
            {
                drawing.lifelines.append((String(name), x))
            }
            if element.hasPrefix("<line"), element.contains("class=\"stroke "),
                let start = number("x1", in: element),
                let end = number("x2", in: element)
            {
                drawing.arrows.append((start, end))
            }
        }
        drawing.lifelines.sort { $0.x < $1.x }
        return drawing
    }

    @Test func aCallNoTracedObjectMadeStartsOnTheProgramLifeline() throws {
        let drawing = Self.read(
            SequenceDiagram.draw(Self.justSink, title: "Just(7).sink"))
        #expect(
            drawing.lifelines.map(\.name) == [
                "Just", "Just.Inner", "Sink", "program",
            ])
        let subscribe = try #require(drawing.arrows.first)
        #expect(subscribe.start == drawing.x(of: "program"))
        let just = try #require(drawing.x(of: "Just"))
        #expect(abs(subscribe.end - just) <= 8, "it points at Just")
    }

    @Test func everyArrowStartsAtItsCallerAndEndsAtTheCalledObject() {
        for calls in [Self.justSink, Self.twoRelays] {
            let drawing = Self.read(SequenceDiagram.draw(calls, title: "run"))
            #expect(drawing.arrows.count == calls.count)
            for (call, arrow) in zip(calls, drawing.arrows) {
                #expect(
                    arrow.start == drawing.x(of: call.from ?? "program"),
                    "\(call.call ?? "?") starts at its caller")
                let called = drawing.x(of: call.to ?? "?") ?? -100
                #expect(
                    abs(arrow.end - called) <= 8,
                    "\(call.call ?? "?") points at \(call.to ?? "?")")
            }
        }
    }

    @Test func upstreamStandsLeftSoCallsUpPointLeftAndCallsDownPointRight() {
        let drawing = Self.read(
            SequenceDiagram.draw(Self.twoRelays, title: "Two relays"))
        #expect(
            drawing.lifelines.map(\.name) == [
                "Sequence", "Relay A", "Relay B", "Sequence.Inner", "A's Inner",
                "B's Inner", "Sink", "program",
            ])
        for (call, arrow) in zip(Self.twoRelays, drawing.arrows) {
            let name = call.call ?? "?"
            let goesUp = ["subscribe", "request", "cancel"].contains {
                name.hasPrefix($0)
            }
            #expect(
                goesUp ? arrow.end < arrow.start : arrow.end > arrow.start,
                "\(name) from \(call.from ?? "program") points \(goesUp ? "left" : "right")"
            )
        }
    }

    @Test func thereIsNoProgramLifelineWhenATracedObjectMadeEveryCall() {
        let calls = Array(Self.justSink.dropFirst())
        let drawing = Self.read(SequenceDiagram.draw(calls, title: "run"))
        #expect(
            drawing.lifelines.map(\.name) == ["Just", "Just.Inner", "Sink"])
    }
}
