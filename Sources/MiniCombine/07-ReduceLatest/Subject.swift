// snippet.subject
/// A publisher you can push values into by hand.
///
/// A subject bridges code that is not written with publishers: call
/// `send(_:)` whenever something happens, and every subscriber that has
/// asked for a value receives it. Subjects are classes, because everyone
/// who sends and everyone who subscribes must share the same one.
public protocol Subject<Output, Failure>: AnyObject, Publisher {
    /// Sends a value to the subscribers.
    func send(_ value: Output)

    /// Ends the stream for every subscriber, now and later.
    func send(completion: Subscribers.Completion<Failure>)

    /// Hands the subject a subscription from an upstream publisher it was
    /// subscribed to, so the subject can ask it for values.
    func send(subscription: any Subscription)
}
// snippet.end

extension Subject where Output == Void {
    /// Sends the empty value `()`, for subjects that only signal that
    /// something happened.
    public func send() {
        send(())
    }
}
