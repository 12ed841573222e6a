import Testing

@testable import MiniCombine

@Suite("An unlucky countdown")
struct UnluckyCountdownTests {
    @Test func countdownSendsNothingBeforeARequest() {
        let subscriber = RecordingSubscriber<Int, UnluckyNumber>()
        UnluckyCountdown(start: 3, unlucky: 2).subscribe(subscriber)
        #expect(subscriber.events == [.subscription])
    }

    @Test func countdownFailsInsteadOfSendingTheUnluckyNumber() {
        let subscriber = RecordingSubscriber<Int, UnluckyNumber>(
            initialDemand: .unlimited)
        UnluckyCountdown(start: 5, unlucky: 3).subscribe(subscriber)
        #expect(
            subscriber.events == [
                .subscription, .value(5), .value(4),
                .completion(.failure(UnluckyNumber(number: 3))),
            ])
    }

    @Test func countdownWithoutTheUnluckyNumberFinishes() {
        let subscriber = RecordingSubscriber<Int, UnluckyNumber>(
            initialDemand: .unlimited)
        UnluckyCountdown(start: 3, unlucky: 13).subscribe(subscriber)
        #expect(
            subscriber.events == [
                .subscription, .value(3), .value(2), .value(1),
                .completion(.finished),
            ])
    }

    @Test func countdownSendsNoMoreValuesThanRequested() {
        let subscriber = RecordingSubscriber<Int, UnluckyNumber>(
            initialDemand: .max(2))
        UnluckyCountdown(start: 5, unlucky: 1).subscribe(subscriber)
        #expect(subscriber.events == [.subscription, .value(5), .value(4)])

        subscriber.request(.max(1))
        #expect(
            subscriber.events == [
                .subscription, .value(5), .value(4), .value(3),
            ])
    }

    @Test func failureFollowsTheLastValueWithoutMoreDemand() {
        let subscriber = RecordingSubscriber<Int, UnluckyNumber>(
            initialDemand: .max(1))
        UnluckyCountdown(start: 3, unlucky: 2).subscribe(subscriber)
        #expect(
            subscriber.events == [
                .subscription, .value(3),
                .completion(.failure(UnluckyNumber(number: 2))),
            ])
    }

    @Test func countdownStartingOnTheUnluckyNumberFailsOnTheFirstRequest() {
        let subscriber = RecordingSubscriber<Int, UnluckyNumber>()
        UnluckyCountdown(start: 7, unlucky: 7).subscribe(subscriber)
        #expect(subscriber.events == [.subscription])

        subscriber.request(.max(1))
        #expect(
            subscriber.events == [
                .subscription, .completion(.failure(UnluckyNumber(number: 7))),
            ])
    }

    @Test func countdownSendsNothingAfterCancel() {
        let subscriber = RecordingSubscriber<Int, UnluckyNumber>(
            initialDemand: .max(1))
        UnluckyCountdown(start: 3, unlucky: 1).subscribe(subscriber)
        subscriber.cancel()
        subscriber.request(.unlimited)
        #expect(subscriber.events == [.subscription, .value(3)])
    }

    @Test func countdownSendsNothingAfterItsCompletion() {
        let subscriber = RecordingSubscriber<Int, UnluckyNumber>(
            initialDemand: .unlimited)
        UnluckyCountdown(start: 2, unlucky: 1).subscribe(subscriber)
        subscriber.request(.unlimited)
        #expect(
            subscriber.events == [
                .subscription, .value(2),
                .completion(.failure(UnluckyNumber(number: 1))),
            ])
    }
}
