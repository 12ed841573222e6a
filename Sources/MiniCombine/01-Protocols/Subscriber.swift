// snippet.subscriber
/// A type that receives values, and then a completion, from a publisher.
///
/// A subscriber is called in a fixed order: once with a subscription, then
/// zero or more times with a value, and at most once with a completion.
/// Each value arrives only because the subscriber asked for it, either by
/// calling ``Subscription/request(_:)`` or by returning more demand from
/// ``receive(_:)``.
public protocol Subscriber<Input, Failure> {
    /// The type of the values this subscriber accepts.
    associatedtype Input

    /// The type of the error this subscriber can be told about.
    associatedtype Failure: Error

    /// Tells the subscriber it is attached, and hands it the means to ask
    /// for values and to cancel.
    func receive(subscription: any Subscription)
    // snippet.end

    // snippet.subscriber-values
    /// Delivers one value and returns how many more values the subscriber
    /// wants, on top of what it has already asked for.
    ///
    /// Return ``Subscribers/Demand/none`` to ask for nothing more.
    func receive(_ input: Input) -> Subscribers.Demand
    // snippet.end

    // snippet.subscriber-completion
    /// Tells the subscriber the stream has ended, normally or with an error.
    ///
    /// No value follows a completion.
    func receive(completion: Subscribers.Completion<Failure>)
    // snippet.end
}
