// snippet.subject
/// A publisher you can push values into by hand.
///
/// Subjects are classes, because whoever sends and whoever subscribes
/// must share the same one.
public protocol Subject<Output, Failure>: AnyObject, Publisher {
    /// Sends a value to the subscribers.
    func send(_ value: Output)

    /// Ends the stream for every subscriber, now and later.
    func send(completion: Subscribers.Completion<Failure>)

    /// Hands the subject an upstream's subscription, to ask it for values.
    func send(subscription: any Subscription)
}
// snippet.end
