import Testing

@testable import MiniCombine

@Suite("Empty")
struct EmptyTests {
    @Test func emptyFinishesWithoutARequest() {
        let subscriber = RecordingSubscriber<Int, Never>()
        Empty<Int, Never>().subscribe(subscriber)
        #expect(subscriber.events == [.subscription, .completion(.finished)])
    }

    @Test func emptyThatFailsCanStillOnlyFinish() {
        let subscriber = RecordingSubscriber<String, TestError>(
            initialDemand: .unlimited)
        Empty<String, TestError>().subscribe(subscriber)
        #expect(subscriber.events == [.subscription, .completion(.finished)])
    }

    @Test func emptyThatDoesNotCompleteSendsOnlyTheSubscription() {
        let subscriber = RecordingSubscriber<Int, Never>(
            initialDemand: .unlimited)
        Empty<Int, Never>(completeImmediately: false).subscribe(subscriber)
        #expect(subscriber.events == [.subscription])
    }

    @Test func requestAndCancelAfterTheEndSendNothing() {
        let subscriber = RecordingSubscriber<Int, Never>()
        Empty<Int, Never>().subscribe(subscriber)
        subscriber.request(.max(1))
        subscriber.cancel()
        subscriber.request(.unlimited)
        #expect(subscriber.events == [.subscription, .completion(.finished)])
    }

    @Test func eachSubscriberFinishes() {
        let empty = Empty<Int, Never>()
        let first = RecordingSubscriber<Int, Never>()
        let second = RecordingSubscriber<Int, Never>()
        empty.subscribe(first)
        empty.subscribe(second)
        #expect(first.events == [.subscription, .completion(.finished)])
        #expect(second.events == [.subscription, .completion(.finished)])
    }
}
