import Testing

@testable import MiniCombine

@Suite("prefix(_:)")
struct PrefixTests {
    @Test func prefixFinishesAndCancelsUpstreamWhenOneMoreValueArrives() {
        let publisher = ManualPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Never>(
            initialDemand: .unlimited)
        publisher.prefix(2).subscribe(subscriber)
        publisher.send(1)
        publisher.send(2)
        #expect(subscriber.events == [.subscription, .value(1), .value(2)])
        #expect(publisher.subscription.calls == [.request(.unlimited)])

        #expect(publisher.send(3) == .none)
        #expect(
            subscriber.events == [
                .subscription, .value(1), .value(2), .completion(.finished),
            ])
        #expect(
            publisher.subscription.calls == [.request(.unlimited), .cancel])
    }

    @Test func prefixReturnsAPublishersOutputAsCombineDoes() {
        let publisher = ManualPublisher<Int, Never>()
        let prefix: Publishers.Output<ManualPublisher<Int, Never>> =
            publisher.prefix(2)
        #expect(prefix.maxLength == 2)
    }

    @Test func prefixIgnoresEverythingAfterItFinished() {
        let publisher = ManualPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Never>(
            initialDemand: .unlimited)
        publisher.prefix(1).subscribe(subscriber)
        publisher.send(1)
        publisher.send(2)
        #expect(publisher.send(3) == .none)
        publisher.send(completion: .finished)
        subscriber.request(.max(1))
        subscriber.cancel()
        #expect(
            subscriber.events == [
                .subscription, .value(1), .completion(.finished),
            ])
        #expect(
            publisher.subscription.calls == [.request(.unlimited), .cancel])
    }

    @Test func prefixOfASequenceSendsOnlyTheFirstValues() {
        let subscriber = RecordingSubscriber<Int, Never>(
            initialDemand: .unlimited)
        [1, 2, 3, 4].publisher.prefix(2).subscribe(subscriber)
        #expect(
            subscriber.events == [
                .subscription, .value(1), .value(2), .completion(.finished),
            ])
    }

    @Test func prefixFinishesOnlyWhenTheSubscriberAsksForOneMoreValue() {
        let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .max(2))
        SequencePublisher<Int, Never>([1, 2, 3, 4]).prefix(2).subscribe(
            subscriber)
        #expect(subscriber.events == [.subscription, .value(1), .value(2)])

        subscriber.request(.max(1))
        #expect(
            subscriber.events == [
                .subscription, .value(1), .value(2), .completion(.finished),
            ])
    }

    @Test func prefixZeroFinishesWhenTheFirstValueArrives() {
        let publisher = ManualPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Never>()
        publisher.prefix(0).subscribe(subscriber)
        #expect(subscriber.events == [.subscription])
        #expect(publisher.subscription.calls == [])

        subscriber.request(.max(1))
        #expect(publisher.subscription.calls == [.request(.max(1))])

        #expect(publisher.send(1) == .none)
        #expect(subscriber.events == [.subscription, .completion(.finished)])
        #expect(publisher.subscription.calls == [.request(.max(1)), .cancel])
    }

    @Test func requestsAndCancelPassUp() {
        let publisher = ManualPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .max(1))
        publisher.prefix(3).subscribe(subscriber)
        subscriber.request(.max(2))
        subscriber.cancel()
        subscriber.request(.max(4))
        subscriber.cancel()
        #expect(subscriber.events == [.subscription])
        #expect(
            publisher.subscription.calls == [
                .request(.max(1)), .request(.max(2)), .cancel,
            ])
    }

    @Test func demandReturnedForEachValueGoesUp() {
        let publisher = ManualPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Never>(
            initialDemand: .max(1), demandPerValue: .max(1))
        publisher.prefix(2).subscribe(subscriber)
        #expect(publisher.send(1) == .max(1))
        #expect(publisher.send(2) == .max(1))
        #expect(publisher.send(3) == .none)
    }

    @Test func upstreamThatEndsEarlyEndsThePrefix() {
        let subscriber = RecordingSubscriber<Int, TestError>(
            initialDemand: .unlimited)
        SequencePublisher([1], completion: .failure(TestError.boom)).prefix(3)
            .subscribe(
                subscriber)
        #expect(
            subscriber.events == [
                .subscription, .value(1), .completion(.failure(.boom)),
            ])
    }

    @Test func upstreamThatFailsAfterTheLastValueFailsThePrefix() {
        let publisher = ManualPublisher<Int, TestError>()
        let subscriber = RecordingSubscriber<Int, TestError>(
            initialDemand: .unlimited)
        publisher.prefix(1).subscribe(subscriber)
        publisher.send(1)
        publisher.send(completion: .failure(.boom))
        #expect(
            subscriber.events == [
                .subscription, .value(1), .completion(.failure(.boom)),
            ])
        #expect(publisher.subscription.calls == [.request(.unlimited)])
    }

    @Test func subscriberThatCancelsOnTheLastValueGetsNoCompletion() {
        let publisher = ManualPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Never>(
            initialDemand: .unlimited,
            onValue: { subscriber, _ in subscriber.cancel() })
        publisher.prefix(1).subscribe(subscriber)
        publisher.send(1)
        #expect(publisher.send(2) == .none)
        publisher.send(completion: .finished)
        #expect(subscriber.events == [.subscription, .value(1)])
        #expect(
            publisher.subscription.calls == [.request(.unlimited), .cancel])
    }
}
