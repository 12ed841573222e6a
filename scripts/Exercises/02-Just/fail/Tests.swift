import Testing

@testable import MiniCombine

@Suite("Fail")
struct FailTests {
    @Test func failFailsWithoutARequest() {
        let subscriber = RecordingSubscriber<Int, TestError>()
        Fail<Int, TestError>(error: .boom).subscribe(subscriber)
        #expect(
            subscriber.events == [.subscription, .completion(.failure(.boom))])
    }

    @Test func failSendsItsOwnError() {
        let subscriber = RecordingSubscriber<String, TestError>(
            initialDemand: .unlimited)
        Fail<String, TestError>(error: .other).subscribe(subscriber)
        #expect(
            subscriber.events == [.subscription, .completion(.failure(.other))])
    }

    @Test func requestAfterTheFailureSendsNothing() {
        let subscriber = RecordingSubscriber<Int, TestError>()
        Fail<Int, TestError>(error: .boom).subscribe(subscriber)
        subscriber.request(.unlimited)
        subscriber.cancel()
        #expect(
            subscriber.events == [.subscription, .completion(.failure(.boom))])
    }

    @Test func eachSubscriberReceivesTheFailure() {
        let fail = Fail<Int, TestError>(error: .boom)
        let first = RecordingSubscriber<Int, TestError>()
        let second = RecordingSubscriber<Int, TestError>()
        fail.subscribe(first)
        fail.subscribe(second)
        #expect(first.events == [.subscription, .completion(.failure(.boom))])
        #expect(second.events == [.subscription, .completion(.failure(.boom))])
    }
}
