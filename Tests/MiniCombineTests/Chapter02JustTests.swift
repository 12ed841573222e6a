import MiniCombine
import Testing

/// Chapter 2: `Just` waits for demand, sends its value and `.finished` once,
/// and lets go of its subscriber when done.
@Suite struct Chapter02JustTests {
    @Test func justSendsNothingBeforeARequest() {
        let subscriber = RecordingSubscriber<Int, Never>()
        Just(1).subscribe(subscriber)
        #expect(subscriber.events == [.subscription])
    }

    @Test func justSendsItsValueThenFinishesOnRequest() {
        let subscriber = RecordingSubscriber<Int, Never>()
        Just(1).subscribe(subscriber)
        subscriber.request(.unlimited)
        #expect(
            subscriber.events == [
                .subscription, .value(1), .completion(.finished),
            ])
    }

    @Test func justSendsOnTheRequestMadeInsideReceiveSubscription() {
        let subscriber = RecordingSubscriber<String, Never>(
            initialDemand: .unlimited)
        Just("hello").subscribe(subscriber)
        #expect(
            subscriber.events == [
                .subscription, .value("hello"), .completion(.finished),
            ])
    }

    @Test func justHonoursAMaxOneRequest() {
        let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .max(1))
        Just(1).subscribe(subscriber)
        #expect(
            subscriber.events == [
                .subscription, .value(1), .completion(.finished),
            ])
    }

    @Test func justSendsNothingAfterCancel() {
        let subscriber = RecordingSubscriber<Int, Never>()
        Just(1).subscribe(subscriber)
        subscriber.cancel()
        subscriber.request(.max(1))
        #expect(subscriber.events == [.subscription])
    }

    @Test func secondRequestSendsNothing() {
        let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .max(1))
        Just(1).subscribe(subscriber)
        subscriber.request(.max(1))
        subscriber.request(.unlimited)
        #expect(
            subscriber.events == [
                .subscription, .value(1), .completion(.finished),
            ])
    }

    @Test func cancelAfterFinishingChangesNothing() {
        let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .max(1))
        Just(1).subscribe(subscriber)
        subscriber.cancel()
        subscriber.cancel()
        #expect(
            subscriber.events == [
                .subscription, .value(1), .completion(.finished),
            ])
    }

    @Test func requestFromInsideReceiveDoesNotResend() {
        let subscriber = RecordingSubscriber<Int, Never>(
            initialDemand: .max(1),
            demandPerValue: .max(1),
            onValue: { subscriber, _ in subscriber.request(.max(1)) }
        )
        Just(1).subscribe(subscriber)
        #expect(
            subscriber.events == [
                .subscription, .value(1), .completion(.finished),
            ])
    }

    /// The value and its `.finished` are one delivery: a cancel from inside
    /// `receive(_:)` comes after it began, so the completion still arrives,
    /// as with OpenCombine's `Just`.
    @Test func cancelFromInsideReceiveStillGetsTheCompletion() {
        let subscriber = RecordingSubscriber<Int, Never>(
            initialDemand: .max(1),
            onValue: { subscriber, _ in subscriber.cancel() }
        )
        Just(1).subscribe(subscriber)
        #expect(
            subscriber.events == [
                .subscription, .value(1), .completion(.finished),
            ])
    }

    @Test func eachSubscriberGetsItsOwnSubscription() throws {
        let just = Just(7)
        let first = RecordingSubscriber<Int, Never>()
        let second = RecordingSubscriber<Int, Never>()
        just.subscribe(first)
        just.subscribe(second)
        let firstSubscription = try #require(first.subscription) as AnyObject
        let secondSubscription = try #require(second.subscription) as AnyObject
        #expect(
            ObjectIdentifier(firstSubscription)
                != ObjectIdentifier(secondSubscription))

        first.request(.max(1))
        #expect(
            first.events == [.subscription, .value(7), .completion(.finished)])
        #expect(second.events == [.subscription])

        second.request(.max(1))
        #expect(
            second.events == [.subscription, .value(7), .completion(.finished)])
    }

    @Test func cancellingOneSubscriberLeavesTheOtherServed() {
        let just = Just(7)
        let first = RecordingSubscriber<Int, Never>()
        let second = RecordingSubscriber<Int, Never>()
        just.subscribe(first)
        just.subscribe(second)
        first.cancel()
        first.request(.max(1))
        second.request(.max(1))
        #expect(first.events == [.subscription])
        #expect(
            second.events == [.subscription, .value(7), .completion(.finished)])
    }

    @Test func justReleasesItsSubscriberAfterFinishing() throws {
        let kept = try subscribeKeptOnlyBySubscription(to: Just(1))
        // Waiting for demand, the subscription is what keeps the subscriber.
        #expect(kept.subscriber != nil)

        kept.subscription.request(.max(1))
        #expect(kept.subscriber == nil)
    }

    @Test func justReleasesItsSubscriberOnCancel() throws {
        let kept = try subscribeKeptOnlyBySubscription(to: Just(1))
        #expect(kept.subscriber != nil)

        kept.subscription.cancel()
        #expect(kept.subscriber == nil)
    }

    @Test func justTrapsOnZeroDemand() async {
        let exit = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            let subscriber = RecordingSubscriber<Int, Never>()
            Just(1).subscribe(subscriber)
            subscriber.request(.none)
        }
        #expect(standardError(of: exit).contains("demand must not be zero"))
    }

    @Test func justsWithEqualOutputsAreEqual() {
        #expect(Just(1) == Just(1))
        #expect(Just(1) != Just(2))
    }
}
