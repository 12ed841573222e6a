// snippet.publisher
/// A type that can deliver a sequence of values over time to a subscriber.
///
/// Most publishers do nothing on their own. Work starts when a subscriber
/// attaches: the publisher answers with a ``Subscription``, and values flow
/// only as fast as the subscriber asks for them through it.
///
/// `Output` is the type of the values; `Failure` is the error that can end
/// the stream (`Never` when it cannot fail). A subscriber can attach only if
/// its `Input` and `Failure` match these exactly.
public protocol Publisher<Output, Failure> {
    /// The type of the values this publisher sends.
    associatedtype Output

    /// The type of the error that can end this publisher's stream.
    associatedtype Failure: Error

    /// Attaches a subscriber; every publisher implements this.
    ///
    /// Call ``subscribe(_:)`` instead: this is the hook a publisher
    /// provides, and `subscribe(_:)` is how the outside world uses it.
    func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure
}

extension Publisher {
    /// Attaches a subscriber to this publisher.
    ///
    /// The publisher answers by calling the subscriber's
    /// `receive(subscription:)`. No value is sent until the subscriber
    /// requests some through that subscription.
    public func subscribe<S: Subscriber>(_ subscriber: S)
    where S.Input == Output, S.Failure == Failure {
        receive(subscriber: subscriber)
    }
}
// snippet.end
