import MiniCombine
import Testing

/// Chapter 6's subscribers and operators let go of their upstream
/// subscription, and `Assign` of its object, only after unlocking, as
/// chapter 3's `Sink` does.
///
/// Each test hands over a subscription or an object that nothing else
/// keeps. Its `deinit` has another thread cancel, and waits for that thread.
/// Were it let go of under the lock, the cancel would block on it and the
/// wait would time out.
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

    @Test func assignLetsGoOfItsObjectOutsideItsLockOnCompletion() {
        let (assign, waits) = assignToAnObjectThatCancelsWhenReleased()
        assign.receive(completion: .finished)
        #expect(waits.get() == [true])
    }

    @Test func assignLetsGoOfItsObjectOutsideItsLockOnCancel() {
        let (assign, waits) = assignToAnObjectThatCancelsWhenReleased()
        assign.cancel()
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

    /// A subscribed `Assign` that holds the only reference to its object,
    /// whose release cancels the `Assign` on another thread.
    private func assignToAnObjectThatCancelsWhenReleased() -> (
        Subscribers.Assign<ReleaseWatchingModel, Int>, LockedBox<[Bool]>
    ) {
        let box = LockedBox<Subscribers.Assign<ReleaseWatchingModel, Int>?>(nil)
        let waits = LockedBox<[Bool]>([])
        let assign = Subscribers.Assign(
            object: ReleaseWatchingModel {
                callOnAnotherThreadAndWait(recordingIn: waits) {
                    box.get()?.cancel()
                }
            },
            keyPath: \.value)
        box.set(assign)
        assign.receive(subscription: SpySubscription())
        return (assign, waits)
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

/// An object with one `Int` property that runs `onRelease` when it is
/// deallocated.
private final class ReleaseWatchingModel {
    var value = 0
    private let onRelease: () -> Void

    init(onRelease: @escaping () -> Void) {
        self.onRelease = onRelease
    }

    deinit {
        onRelease()
    }
}
