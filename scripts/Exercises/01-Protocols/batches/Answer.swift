/// A subscriber that asks for values in batches: `batchSize` when it is
/// subscribed, and `batchSize` more each time a batch is complete.
///
/// It never asks for more than one batch at a time, so the publisher can
/// never get more than `batchSize` values ahead of it.
public final class BatchingSubscriber<Input, Failure: Error>: Subscriber {
    /// How many values each request asks for.
    public let batchSize: Int

    /// The values received, in order.
    public private(set) var received: [Input] = []

    /// How the stream ended, once it has.
    public private(set) var completion: Subscribers.Completion<Failure>?

    private var leftInBatch = 0

    /// Creates a subscriber that asks for `batchSize` values at a time.
    ///
    /// - Precondition: `batchSize` is more than zero.
    public init(batchSize: Int) {
        precondition(batchSize > 0, "a batch holds at least one value")
        self.batchSize = batchSize
    }

    /// Asks for the first batch.
    public func receive(subscription: any Subscription) {
        leftInBatch = batchSize
        subscription.request(.max(batchSize))
    }

    /// Keeps the value; on the last value of a batch, asks for the next one.
    public func receive(_ input: Input) -> Subscribers.Demand {
        received.append(input)
        leftInBatch -= 1
        guard leftInBatch == 0 else { return .none }
        leftInBatch = batchSize
        return .max(batchSize)
    }

    /// Records how the stream ended.
    public func receive(completion: Subscribers.Completion<Failure>) {
        self.completion = completion
    }
}
