import MiniCombine

/// A subscription that does nothing but record the calls it receives.
final class SpySubscription: Subscription {
    /// One call made on the subscription.
    enum Call: Equatable {
        case request(Subscribers.Demand)
        case cancel
    }

    private(set) var calls: [Call] = []

    func request(_ demand: Subscribers.Demand) {
        calls.append(.request(demand))
    }

    func cancel() {
        calls.append(.cancel)
    }
}

/// A ``SpySubscription`` that also runs `onCancel` when cancelled.
final class CallbackSubscription: Subscription {
    private let spy = SpySubscription()
    private let onCancel: () -> Void

    init(onCancel: @escaping () -> Void) {
        self.onCancel = onCancel
    }

    var calls: [SpySubscription.Call] { spy.calls }

    func request(_ demand: Subscribers.Demand) {
        spy.request(demand)
    }

    func cancel() {
        spy.cancel()
        onCancel()
    }
}
