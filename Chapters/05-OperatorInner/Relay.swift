// The pass-through operator of chapter 5: it changes nothing, and says out
// loud every message it passes on, so the run shows how a pipeline connects.
import MiniCombine

// snippet.relay
/// An operator that passes every message on unchanged, and narrates it.
struct Relay<Upstream: Publisher>: Publisher {
    typealias Output = Upstream.Output
    typealias Failure = Upstream.Failure

    let name: String
    let upstream: Upstream

    func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
        print("\(name): subscribed to, so it subscribes a new Inner upstream")
        upstream.subscribe(Inner(name: name, downstream: subscriber))
    }
}

extension Publisher {
    /// Adds a pass-through operator, called `name`, that narrates.
    func relay(_ name: String) -> Relay<Self> {
        Relay(name: name, upstream: self)
    }
}
// snippet.end

// snippet.relay-inner
extension Relay {
    /// A subscriber to the upstream, and the downstream's subscription.
    final class Inner<Downstream: Subscriber>: Subscriber
    where Downstream.Input == Output, Downstream.Failure == Failure {
        typealias Input = Upstream.Output

        let name: String
        let downstream: Downstream
        var upstream: (any Subscription)?

        init(name: String, downstream: Downstream) {
            self.name = name
            self.downstream = downstream
        }

        func receive(subscription: any Subscription) {
            print("\(name)'s Inner: keeps the subscription, hands itself down")
            upstream = subscription
            downstream.receive(subscription: self)
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            print("\(name)'s Inner: passes \(input) down")
            return downstream.receive(input)
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            print("\(name)'s Inner: passes \(completion) down")
            upstream = nil
            downstream.receive(completion: completion)
        }
    }
}
// snippet.end

// snippet.relay-inner-subscription
extension Relay.Inner: Subscription {
    func request(_ demand: Subscribers.Demand) {
        print("\(name)'s Inner: passes request(\(demand)) up")
        upstream?.request(demand)
    }

    func cancel() {
        print("\(name)'s Inner: passes cancel() up")
        upstream?.cancel()
        upstream = nil
    }
}
// snippet.end
