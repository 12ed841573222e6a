// snippet.subscription-status
/// Where a subscriber stands with its one subscription: three stages, in
/// order; a subscriber never goes back to an earlier one.
enum SubscriptionStatus {
    /// No subscription has arrived yet.
    case awaitingSubscription
    /// Subscribed: the subscription is kept, to request from and to cancel.
    case subscribed(any Subscription)
    /// Completed or cancelled: the subscription is gone.
    case terminated

    /// Takes `subscription` if none has arrived yet, and says whether it did.
    ///
    /// A subscriber accepts one subscription in its life; it must cancel
    /// any other it is offered.
    mutating func accept(_ subscription: any Subscription) -> Bool {
        guard case .awaitingSubscription = self else { return false }
        self = .subscribed(subscription)
        return true
    }

    /// The subscription, while subscribed.
    var subscription: (any Subscription)? {
        guard case .subscribed(let subscription) = self else { return nil }
        return subscription
    }

    /// Ends a live subscription and returns it, for the caller to cancel.
    ///
    /// Without a live subscription (none yet, or already terminated), this
    /// changes nothing and returns `nil`.
    mutating func terminate() -> (any Subscription)? {
        guard case .subscribed(let subscription) = self else { return nil }
        self = .terminated
        return subscription
    }
}
// snippet.end
