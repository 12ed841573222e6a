/// A namespace for ready-made subscriptions.
public enum Subscriptions {
    /// A subscription that ignores requests and cancellation.
    ///
    /// A publisher that has nothing to send hands this to its subscriber,
    /// so the subscriber still receives a subscription before the completion.
    public static var empty: any Subscription {
        EmptySubscription()
    }
}

/// The subscription behind ``Subscriptions/empty``: nothing to request,
/// nothing to cancel.
private struct EmptySubscription: Subscription {
    func request(_ demand: Subscribers.Demand) {}

    func cancel() {}
}
