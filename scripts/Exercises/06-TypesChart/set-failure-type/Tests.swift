import Testing

@testable import MiniCombine

@Suite("setFailureType(to:)")
struct SetFailureTypeTests {
    @Test func valuesAndFinishedPassThrough() {
        let subscriber = RecordingSubscriber<Int, TestError>(
            initialDemand: .unlimited)
        Just(1).setFailureType(to: TestError.self).subscribe(subscriber)
        #expect(
            subscriber.events == [
                .subscription, .value(1), .completion(.finished),
            ])
    }

    @Test func onlyTheFailureTypeChanges() {
        let publisher = Just(1).setFailureType(to: TestError.self)
        #expect(
            type(of: publisher)
                == Publishers.SetFailureType<Just<Int>, TestError>.self)
    }

    @Test func demandAndCancelGoStraightToTheUpstream() {
        let publisher = ManualPublisher<String, Never>()
        let subscriber = RecordingSubscriber<String, TestError>(
            initialDemand: .max(1), demandPerValue: .max(2))
        publisher.setFailureType(to: TestError.self).subscribe(subscriber)
        #expect(publisher.send("a") == .max(2))
        subscriber.cancel()
        #expect(publisher.subscription.calls == [.request(.max(1)), .cancel])
    }

    @Test func chartShowsTheFailureTypeChangeAlone() {
        let chart = Just(1).setFailureType(to: TestError.self).map { number in
            "\(number)"
        }
        .typesChart(endingIn: "sink")
        #expect(
            chart.description == """
                Just
                  ↓ Output Int, Failure Never
                setFailureType
                  ↓ Output Int, Failure TestError
                map
                  ↓ Output String, Failure TestError
                subscriber: sink
                """)
    }

    @Test func replaceErrorTurnsItBackIntoAPublisherThatCannotFail() {
        let subscriber = RecordingSubscriber<Int, Never>(
            initialDemand: .unlimited)
        [1, 2].publisher.setFailureType(to: TestError.self).replaceError(
            with: 0
        )
        .subscribe(subscriber)
        #expect(
            subscriber.events == [
                .subscription, .value(1), .value(2), .completion(.finished),
            ])
    }
}
