// snippet.subscription
/// One connection between a publisher and one of its subscribers.
///
/// The subscriber uses it to ask for values and to hang up. Because each
/// subscriber gets its own subscription, a publisher with many subscribers
/// can serve each one at its own pace.
public protocol Subscription: Cancellable {
    /// Asks for up to `demand` more values.
    ///
    /// Demand adds up: requesting `.max(2)` twice allows four values.
    /// Ask for at least one value: some subscriptions, such as the one
    /// chapter 2's `Just` makes, stop the program when asked for
    /// ``Subscribers/Demand/none``.
    func request(_ demand: Subscribers.Demand)
}
// snippet.end
