import Foundation
import TunedCombine

// What the thread tests need beyond the book's own helpers (`Latch`, `startThread`, `LockedBox`,
// `UncheckedSendable`, `WeakReference`, `Tally`), which SharedThreads.swift links to in
// Tests/MiniCombineTests/Support.

/// An object captured by a closure, to learn through a weak reference when it is let go.
final class Token: @unchecked Sendable {
    /// Keeps the token alive for as long as the caller holds it.
    func touch() {}
}

/// A subscription that ignores requests and counts cancels.
final class CountingSubscription: Subscription, @unchecked Sendable {
    /// How many times `cancel()` was called.
    let cancels = Tally()

    func request(_ demand: Subscribers.Demand) {}

    func cancel() {
        cancels.add()
    }
}

/// A subscriber that asks for `initialDemand`, hands each value and its subscription to
/// `onValue`, records what it receives, and may be called from any thread.
final class ThreadedSubscriber: Subscriber, @unchecked Sendable {
    typealias Input = Int
    typealias Failure = Never

    /// The values and completions received, in order.
    let events = LockedBox<[String]>([])
    /// How many values have arrived.
    let delivered = Tally()
    private let subscriptionBox = LockedBox<(any Subscription)?>(nil)
    private let initialDemand: Subscribers.Demand
    private let onValue: (UncheckedSendable<any Subscription>, Int) -> Void

    init(
        initialDemand: Subscribers.Demand,
        onValue: @escaping (UncheckedSendable<any Subscription>, Int) -> Void =
            { _, _ in }
    ) {
        self.initialDemand = initialDemand
        self.onValue = onValue
    }

    /// The subscription, once received.
    var subscription: (any Subscription)? { subscriptionBox.get() }

    func receive(subscription: any Subscription) {
        subscriptionBox.modify { $0 = subscription }
        if initialDemand > 0 {
            subscription.request(initialDemand)
        }
    }

    func receive(_ input: Int) -> Subscribers.Demand {
        events.modify { $0.append("\(input)") }
        delivered.add()
        if let subscription {
            onValue(UncheckedSendable(subscription), input)
        }
        return .none
    }

    func receive(completion: Subscribers.Completion<Never>) {
        events.modify { $0.append("finished") }
    }

    /// Lets go of the subscription, so that only the publisher's side holds this subscriber.
    func releaseSubscription() {
        subscriptionBox.modify { $0 = nil }
    }
}
