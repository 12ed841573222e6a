import Testing

@testable import MiniCombine

@Suite("removeDuplicates()")
struct RemoveDuplicatesTests {
    @Test func onlyRepeatsInARowAreDropped() {
        let subscriber = RecordingSubscriber<Int, Never>(
            initialDemand: .unlimited)
        [1, 1, 2, 2, 2, 3, 1].publisher.removeDuplicates().subscribe(subscriber)
        #expect(
            subscriber.events == [
                .subscription, .value(1), .value(2), .value(3), .value(1),
                .completion(.finished),
            ])
    }

    @Test func droppedValuesDoNotUseUpTheDownstreamsDemand() {
        let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .max(2))
        [1, 1, 1, 2, 3].publisher.removeDuplicates().subscribe(subscriber)
        #expect(subscriber.events == [.subscription, .value(1), .value(2)])
    }

    @Test func droppedValueAsksUpstreamForOneMore() {
        let publisher = ManualPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .max(5))
        publisher.removeDuplicates().subscribe(subscriber)
        #expect(publisher.send(4) == .none)
        #expect(publisher.send(4) == .max(1))
        #expect(publisher.subscription.calls == [.request(.max(5))])
    }

    @Test func eachSubscriberRemembersItsOwnPreviousValue() {
        let pipeline = [2, 1, 2].publisher.removeDuplicates()
        let first = RecordingSubscriber<Int, Never>(initialDemand: .unlimited)
        let second = RecordingSubscriber<Int, Never>(initialDemand: .unlimited)
        pipeline.subscribe(first)
        pipeline.subscribe(second)
        let expected: [Event<Int, Never>] = [
            .subscription, .value(2), .value(1), .value(2),
            .completion(.finished),
        ]
        #expect(first.events == expected)
        #expect(second.events == expected)
    }

    @Test func predicateDecidesWhatCountsAsARepeat() {
        let subscriber = RecordingSubscriber<String, Never>(
            initialDemand: .unlimited)
        ["a", "A", "b", "B", "a"].publisher
            .removeDuplicates(by: { previous, next in
                previous.lowercased() == next.lowercased()
            })
            .subscribe(subscriber)
        #expect(
            subscriber.events == [
                .subscription, .value("a"), .value("b"), .value("a"),
                .completion(.finished),
            ])
    }

    @Test func failurePassesThrough() {
        let subscriber = RecordingSubscriber<Int, TestError>(
            initialDemand: .unlimited)
        SequencePublisher([1, 1], completion: .failure(TestError.boom))
            .removeDuplicates()
            .subscribe(subscriber)
        #expect(
            subscriber.events == [
                .subscription, .value(1), .completion(.failure(.boom)),
            ])
    }
}
