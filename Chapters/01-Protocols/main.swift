// A countdown publisher and a patient listener, written by hand against the
// four protocols of chapter 1, to watch the lifecycle happen call by call.
// snippet.countdown
import MiniCombine

/// Publishes `start`, `start - 1`, … down to 1, then finishes.
struct Countdown: Publisher {
    typealias Output = Int
    typealias Failure = Never

    let start: Int

    func receive<S: Subscriber>(subscriber: S)
    where S.Input == Int, S.Failure == Never {
        print("countdown: receive(subscriber:), handing over a subscription")
        let subscription = CountdownSubscription(
            next: start, subscriber: subscriber)
        subscriber.receive(subscription: subscription)
    }
}

/// Sends the countdown's numbers, never more than its subscriber asked for.
final class CountdownSubscription<S: Subscriber>: Subscription
where S.Input == Int, S.Failure == Never {
    private var next: Int
    private var subscriber: S?
    private var demand = Subscribers.Demand.none

    init(next: Int, subscriber: S) {
        self.next = next
        self.subscriber = subscriber
    }

    func request(_ more: Subscribers.Demand) {
        precondition(more > 0, "API Violation: demand must not be zero")
        demand += more
        print("subscription: request(\(more)), demand is now \(demand)")
        while demand > 0, next > 0, let subscriber {
            demand -= 1
            let value = next
            next -= 1
            print("subscription: sends \(value)")
            demand += subscriber.receive(value)
        }
        if next <= 0, let subscriber = subscriber.take() {
            print("subscription: nothing left, sends finished")
            subscriber.receive(completion: .finished)
        }
    }

    func cancel() {
        print("subscription: cancel()")
        subscriber = nil
    }
}
// snippet.end

// snippet.listener
/// Asks for two numbers, then for one more after it sees a 2.
final class Listener: Subscriber {
    typealias Input = Int
    typealias Failure = Never

    func receive(subscription: any Subscription) {
        print("listener: got a subscription, requests max(2)")
        subscription.request(.max(2))
    }

    func receive(_ input: Int) -> Subscribers.Demand {
        let more: Subscribers.Demand = input == 2 ? .max(1) : .none
        print("listener: got \(input), asks for \(more) more")
        return more
    }

    func receive(completion: Subscribers.Completion<Never>) {
        print("listener: got completion \(completion)")
    }
}
// snippet.end

// snippet.run
print("main: subscribes a listener to a countdown from 3")
Countdown(start: 3).subscribe(Listener())
// snippet.end
