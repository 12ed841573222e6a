import MiniCombine
import Testing

/// Chapter 6's subscribers and operators let go of their upstream
/// subscription only after unlocking, as chapter 3's `Sink` does.
///
/// Each test hands over a subscription that nothing else keeps. Its
/// `deinit` has another thread cancel, and waits for that thread. Were the
/// subscription let go of under the lock, the cancel would block on it and
/// the wait would time out.
@Suite struct Chapter06ReleaseTests {
    @Test func assignLetsGoOfItsSubscriptionOutsideItsLockOnCompletion() {
        let assign = Subscribers.Assign(object: LockedModel(), keyPath: \.value)
        let shared = UncheckedSendable(assign)
        let waits = cancelWhenReleased {
            shared.value.cancel()
        } hand: {
            assign.receive(subscription: $0)
        }
        assign.receive(completion: .finished)
        #expect(waits.get() == [true])
    }

    @Test func replaceErrorLetsGoOfItsSubscriptionOutsideItsLockOnCompletion() {
        let upstream = CapturingPublisher<Int, TestError>()
        let subscriber = LockedRecordingSubscriber<Int, Never>(
            initialDemand: .unlimited)
        upstream.replaceError(with: 0).subscribe(subscriber)
        let shared = UncheckedSendable(subscriber)
        let waits = cancelWhenReleased {
            shared.value.subscription?.cancel()
        } hand: {
            upstream.send(subscription: $0)
        }
        upstream.send(completion: .finished)
        #expect(waits.get() == [true])
    }

    @Test func replaceErrorLetsGoOfItsSubscriptionOutsideItsLockOnRequest() {
        let upstream = CapturingPublisher<Int, TestError>()
        let subscriber = LockedRecordingSubscriber<Int, Never>()
        upstream.replaceError(with: 0).subscribe(subscriber)
        let shared = UncheckedSendable(subscriber)
        let waits = cancelWhenReleased {
            shared.value.subscription?.cancel()
        } hand: {
            upstream.send(subscription: $0)
        }
        upstream.send(completion: .failure(.boom))
        subscriber.subscription?.request(.max(1))
        #expect(waits.get() == [true])
    }

    @Test func receiveOnLetsGoOfItsSubscriptionOutsideItsLockOnCompletion() {
        let upstream = CapturingPublisher<Int, Never>()
        let scheduler = ManualScheduler()
        let subscriber = LockedRecordingSubscriber<Int, Never>(
            initialDemand: .unlimited)
        upstream.receive(on: scheduler).subscribe(subscriber)
        let shared = UncheckedSendable(subscriber)
        let waits = cancelWhenReleased {
            shared.value.subscription?.cancel()
        } hand: {
            upstream.send(subscription: $0)
        }
        upstream.send(completion: .finished)
        scheduler.runAll()
        #expect(waits.get() == [true])
    }

    /// Hands `hand` a subscription whose release runs `cancel` on another
    /// thread; returns whether each such thread finished in time.
    private func cancelWhenReleased(
        _ cancel: @escaping @Sendable () -> Void,
        hand: (ReleaseWatchingSubscription) -> Void
    ) -> LockedBox<[Bool]> {
        let waits = LockedBox<[Bool]>([])
        hand(
            ReleaseWatchingSubscription {
                let done = startThread(named: "cancels during release", cancel)
                waits.modify { $0.append(done.wait(seconds: 10)) }
            })
        return waits
    }
}
