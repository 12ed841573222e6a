// `Sink` in action: first driven by hand, with a subscription that reports
// every call, to see what `Sink` asks for and when it cancels; then wrapped
// in an `AnyCancellable` that is dropped; then on a `Just`, through `sink`;
// last, a value closure that cancels its own sink.
// snippet.reporting-subscription
import MiniCombine

/// A stand-in subscription that only reports what is asked of it.
final class ReportingSubscription: Subscription {
    let name: String

    init(name: String) {
        self.name = name
    }

    func request(_ demand: Subscribers.Demand) {
        print("\(name): request(\(demand))")
    }

    func cancel() {
        print("\(name): cancel()")
    }
}
// snippet.end

// snippet.sink-by-hand
print("-- a Sink driven by hand")
let sink = Subscribers.Sink<Int, Never>(
    receiveCompletion: { end in print("sink: completion \(end)") },
    receiveValue: { value in print("sink: value \(value)") }
)
sink.receive(subscription: ReportingSubscription(name: "first subscription"))
print("sink: receive(1) returned \(sink.receive(1))")
sink.receive(subscription: ReportingSubscription(name: "second subscription"))
// snippet.end

// snippet.dropping-any-cancellable
print("-- dropping the AnyCancellable")
var cancellable: AnyCancellable? = AnyCancellable(sink)
cancellable = nil
print("sink: receive(2) returned \(sink.receive(2))")
// snippet.end

// snippet.just-sink
print("-- Just(7).sink")
let token = Just(7).sink(
    receiveCompletion: { end in print("sink: completion \(end)") },
    receiveValue: { value in print("sink: value \(value)") }
)
// snippet.end

// snippet.cancel-from-inside
print("-- a value closure that cancels its own sink")
var selfCancelling: Subscribers.Sink<Int, Never>!
selfCancelling = Subscribers.Sink(
    receiveCompletion: { end in print("sink: completion \(end)") },
    receiveValue: { value in
        print("sink: value \(value), so it cancels")
        selfCancelling.cancel()
    }
)
selfCancelling.receive(
    subscription: ReportingSubscription(name: "third subscription"))
_ = selfCancelling.receive(1)
print("sink: receive(2) returned \(selfCancelling.receive(2))")
// snippet.end
