/// The error an ``UnluckyCountdown`` fails with: the number it refused to
/// send.
public struct UnluckyNumber: Error, Equatable {
    /// The number the countdown reached and did not send.
    public let number: Int

    /// Creates the error for `number`.
    public init(number: Int) {
        self.number = number
    }
}

/// Publishes `start`, `start - 1`, … down to 1, then finishes; but if it
/// reaches `unlucky`, it fails with ``UnluckyNumber`` instead of sending it.
///
/// Values wait for demand. The completion does not: it follows the last
/// value at once, or comes on the first request if there is nothing to send.
public struct UnluckyCountdown: Publisher {
    /// The countdown's numbers.
    public typealias Output = Int

    /// The countdown fails when it reaches the unlucky number.
    public typealias Failure = UnluckyNumber

    /// The first number sent.
    public let start: Int

    /// The number the countdown will not send.
    public let unlucky: Int

    /// Creates a countdown from `start` that fails on reaching `unlucky`.
    public init(start: Int, unlucky: Int) {
        self.start = start
        self.unlucky = unlucky
    }

    /// Gives the subscriber its own subscription, which does all the work.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Int, S.Failure == UnluckyNumber {
        let subscription = Inner(
            next: start, unlucky: unlucky, subscriber: subscriber)
        subscriber.receive(subscription: subscription)
    }
}

extension UnluckyCountdown {
    /// One subscriber's countdown: the next number, the demand, and the
    /// subscriber until the countdown ends.
    private final class Inner<Downstream: Subscriber>: Subscription
    where Downstream.Input == Int, Downstream.Failure == UnluckyNumber {
        private var next: Int
        private let unlucky: Int
        private var subscriber: Downstream?
        private var demand = Subscribers.Demand.none

        init(next: Int, unlucky: Int, subscriber: Downstream) {
            self.next = next
            self.unlucky = unlucky
            self.subscriber = subscriber
        }

        func request(_ more: Subscribers.Demand) {
            precondition(more > 0, "API Violation: demand must not be zero")
            demand += more
            while demand > 0, next > 0, next != unlucky, let subscriber {
                demand -= 1
                let value = next
                next -= 1
                // The subscriber's answer is added only after the call
                // returns, so a request made from inside `receive(_:)`
                // finds `demand` free to change.
                let extra = subscriber.receive(value)
                demand += extra
            }
            // The end needs no demand: it is not a value.
            if next == unlucky, next > 0, let subscriber = subscriber.take() {
                subscriber.receive(
                    completion: .failure(UnluckyNumber(number: next)))
            } else if next <= 0, let subscriber = subscriber.take() {
                subscriber.receive(completion: .finished)
            }
        }

        func cancel() {
            subscriber = nil
        }
    }
}
