import Testing

@testable import MiniCombine

@Suite("Demand in batches")
struct BatchingSubscriberTests {
    @Test func subscriberAsksForOneBatchWhenSubscribed() {
        let publisher = ManualPublisher<Int, Never>()
        publisher.subscribe(BatchingSubscriber<Int, Never>(batchSize: 3))
        #expect(publisher.subscription.calls == [.request(.max(3))])
    }

    @Test func subscriberAsksForTheNextBatchOnTheLastValueOfEachBatch() {
        let publisher = ManualPublisher<Int, Never>()
        publisher.subscribe(BatchingSubscriber<Int, Never>(batchSize: 3))
        let answers = (1...7).map { value in publisher.send(value) }
        #expect(
            answers == [.none, .none, .max(3), .none, .none, .max(3), .none])
    }

    @Test func batchOfOneAsksForOneMoreEachTime() {
        let publisher = ManualPublisher<String, Never>()
        publisher.subscribe(BatchingSubscriber<String, Never>(batchSize: 1))
        #expect(publisher.subscription.calls == [.request(.max(1))])
        #expect(publisher.send("a") == .max(1))
        #expect(publisher.send("b") == .max(1))
    }

    @Test func subscriberReceivesEveryValueAndTheCompletion() {
        let subscriber = BatchingSubscriber<Int, Never>(batchSize: 3)
        SequencePublisher<Int, Never>(Array(1...7)).subscribe(subscriber)
        #expect(subscriber.received == [1, 2, 3, 4, 5, 6, 7])
        #expect(subscriber.completion == .finished)
    }

    @Test func subscriberRecordsAFailure() {
        let subscriber = BatchingSubscriber<Int, TestError>(batchSize: 2)
        SequencePublisher([1, 2, 3], completion: .failure(TestError.boom))
            .subscribe(subscriber)
        #expect(subscriber.received == [1, 2, 3])
        #expect(subscriber.completion == .failure(.boom))
    }
}
