import Testing

@testable import MiniCombine

@Suite("scan(_:_:)")
struct ScanTests {
    @Test func scanSendsTheRunningTotal() {
        let subscriber = RecordingSubscriber<Int, Never>(
            initialDemand: .unlimited)
        [1, 2, 3].publisher.scan(0, +).subscribe(subscriber)
        #expect(
            subscriber.events == [
                .subscription, .value(1), .value(3), .value(6),
                .completion(.finished),
            ])
    }

    @Test func resultMayHaveAnotherTypeThanTheValues() {
        let subscriber = RecordingSubscriber<String, Never>(
            initialDemand: .unlimited)
        [1, 2, 3].publisher.scan("") { text, number in text + "\(number)" }
            .subscribe(subscriber)
        #expect(
            subscriber.events == [
                .subscription, .value("1"), .value("12"), .value("123"),
                .completion(.finished),
            ])
    }

    @Test func eachSubscriberStartsFromTheInitialResult() {
        let pipeline = [1, 2].publisher.scan(10, +)
        let first = RecordingSubscriber<Int, Never>(initialDemand: .unlimited)
        let second = RecordingSubscriber<Int, Never>(initialDemand: .unlimited)
        pipeline.subscribe(first)
        pipeline.subscribe(second)
        let expected: [Event<Int, Never>] = [
            .subscription, .value(11), .value(13), .completion(.finished),
        ]
        #expect(first.events == expected)
        #expect(second.events == expected)
    }

    @Test func scanSendsNoMoreThanRequested() {
        let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .max(2))
        [1, 2, 3].publisher.scan(0, +).subscribe(subscriber)
        #expect(subscriber.events == [.subscription, .value(1), .value(3)])

        subscriber.request(.max(1))
        #expect(
            subscriber.events == [
                .subscription, .value(1), .value(3), .value(6),
                .completion(.finished),
            ])
    }

    @Test func demandAndCancelGoStraightToTheUpstream() {
        let publisher = ManualPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Never>(
            initialDemand: .max(1), demandPerValue: .max(2))
        publisher.scan(0, +).subscribe(subscriber)
        #expect(publisher.send(5) == .max(2))
        subscriber.cancel()
        #expect(publisher.subscription.calls == [.request(.max(1)), .cancel])
    }

    @Test func failurePassesThrough() {
        let subscriber = RecordingSubscriber<Int, TestError>(
            initialDemand: .unlimited)
        SequencePublisher([4], completion: .failure(TestError.boom))
            .scan(1, *)
            .subscribe(subscriber)
        #expect(
            subscriber.events == [
                .subscription, .value(4), .completion(.failure(.boom)),
            ])
    }
}
