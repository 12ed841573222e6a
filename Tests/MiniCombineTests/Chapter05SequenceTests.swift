// exercise.given: Publishers.Sequence (05-OperatorInner/Sequence.swift)
import MiniCombine
import Testing

/// Chapter 5: `Publishers.Sequence`, given ready-made, sends one element per
/// unit of demand, then finishes; a request from inside `receive(_:)` adds
/// demand without recursing, and a cancel stops it before the next element.
@Suite struct Chapter05SequenceTests {
    @Test func sequenceSendsNothingBeforeARequest() {
        let subscriber = RecordingSubscriber<Int, Never>()
        [1, 2, 3].publisher.subscribe(subscriber)
        #expect(subscriber.events == [.subscription])
    }

    @Test func sequenceHonoursDemandExactly() {
        let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .max(2))
        [1, 2, 3, 4].publisher.subscribe(subscriber)
        #expect(subscriber.events == [.subscription, .value(1), .value(2)])

        subscriber.request(.max(1))
        #expect(
            subscriber.events == [
                .subscription, .value(1), .value(2), .value(3),
            ])

        subscriber.request(.max(1))
        #expect(
            subscriber.events == [
                .subscription, .value(1), .value(2), .value(3), .value(4),
                .completion(.finished),
            ]
        )
    }

    @Test func sequenceFinishesRightAfterTheLastElementWithoutExtraDemand() {
        let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .max(3))
        [1, 2, 3].publisher.subscribe(subscriber)
        let expected: [Event<Int, Never>] = [
            .subscription, .value(1), .value(2), .value(3),
            .completion(.finished),
        ]
        #expect(subscriber.events == expected)

        // Once finished, further requests are ignored.
        subscriber.request(.max(1))
        subscriber.request(.unlimited)
        #expect(subscriber.events == expected)
    }

    @Test func sequenceWithUnlimitedDemandSendsEverythingThenFinishes() {
        let subscriber = RecordingSubscriber<String, Never>(
            initialDemand: .unlimited)
        ["a", "b", "c"].publisher.subscribe(subscriber)
        #expect(
            subscriber.events == [
                .subscription, .value("a"), .value("b"), .value("c"),
                .completion(.finished),
            ]
        )
    }

    @Test func emptySequenceFinishesAtOnce() {
        let subscriber = RecordingSubscriber<Int, Never>()
        [Int]().publisher.subscribe(subscriber)
        #expect(subscriber.events == [.subscription, .completion(.finished)])

        // The subscription it was handed does nothing when used.
        subscriber.request(.max(1))
        subscriber.cancel()
        #expect(subscriber.events == [.subscription, .completion(.finished)])
    }

    @Test func requestFromInsideReceiveDoesNotRecurse() {
        let count = 10_000
        let gauge = DepthGauge()
        let subscriber = RecordingSubscriber<Int, Never>(
            initialDemand: .max(1),
            onValue: { subscriber, _ in
                gauge.enter()
                // Only the outermost call asks for more, so a regression that
                // recurses stops one level down and fails instead of
                // overflowing the stack.
                if gauge.current == 1 { subscriber.request(.max(1)) }
                gauge.leave()
            }
        )
        (1...count).publisher.subscribe(subscriber)
        #expect(gauge.deepest == 1)
        #expect(gauge.current == 0)
        let expected: [Event<Int, Never>] =
            [.subscription] + (1...count).map { .value($0) } + [
                .completion(.finished)
            ]
        #expect(subscriber.events == expected)
    }

    @Test func requestFromInsideReceiveAddsExactlyThatDemand() {
        let subscriber = RecordingSubscriber<Int, Never>(
            initialDemand: .max(1),
            onValue: { subscriber, value in
                if value == 1 { subscriber.request(.max(2)) }
            }
        )
        (1...10).publisher.subscribe(subscriber)
        #expect(
            subscriber.events == [
                .subscription, .value(1), .value(2), .value(3),
            ])
    }

    @Test func demandReturnedFromReceiveIsHonoured() {
        let subscriber = RecordingSubscriber<Int, Never>(
            initialDemand: .max(1),
            demandPerValue: .max(1)
        )
        [1, 2, 3, 4, 5].publisher.subscribe(subscriber)
        #expect(
            subscriber.events == [
                .subscription, .value(1), .value(2), .value(3), .value(4),
                .value(5),
                .completion(.finished),
            ]
        )
    }

    @Test func sequenceSendsNothingAfterCancel() {
        let cancelledBetween = RecordingSubscriber<Int, Never>(
            initialDemand: .max(2))
        [1, 2, 3, 4].publisher.subscribe(cancelledBetween)
        cancelledBetween.cancel()
        cancelledBetween.request(.max(5))
        cancelledBetween.request(.unlimited)
        #expect(
            cancelledBetween.events == [.subscription, .value(1), .value(2)])

        // Cancelled from inside `receive(_:)`, while it still has demand and
        // returns more.
        let cancelledInside = RecordingSubscriber<Int, Never>(
            initialDemand: .unlimited,
            demandPerValue: .max(1),
            onValue: { subscriber, value in
                if value == 2 { subscriber.cancel() }
            }
        )
        [1, 2, 3, 4].publisher.subscribe(cancelledInside)
        cancelledInside.request(.max(1))
        #expect(
            cancelledInside.events == [.subscription, .value(1), .value(2)])
    }

    @Test func sequenceSendsNoCompletionWhenCancelledDuringTheLastElement() {
        let subscriber = RecordingSubscriber<Int, Never>(
            initialDemand: .unlimited,
            onValue: { subscriber, value in
                if value == 3 { subscriber.cancel() }
            }
        )
        [1, 2, 3].publisher.subscribe(subscriber)
        #expect(
            subscriber.events == [
                .subscription, .value(1), .value(2), .value(3),
            ])
    }

    @Test func eachSubscriberWalksTheSequenceAgain() {
        let walked = Trace<Int>()
        let publisher = (1...3).lazy.map { value in
            walked.append(value)
            return value
        }.publisher
        let first = RecordingSubscriber<Int, Never>(initialDemand: .unlimited)
        let second = RecordingSubscriber<Int, Never>(initialDemand: .unlimited)
        publisher.subscribe(first)
        publisher.subscribe(second)
        #expect(walked.entries == [1, 2, 3, 1, 2, 3])
        let expected: [Event<Int, Never>] = [
            .subscription, .value(1), .value(2), .value(3),
            .completion(.finished),
        ]
        #expect(first.events == expected)
        #expect(second.events == expected)
    }

    @Test func subscribersOfOneSequenceKeepTheirOwnPlace() {
        let publisher = [1, 2, 3].publisher
        let slow = RecordingSubscriber<Int, Never>(initialDemand: .max(1))
        let fast = RecordingSubscriber<Int, Never>(initialDemand: .max(3))
        publisher.subscribe(slow)
        publisher.subscribe(fast)
        #expect(slow.events == [.subscription, .value(1)])
        #expect(
            fast.events == [
                .subscription, .value(1), .value(2), .value(3),
                .completion(.finished),
            ]
        )

        slow.request(.max(1))
        #expect(slow.events == [.subscription, .value(1), .value(2)])
    }

    @Test func sequenceReleasesItsSubscriberOnCompletion() throws {
        let kept = try subscribeKeptOnlyBySubscription(to: [1, 2].publisher)
        // Waiting for demand, the subscription is what keeps the subscriber.
        #expect(kept.subscriber != nil)

        kept.subscription.request(.max(1))
        #expect(kept.subscriber != nil)

        kept.subscription.request(.max(1))
        #expect(kept.subscriber == nil)
    }

    @Test func sequenceReleasesItsSubscriberOnCancel() throws {
        let kept = try subscribeKeptOnlyBySubscription(to: [1, 2].publisher)
        #expect(kept.subscriber != nil)

        kept.subscription.cancel()
        #expect(kept.subscriber == nil)
    }

    @Test func sequencesOfEqualElementsAreEqual() {
        #expect([1, 2].publisher == [1, 2].publisher)
        #expect([1, 2].publisher != [2, 1].publisher)
    }
}

// MARK: - Helpers

/// Counts how deeply a call is nested inside itself.
private final class DepthGauge {
    private(set) var current = 0
    private(set) var deepest = 0

    func enter() {
        current += 1
        deepest = Swift.max(deepest, current)
    }

    func leave() {
        current -= 1
    }
}
