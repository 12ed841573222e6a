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
