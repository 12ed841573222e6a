/// A namespace for ready-made subscriptions.
public enum Subscriptions {
    /// A subscription that ignores requests and cancellation.
    public static var empty: any Subscription {
        EmptySubscription()
    }
}

// snippet.empty-subscription
/// The subscription behind ``Subscriptions/empty``.
private struct EmptySubscription: Subscription {
    func request(_ demand: Subscribers.Demand) {}

    func cancel() {}
}
// snippet.end
