import Testing

@testable import MiniCombine

@Suite("CombineLatest3")
struct CombineLatest3Tests {
    /// Three upstreams driven by hand.
    struct Upstreams<Failure: Error> {
        let numbers = ManualPublisher<Int, Failure>()
        let letters = ManualPublisher<String, Failure>()
        let flags = ManualPublisher<Bool, Failure>()

        /// The three combined into text such as `1a+`.
        var combined: some Publisher<String, Failure> {
            numbers.combineLatest(letters, flags) { number, letter, flag in
                "\(number)\(letter)\(flag ? "+" : "-")"
            }
        }
    }

    @Test func nothingIsSentUntilEveryUpstreamHasSentAValue() {
        let upstreams = Upstreams<Never>()
        let subscriber = RecordingSubscriber<String, Never>(
            initialDemand: .unlimited)
        upstreams.combined.subscribe(subscriber)
        upstreams.numbers.send(1)
        upstreams.letters.send("a")
        upstreams.numbers.send(2)
        #expect(subscriber.events == [.subscription])

        upstreams.flags.send(true)
        #expect(subscriber.events == [.subscription, .value("2a+")])
    }

    @Test func afterThatEveryValueSendsTheLatestCombination() {
        let upstreams = Upstreams<Never>()
        let subscriber = RecordingSubscriber<String, Never>(
            initialDemand: .unlimited)
        upstreams.combined.subscribe(subscriber)
        upstreams.numbers.send(1)
        upstreams.letters.send("a")
        upstreams.flags.send(true)
        upstreams.letters.send("b")
        upstreams.flags.send(false)
        #expect(
            subscriber.events == [
                .subscription, .value("1a+"), .value("1b+"), .value("1b-"),
            ])
    }

    @Test func tupleFormSendsTheThreeValues() {
        let subscriber = RecordingSubscriber<String, Never>(
            initialDemand: .unlimited)
        Just(1).combineLatest(Just("a"), Just(true))
            .map { number, letter, flag in "\(number)\(letter)\(flag)" }
            .subscribe(subscriber)
        #expect(
            subscriber.events == [
                .subscription, .value("1atrue"), .completion(.finished),
            ])
    }

    @Test func combinationsWithoutDemandWaitAsTheLatestOne() {
        let upstreams = Upstreams<Never>()
        let subscriber = RecordingSubscriber<String, Never>()
        upstreams.combined.subscribe(subscriber)
        upstreams.numbers.send(1)
        upstreams.letters.send("a")
        upstreams.flags.send(true)
        upstreams.numbers.send(2)
        #expect(subscriber.events == [.subscription])

        subscriber.request(.max(3))
        #expect(subscriber.events == [.subscription, .value("2a+")])
    }

    @Test func finishesWhenAllThreeHaveFinished() {
        let upstreams = Upstreams<Never>()
        let subscriber = RecordingSubscriber<String, Never>(
            initialDemand: .unlimited)
        upstreams.combined.subscribe(subscriber)
        upstreams.numbers.send(1)
        upstreams.numbers.send(completion: .finished)
        upstreams.letters.send(completion: .finished)
        #expect(subscriber.events == [.subscription])

        upstreams.flags.send(completion: .finished)
        #expect(subscriber.events == [.subscription, .completion(.finished)])
    }

    @Test func failureEndsTheStreamAndCancelsTheOthers() {
        let upstreams = Upstreams<TestError>()
        let subscriber = RecordingSubscriber<String, TestError>(
            initialDemand: .unlimited)
        upstreams.combined.subscribe(subscriber)
        upstreams.numbers.send(1)
        upstreams.letters.send(completion: .failure(.boom))
        upstreams.flags.send(true)
        #expect(
            subscriber.events == [.subscription, .completion(.failure(.boom))])
        #expect(
            upstreams.numbers.subscription.calls == [
                .request(.unlimited), .cancel,
            ])
        #expect(upstreams.letters.subscription.calls == [.request(.unlimited)])
        #expect(
            upstreams.flags.subscription.calls == [
                .request(.unlimited), .cancel,
            ])
    }

    @Test func cancelReachesEveryUpstream() {
        let upstreams = Upstreams<Never>()
        let subscriber = RecordingSubscriber<String, Never>(
            initialDemand: .unlimited)
        upstreams.combined.subscribe(subscriber)
        subscriber.cancel()
        let cancelled: [SpySubscription.Call] = [.request(.unlimited), .cancel]
        #expect(upstreams.numbers.subscription.calls == cancelled)
        #expect(upstreams.letters.subscription.calls == cancelled)
        #expect(upstreams.flags.subscription.calls == cancelled)
    }

    @Test func worksWithSubjectsSendingByHand() {
        let numbers = PassthroughSubject<Int, Never>()
        let letters = PassthroughSubject<String, Never>()
        let flags = PassthroughSubject<Bool, Never>()
        let subscriber = RecordingSubscriber<String, Never>(
            initialDemand: .max(1))
        numbers.combineLatest(letters, flags) { "\($0)\($1)\($2)" }.subscribe(
            subscriber)
        flags.send(false)
        letters.send("z")
        numbers.send(9)
        numbers.send(8)
        #expect(subscriber.events == [.subscription, .value("9zfalse")])
    }
}
