import Testing

@testable import MiniCombine

@Suite("A publisher for an array")
struct ArrayPublisherTests {
    @Test func publisherSendsNothingBeforeARequest() {
        let subscriber = RecordingSubscriber<Int, Never>()
        ArrayPublisher([1, 2, 3]).subscribe(subscriber)
        #expect(subscriber.events == [.subscription])
    }

    @Test func requestForOneSendsExactlyOneElement() {
        let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .max(1))
        ArrayPublisher([1, 2, 3]).subscribe(subscriber)
        #expect(subscriber.events == [.subscription, .value(1)])

        subscriber.request(.max(1))
        #expect(subscriber.events == [.subscription, .value(1), .value(2)])
    }

    @Test func finishedFollowsTheLastElementWithoutMoreDemand() {
        let subscriber = RecordingSubscriber<String, Never>(
            initialDemand: .max(2))
        ArrayPublisher(["a", "b"]).subscribe(subscriber)
        #expect(
            subscriber.events == [
                .subscription, .value("a"), .value("b"), .completion(.finished),
            ])
    }

    @Test func unlimitedDemandSendsEverythingThenFinishes() {
        let subscriber = RecordingSubscriber<Int, Never>(
            initialDemand: .unlimited)
        ArrayPublisher([1, 2, 3]).subscribe(subscriber)
        #expect(
            subscriber.events == [
                .subscription, .value(1), .value(2), .value(3),
                .completion(.finished),
            ])
    }

    @Test func demandReturnedFromReceiveIsHonoured() {
        let subscriber = RecordingSubscriber<Int, Never>(
            initialDemand: .max(1), demandPerValue: .max(1))
        ArrayPublisher([1, 2, 3]).subscribe(subscriber)
        #expect(
            subscriber.events == [
                .subscription, .value(1), .value(2), .value(3),
                .completion(.finished),
            ])
    }

    @Test func requestFromInsideReceiveKeepsTheOrder() {
        let subscriber = RecordingSubscriber<Int, Never>(
            initialDemand: .max(1),
            onValue: { subscriber, _ in subscriber.request(.max(1)) }
        )
        ArrayPublisher([1, 2, 3]).subscribe(subscriber)
        #expect(
            subscriber.events == [
                .subscription, .value(1), .value(2), .value(3),
                .completion(.finished),
            ])
    }

    @Test func emptyArrayFinishesWithoutARequest() {
        let subscriber = RecordingSubscriber<Int, Never>()
        ArrayPublisher<Int>([]).subscribe(subscriber)
        #expect(subscriber.events == [.subscription, .completion(.finished)])
    }

    @Test func publisherSendsNothingAfterCancel() {
        let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .max(1))
        ArrayPublisher([1, 2, 3]).subscribe(subscriber)
        subscriber.cancel()
        subscriber.request(.unlimited)
        #expect(subscriber.events == [.subscription, .value(1)])
    }

    @Test func eachSubscriberGetsEveryElement() {
        let publisher = ArrayPublisher([1, 2])
        let first = RecordingSubscriber<Int, Never>(initialDemand: .unlimited)
        let second = RecordingSubscriber<Int, Never>(initialDemand: .max(1))
        publisher.subscribe(first)
        publisher.subscribe(second)
        #expect(
            first.events == [
                .subscription, .value(1), .value(2), .completion(.finished),
            ])
        #expect(second.events == [.subscription, .value(1)])
    }
}
