import Foundation
import MiniCombine

/// A ``RecordingSubscriber`` that may be called from any thread: it keeps
/// its events and its subscription behind a lock, so a publisher that calls
/// it from two threads at once makes a test fail instead of corrupting
/// memory.
///
/// On subscription it requests `initialDemand` (nothing if `nil`), returns
/// `.none` from every `receive(_:)`, and runs `onValue` (if any) inside
/// `receive(_:)`, after recording the value and without holding the lock.
final class LockedRecordingSubscriber<Input, Failure: Error>: Subscriber,
    @unchecked Sendable
{
    private let lock = NSLock()
    private var recorded: [Event<Input, Failure>] = []
    private var kept: (any Subscription)?
    private let initialDemand: Subscribers.Demand?
    private let onValue: ((LockedRecordingSubscriber, Input) -> Void)?

    init(
        initialDemand: Subscribers.Demand? = nil,
        onValue: ((LockedRecordingSubscriber, Input) -> Void)? = nil
    ) {
        self.initialDemand = initialDemand
        self.onValue = onValue
    }

    /// Every call received so far, in order.
    var events: [Event<Input, Failure>] {
        lock.withLock { recorded }
    }

    /// The subscription received, if any.
    var subscription: (any Subscription)? {
        lock.withLock { kept }
    }

    func receive(subscription: any Subscription) {
        lock.withLock {
            recorded.append(.subscription)
            kept = subscription
        }
        if let initialDemand {
            subscription.request(initialDemand)
        }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        lock.withLock { recorded.append(.value(input)) }
        onValue?(self, input)
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        lock.withLock { recorded.append(.completion(completion)) }
    }
}
