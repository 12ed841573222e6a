import Foundation
import MiniCombine
import Testing

/// Chapter 2's `Just`, asked and cancelled from two threads at once.
///
/// Under ThreadSanitizer (`scripts/test`), an unlocked `pending` fails these
/// as a data race; without ThreadSanitizer, a lost race may show as a second
/// delivery.
@Suite struct Chapter02JustRaceTests {
    /// A recorder subscribed to `Just(1)`, and the subscription it was
    /// handed, wrapped to be called from other threads.
    private func subscribedToJust() throws -> (
        LockedRecordingSubscriber<Int, Never>,
        UncheckedSendable<any Subscription>
    ) {
        let subscriber = LockedRecordingSubscriber<Int, Never>()
        Just(1).subscribe(subscriber)
        let subscription = try #require(subscriber.subscription)
        return (subscriber, UncheckedSendable(subscription))
    }

    @Test func twoRequestsRacingOnTwoThreadsDeliverOnce() throws {
        for _ in 0..<200 {
            let (subscriber, subscription) = try subscribedToJust()
            let start = Latch()
            let requesters = (0..<2).map { index in
                startThread(named: "requester \(index)") {
                    _ = start.wait(seconds: 20)
                    subscription.value.request(.max(1))
                }
            }
            start.open()
            for requester in requesters {
                #expect(requester.wait(seconds: 20), "a requester is stuck")
            }
            #expect(
                subscriber.events == [
                    .subscription, .value(1), .completion(.finished),
                ])
        }
    }

    @Test func requestAndCancelRacingOnTwoThreadsDeliverAllOrNothing() throws {
        for _ in 0..<200 {
            let (subscriber, subscription) = try subscribedToJust()
            let start = Latch()
            let requester = startThread(named: "requester") {
                _ = start.wait(seconds: 20)
                subscription.value.request(.max(1))
            }
            let canceller = startThread(named: "canceller") {
                _ = start.wait(seconds: 20)
                subscription.value.cancel()
            }
            start.open()
            #expect(requester.wait(seconds: 20), "the requester is stuck")
            #expect(canceller.wait(seconds: 20), "the canceller is stuck")
            let events = subscriber.events
            #expect(
                events == [.subscription]
                    || events == [
                        .subscription, .value(1), .completion(.finished),
                    ])
        }
    }

    @Test func justLetsGoOfItsSubscriberOutsideItsLockOnCancel() {
        let waits = waitsWhenTheSubscriberIsReleasedOnCancel(Just(1))
        #expect(waits == [true])
    }
}
