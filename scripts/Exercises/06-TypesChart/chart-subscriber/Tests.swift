import Testing

@testable import MiniCombine

@Suite("Chart the subscriber")
struct ChartSubscriberTests {
    /// Something to assign to.
    final class Screen {
        var count = 0
    }

    @Test func lastLineShowsTheSubscribersTypes() {
        let chart = Just(1).map { number in "\(number)" }
            .typesChart(
                endingIn: Subscribers.Sink<String, Never>.self, named: "sink")
        #expect(
            chart.description == """
                Just
                  ↓ Output Int, Failure Never
                map
                  ↓ Output String, Failure Never
                subscriber: sink <String, Never>
                """)
    }

    @Test func stagesAreTheSameAsInTheChartEndingInAName() {
        let pipeline = [1, 2].publisher.filter { $0 > 1 }
        let chart = pipeline.typesChart(
            endingIn: Subscribers.Sink<Int, Never>.self, named: "sink")
        #expect(chart.stages == pipeline.typesChart(endingIn: "sink").stages)
    }

    @Test func assignShowsItsInputAndNever() {
        let chart = Just(5).typesChart(
            endingIn: Subscribers.Assign<Screen, Int>.self, named: "assign")
        #expect(
            chart.description == """
                Just
                  ↓ Output Int, Failure Never
                subscriber: assign <Int, Never>
                """)
    }

    @Test func lastLineRepeatsTheLastStagesTypesOnAFailingPipeline() throws {
        let chart = Just("7").tryMap { text in Int(text) ?? 0 }
            .typesChart(
                endingIn: Subscribers.Sink<Int, any Error>.self, named: "sink")
        let last = try #require(chart.stages.last)
        #expect(chart.subscriber == "sink <\(last.output), \(last.failure)>")
    }
}
