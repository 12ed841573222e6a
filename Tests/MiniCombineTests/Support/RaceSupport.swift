import Foundation
import MiniCombine

/// An object that a test hands to a closure and then forgets, to learn
/// through a weak reference when the closure has been let go.
final class Witness: @unchecked Sendable {
    /// Keeps the witness alive for as long as the caller holds `self`.
    func touch() {}
}

/// A subscription that ignores requests and counts cancels, from any thread.
final class CountingSubscription: Subscription, @unchecked Sendable {
    /// How many times `cancel()` has been called.
    let cancels = Tally()

    func request(_ demand: Subscribers.Demand) {}

    func cancel() {
        cancels.add()
    }
}

/// A class with one `Int` property that counts its writes; safe to write
/// from one thread while another reads.
final class LockedModel: @unchecked Sendable {
    /// How many times `value` has been written.
    let writes = Tally()
    private let lock = NSLock()
    private var storedValue = 0

    var value: Int {
        get { lock.withLock { storedValue } }
        set {
            lock.withLock { storedValue = newValue }
            writes.add()
        }
    }
}

/// A subscription that asks nothing of its upstream, and runs `onRelease`
/// when it is deallocated.
final class ReleaseWatchingSubscription: Subscription {
    private let onRelease: () -> Void

    init(onRelease: @escaping () -> Void) {
        self.onRelease = onRelease
    }

    deinit {
        onRelease()
    }

    func request(_ demand: Subscribers.Demand) {}

    func cancel() {}
}

/// A subscriber that keeps nothing and asks for nothing: it hands its
/// subscription to `onSubscription`, each value to `onValue`, and runs
/// `onRelease` when it is deallocated.
final class ReleaseWatchingSubscriber<Input, Failure: Error>: Subscriber {
    private let onSubscription: (any Subscription) -> Void
    private let onValue: (Input) -> Void
    private let onRelease: () -> Void

    init(
        onSubscription: @escaping (any Subscription) -> Void,
        onValue: @escaping (Input) -> Void = { _ in },
        onRelease: @escaping () -> Void
    ) {
        self.onSubscription = onSubscription
        self.onValue = onValue
        self.onRelease = onRelease
    }

    deinit {
        onRelease()
    }

    func receive(subscription: any Subscription) {
        onSubscription(subscription)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        onValue(input)
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {}
}

/// Runs `call` on another thread and records in `waits` whether it returned
/// within 10 s.
///
/// The release tests call this from a `deinit`. If the `deinit` runs under
/// a lock that `call` needs, `call` blocks, the wait times out, and `waits`
/// holds `false`; once the wait ends, the lock is let go of and `call`
/// finishes, so nothing hangs.
func callOnAnotherThreadAndWait(
    recordingIn waits: LockedBox<[Bool]>,
    _ call: @escaping @Sendable () -> Void
) {
    let done = startThread(named: "calls back during release", call)
    waits.modify { $0.append(done.wait(seconds: 10)) }
}

/// Subscribes to `publisher`, cancels, and says whether the subscriber was
/// let go of outside the publisher's lock.
///
/// The subscriber keeps nothing, so after the cancel the subscription holds
/// its last reference. Its `deinit` has another thread cancel again and
/// waits for it, as a subscriber that cancels when it is freed would.
///
/// Returns whether each such wait finished in time: `[true]` when the
/// publisher lets go of the subscriber after unlocking. Were the subscriber
/// released under the lock, the wait would time out and give `[false]`.
func waitsWhenTheSubscriberIsReleasedOnCancel<P: Publisher>(
    _ publisher: P
) -> [Bool] {
    let subscription = LockedBox<(any Subscription)?>(nil)
    let waits = LockedBox<[Bool]>([])
    publisher.subscribe(
        ReleaseWatchingSubscriber<P.Output, P.Failure>(
            onSubscription: { subscription.set($0) },
            onRelease: {
                callOnAnotherThreadAndWait(recordingIn: waits) {
                    subscription.get()?.cancel()
                }
            }))
    subscription.get()?.cancel()
    return waits.get()
}
