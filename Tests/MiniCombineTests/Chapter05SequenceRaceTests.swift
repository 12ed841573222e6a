// exercise.given: Publishers.Sequence (05-OperatorInner/Sequence.swift)
import Foundation
import MiniCombine
import Testing

/// Chapter 5's sequence publisher, asked for values on one thread while
/// another cancels its subscription.
@Suite struct Chapter05SequenceRaceTests {
    @Test func requestRacingCancelOnASequencesSubscription() {
        for _ in 0..<60 {
            let delivered = Tally()
            let completions = Tally()
            let (subscription, weakSubscriber) = subscribeHandOver(
                to: (0..<100_000).publisher, delivered: delivered,
                completions: completions)

            let requester = startThread(named: "requester") {
                for _ in 0..<5_000 {
                    subscription.value.request(.max(1))
                }
            }
            delivered.wait(untilAtLeast: Int.random(in: 1...200))
            subscription.value.cancel()
            let deliveredAtCancel = delivered.count

            #expect(requester.wait(seconds: 20), "the requester is stuck")
            #expect(delivered.count - deliveredAtCancel <= 1)
            #expect(completions.count == 0)
            #expect(
                weakSubscriber.object == nil,
                "the subscription still holds its subscriber")
        }
    }

    @Test func sequenceLetsGoOfItsSubscriberOutsideItsLockOnCancel() {
        let publisher = [1, 2, 3].publisher
        let waits = waitsWhenTheSubscriberIsReleasedOnCancel(publisher)
        #expect(waits == [true])
    }

    @Test func sequenceLetsGoOfItsSubscriberOutsideItsLockOnCancelFromReceive()
    {
        // The same subscriber cancels from inside `receive(_:)`, so once
        // `receive(_:)` returns, `request(_:)` holds the last reference to
        // it, and must let go of it only after unlocking.
        let subscription = LockedBox<(any Subscription)?>(nil)
        let waits = LockedBox<[Bool]>([])
        [1, 2, 3].publisher.subscribe(
            ReleaseWatchingSubscriber<Int, Never>(
                onSubscription: { subscription.set($0) },
                onValue: { _ in subscription.get()?.cancel() },
                onRelease: {
                    callOnAnotherThreadAndWait(recordingIn: waits) {
                        subscription.get()?.cancel()
                    }
                }))
        subscription.get()?.request(.max(2))
        #expect(waits.get() == [true])
    }
}

/// Subscribes a ``HandOverSubscriber`` and returns its subscription and a
/// weak reference to it: nothing else keeps the subscriber alive but the
/// subscription.
private func subscribeHandOver(
    to publisher: Publishers.Sequence<Range<Int>, Never>, delivered: Tally,
    completions: Tally
) -> (UncheckedSendable<any Subscription>, WeakReference<HandOverSubscriber>) {
    let subscriber = HandOverSubscriber(
        delivered: delivered, completions: completions)
    publisher.subscribe(subscriber)
    let subscription = subscriber.subscription!
    subscriber.subscription = nil
    return (UncheckedSendable(subscription), WeakReference(subscriber))
}

/// A subscriber that asks for nothing itself: it keeps its subscription for
/// the test to request from, and counts what arrives.
private final class HandOverSubscriber: Subscriber, @unchecked Sendable {
    typealias Input = Int
    typealias Failure = Never

    let delivered: Tally
    let completions: Tally
    var subscription: (any Subscription)?

    init(delivered: Tally, completions: Tally) {
        self.delivered = delivered
        self.completions = completions
    }

    func receive(subscription: any Subscription) {
        self.subscription = subscription
    }

    func receive(_ input: Int) -> Subscribers.Demand {
        delivered.add()
        return .none
    }

    func receive(completion: Subscribers.Completion<Never>) {
        completions.add()
    }
}
