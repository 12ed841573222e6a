import Testing

@testable import MiniCombine

@Suite("Print events")
struct PrintEventsTests {
    @Test func justWritesItsSubscriptionValueAndCompletion() {
        let lines = Trace<String>()
        let subscriber = RecordingSubscriber<Int, Never>(
            initialDemand: .unlimited)
        Just(1).printEvents("just", to: { lines.append($0) }).subscribe(
            subscriber)
        #expect(
            lines.entries == [
                "just: receive subscription", "just: receive value: 1",
                "just: receive finished",
            ])
        #expect(
            subscriber.events == [
                .subscription, .value(1), .completion(.finished),
            ])
    }

    @Test func failureIsWrittenWithItsError() {
        let lines = Trace<String>()
        let subscriber = RecordingSubscriber<String, TestError>(
            initialDemand: .unlimited)
        SequencePublisher(["a"], completion: .failure(TestError.boom))
            .printEvents("words", to: { lines.append($0) })
            .subscribe(subscriber)
        #expect(
            lines.entries == [
                "words: receive subscription", "words: receive value: a",
                "words: receive failure: boom",
            ])
        #expect(
            subscriber.events == [
                .subscription, .value("a"), .completion(.failure(.boom)),
            ])
    }

    @Test func eachLineIsWrittenBeforeTheEventIsPassedOn() {
        let trace = Trace<String>()
        let publisher = ManualPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Never>(
            onValue: { _, value in trace.append("subscriber got \(value)") })
        publisher.printEvents("p", to: { trace.append($0) }).subscribe(
            subscriber)
        publisher.send(5)
        #expect(
            trace.entries == [
                "p: receive subscription", "p: receive value: 5",
                "subscriber got 5",
            ]
        )
    }

    @Test func requestsAndCancelAreNeverWritten() {
        let lines = Trace<String>()
        let publisher = ManualPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .max(2))
        publisher.printEvents("p", to: { lines.append($0) }).subscribe(
            subscriber)
        subscriber.request(.max(1))
        subscriber.cancel()
        #expect(lines.entries == ["p: receive subscription"])
        #expect(
            publisher.subscription.calls == [
                .request(.max(2)), .request(.max(1)), .cancel,
            ])
    }

    @Test func demandReturnedByTheSubscriberGoesBackUpstream() {
        let publisher = ManualPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Never>(
            demandPerValue: .max(3))
        publisher.printEvents("p", to: { _ in }).subscribe(subscriber)
        #expect(publisher.send(1) == .max(3))
    }
}
