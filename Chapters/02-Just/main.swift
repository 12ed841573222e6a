// `Just` meets a subscriber written by hand, which asks for values only when
// told to, so the run shows that `Just` waits for demand.
// snippet.patient-subscriber
import MiniCombine

/// Keeps its subscription, and uses it only when told to: `ask(_:)`
/// requests values, `hangUp()` cancels.
final class PatientSubscriber: Subscriber {
    typealias Input = String
    typealias Failure = Never

    private var subscription: (any Subscription)?

    func receive(subscription: any Subscription) {
        print("subscriber: got a subscription, requests nothing yet")
        self.subscription = subscription
    }

    func receive(_ input: String) -> Subscribers.Demand {
        print("subscriber: got \"\(input)\"")
        return .none
    }

    func receive(completion: Subscribers.Completion<Never>) {
        print("subscriber: got completion \(completion)")
        subscription = nil
    }

    func ask(_ demand: Subscribers.Demand) {
        print("subscriber: asks for \(demand)")
        subscription?.request(demand)
    }

    func hangUp() {
        print("subscriber: hangs up")
        subscription?.cancel()
    }
}
// snippet.end

// snippet.run
let greeting = Just("hello")

print("-- subscribe, wait, then ask")
let first = PatientSubscriber()
greeting.subscribe(first)
print("(nothing has been sent)")
first.ask(.max(1))

print("-- hang up before asking")
let second = PatientSubscriber()
greeting.subscribe(second)
second.hangUp()
second.ask(.max(1))
print("(nothing has been sent)")
// snippet.end
