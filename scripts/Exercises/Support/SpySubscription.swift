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
