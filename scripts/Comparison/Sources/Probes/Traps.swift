import ConformanceKit

// Programming errors, for the exit tests: each function should stop the program.
#if OPEN_COMBINE
    import OpenCombine
#else
    import MiniCombine
#endif

/// A subscriber that requests `demand` as soon as it is subscribed.
private final class Requester<Input, Failure: Error>: Subscriber {
    private let demand: Subscribers.Demand

    init(_ demand: Subscribers.Demand) {
        self.demand = demand
    }

    func receive(subscription: any Subscription) {
        subscription.request(demand)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {}
}

func requestNoneOnJust() {
    Just(1).subscribe(Requester<Int, Never>(.none))
}

func requestNoneOnSubject() {
    PassthroughSubject<Int, Never>().subscribe(Requester<Int, Never>(.none))
}

func requestNoneOnReplaceError() {
    PassthroughSubject<Int, ProbeError>().replaceError(with: 0)
        .subscribe(Requester<Int, Never>(.none))
}

func requestNoneOnSequence() {
    [1, 2].publisher.subscribe(Requester<Int, Never>(.none))
}

func makeNegativeDemand() {
    // Read at run time, so that the compiler cannot see the negative count coming.
    let count = Int(CommandLine.arguments.count > 1_000 ? "1" : "-1")!
    _ = Subscribers.Demand.max(count)
}

func subtractBelowZero() {
    let count = Int(CommandLine.arguments.count > 1_000 ? "0" : "2")!
    _ = Subscribers.Demand.max(1) - Subscribers.Demand.max(count)
}
