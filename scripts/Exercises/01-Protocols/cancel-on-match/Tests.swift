import Testing

@testable import MiniCombine

@Suite("A subscriber that hangs up")
struct CancellingSubscriberTests {
    @Test func subscriberAsksForEverythingWhenSubscribed() {
        let subscriber = CancellingSubscriber<Int, Never>(cancelWhen: {
            $0 == 2
        })
        let publisher = ManualPublisher<Int, Never>()
        publisher.subscribe(subscriber)
        #expect(publisher.subscription.calls == [.request(.unlimited)])
    }

    @Test func subscriberCancelsOnTheMatchingValueAndKeepsIt() {
        let subscriber = CancellingSubscriber<Int, Never>(cancelWhen: {
            $0 == 2
        })
        let publisher = ManualPublisher<Int, Never>()
        publisher.subscribe(subscriber)
        #expect(publisher.send(3) == .none)
        #expect(publisher.subscription.calls == [.request(.unlimited)])
        #expect(publisher.send(2) == .none)
        #expect(
            publisher.subscription.calls == [.request(.unlimited), .cancel])
        #expect(subscriber.received == [3, 2])
    }

    @Test func subscriberIgnoresValuesAndCompletionAfterCancelling() {
        let subscriber = CancellingSubscriber<Int, Never>(cancelWhen: {
            $0 == 2
        })
        let publisher = ManualPublisher<Int, Never>()
        publisher.subscribe(subscriber)
        publisher.send(2)
        publisher.send(1)
        publisher.send(completion: .finished)
        #expect(subscriber.received == [2])
        #expect(subscriber.completion == nil)
        #expect(
            publisher.subscription.calls == [.request(.unlimited), .cancel])
    }

    @Test func subscriberRecordsTheCompletionWhenNothingMatches() {
        let subscriber = CancellingSubscriber<Int, TestError>(cancelWhen: {
            $0 == 9
        })
        SequencePublisher([3, 2, 1], completion: .failure(TestError.boom))
            .subscribe(subscriber)
        #expect(subscriber.received == [3, 2, 1])
        #expect(subscriber.completion == .failure(.boom))
    }

    @Test func cancellingStopsARealPublisherBeforeItsLastValue() {
        let subscriber = CancellingSubscriber<Int, Never>(cancelWhen: {
            $0 == 2
        })
        SequencePublisher<Int, Never>([3, 2, 1]).subscribe(subscriber)
        #expect(subscriber.received == [3, 2])
        #expect(subscriber.completion == nil)
    }
}
