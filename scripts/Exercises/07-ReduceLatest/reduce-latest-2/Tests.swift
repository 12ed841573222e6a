import Testing

@testable import MiniCombine

@Suite("ReduceLatest with two upstreams")
struct ReduceLatestTwoTests {
    /// Writes the latest pair as text, `-` for a missing value.
    static func describe(_ number: Int?, _ letter: String?) -> String {
        "\(number.map(String.init) ?? "-")\(letter ?? "-")"
    }

    @Test func everyValueSendsTheLatestPair() {
        let numbers = ManualPublisher<Int, Never>()
        let letters = ManualPublisher<String, Never>()
        let subscriber = RecordingSubscriber<String, Never>(
            initialDemand: .unlimited)
        numbers.reduceLatest(letters, Self.describe).subscribe(subscriber)
        numbers.send(1)
        letters.send("a")
        numbers.send(2)
        letters.send("b")
        #expect(
            subscriber.events == [
                .subscription, .value("1-"), .value("1a"), .value("2a"),
                .value("2b"),
            ])
    }

    @Test
    func subscriberGetsItsSubscriptionBeforeTheUpstreamsAreAskedForEverything()
    {
        let numbers = ManualPublisher<Int, Never>()
        let letters = ManualPublisher<String, Never>()
        let subscriber = RecordingSubscriber<String, Never>()
        numbers.reduceLatest(letters, Self.describe).subscribe(subscriber)
        #expect(subscriber.events == [.subscription])
        #expect(numbers.subscription.calls == [.request(.unlimited)])
        #expect(letters.subscription.calls == [.request(.unlimited)])
    }

    @Test func valuesWithoutDemandWaitAsOneLatestPair() {
        let numbers = ManualPublisher<Int, Never>()
        let letters = ManualPublisher<String, Never>()
        let subscriber = RecordingSubscriber<String, Never>()
        numbers.reduceLatest(letters, Self.describe).subscribe(subscriber)
        numbers.send(1)
        letters.send("a")
        numbers.send(2)
        #expect(subscriber.events == [.subscription])

        subscriber.request(.max(5))
        #expect(subscriber.events == [.subscription, .value("2a")])
    }

    @Test func finishesOnlyWhenBothUpstreamsHaveFinished() {
        let numbers = ManualPublisher<Int, Never>()
        let letters = ManualPublisher<String, Never>()
        let subscriber = RecordingSubscriber<String, Never>(
            initialDemand: .unlimited)
        numbers.reduceLatest(letters, Self.describe).subscribe(subscriber)
        numbers.send(1)
        numbers.send(completion: .finished)
        letters.send("a")
        #expect(
            subscriber.events == [.subscription, .value("1-"), .value("1a")])

        letters.send(completion: .finished)
        #expect(
            subscriber.events == [
                .subscription, .value("1-"), .value("1a"),
                .completion(.finished),
            ])
    }

    @Test func failureEndsTheStreamAndCancelsTheOtherUpstream() {
        let numbers = ManualPublisher<Int, TestError>()
        let letters = ManualPublisher<String, TestError>()
        let subscriber = RecordingSubscriber<String, TestError>(
            initialDemand: .unlimited)
        numbers.reduceLatest(letters, Self.describe).subscribe(subscriber)
        letters.send("a")
        numbers.send(completion: .failure(.boom))
        letters.send("b")
        #expect(
            subscriber.events == [
                .subscription, .value("-a"), .completion(.failure(.boom)),
            ])
        #expect(letters.subscription.calls == [.request(.unlimited), .cancel])
        #expect(numbers.subscription.calls == [.request(.unlimited)])
    }

    @Test func cancelReachesBothUpstreams() {
        let numbers = ManualPublisher<Int, Never>()
        let letters = ManualPublisher<String, Never>()
        let subscriber = RecordingSubscriber<String, Never>(
            initialDemand: .unlimited)
        numbers.reduceLatest(letters, Self.describe).subscribe(subscriber)
        subscriber.cancel()
        numbers.send(1)
        #expect(subscriber.events == [.subscription])
        #expect(numbers.subscription.calls == [.request(.unlimited), .cancel])
        #expect(letters.subscription.calls == [.request(.unlimited), .cancel])
    }

    @Test func twoJustsSendOnePairPerValueThenFinish() {
        let subscriber = RecordingSubscriber<String, Never>(
            initialDemand: .unlimited)
        Just(1).reduceLatest(Just("a"), Self.describe).subscribe(subscriber)
        #expect(
            subscriber.events == [
                .subscription, .value("1-"), .value("1a"),
                .completion(.finished),
            ])
    }

    @Test func worksWithSubjectsSendingByHand() {
        let numbers = PassthroughSubject<Int, Never>()
        let letters = PassthroughSubject<String, Never>()
        let subscriber = RecordingSubscriber<String, Never>(
            initialDemand: .max(2))
        numbers.reduceLatest(letters, Self.describe).subscribe(subscriber)
        numbers.send(1)
        letters.send("a")
        letters.send("b")
        #expect(
            subscriber.events == [.subscription, .value("1-"), .value("1a")])
    }
}
