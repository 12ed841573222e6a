import ConformanceKit

// The probes' instruments, written against whichever library this module is compiled with.
#if OPEN_COMBINE
    import OpenCombine
#else
    import MiniCombine
#endif

/// `max(n)` or `unlimited`, the same text for both libraries.
func text(_ demand: Subscribers.Demand) -> String {
    demand.max.map { "max(\($0))" } ?? "unlimited"
}

/// `finished` or `failure(error)`.
func text<Failure>(_ completion: Subscribers.Completion<Failure>) -> String {
    switch completion {
    case .finished: "finished"
    case .failure(let error): "failure(\(error))"
    }
}

/// A subscriber that records every call it receives and every call it makes.
///
/// It requests `initialDemand` when subscribed, returns `returnedDemand(n)` from its n-th value,
/// and runs `onValue` and `onCompletion` before returning, for probes that call back in.
final class RecordingSubscriber<Input, Failure: Error>: Subscriber, Cancellable
{
    let name: String
    private let recorder: TraceRecorder
    private let initialDemand: Subscribers.Demand?
    private let returnedDemand: (Int) -> Subscribers.Demand
    private(set) var subscriptions: [any Subscription] = []
    private var valueCount = 0
    /// Whether it has received a completion or cancelled.
    private(set) var isDone = false
    var onValue: ((Input) -> Void)?
    var onCompletion: (() -> Void)?

    init(
        _ name: String, _ recorder: TraceRecorder,
        requesting initialDemand: Subscribers.Demand? = nil,
        returning returnedDemand: @escaping (Int) -> Subscribers.Demand = { _ in
            .none
        }
    ) {
        self.name = name
        self.recorder = recorder
        self.initialDemand = initialDemand
        self.returnedDemand = returnedDemand
    }

    func receive(subscription: any Subscription) {
        subscriptions.append(subscription)
        recorder.record(
            "\(name): receive(subscription:) #\(subscriptions.count)")
        if let initialDemand {
            request(initialDemand)
        }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        recorder.record("\(name): receive(\(input))")
        let demand = returnedDemand(valueCount)
        valueCount += 1
        onValue?(input)
        recorder.record("\(name): receive(\(input)) returns \(text(demand))")
        return demand
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        recorder.record("\(name): receive(completion: \(text(completion)))")
        isDone = true
        onCompletion?()
    }

    /// Requests through the latest subscription.
    func request(_ demand: Subscribers.Demand) {
        recorder.record("\(name): request(\(text(demand)))")
        subscriptions.last?.request(demand)
    }

    /// Cancels the latest subscription.
    func cancel() {
        recorder.record("\(name): cancel()")
        isDone = true
        subscriptions.last?.cancel()
    }
}

/// A subscription made by hand, which only records what it is asked.
final class RecordingSubscription: Subscription {
    private let name: String
    private let recorder: TraceRecorder

    init(_ name: String, _ recorder: TraceRecorder) {
        self.name = name
        self.recorder = recorder
    }

    func request(_ demand: Subscribers.Demand) {
        recorder.record("\(name): request(\(text(demand)))")
    }

    func cancel() {
        recorder.record("\(name): cancel()")
    }
}

/// A pass-through operator that records every message crossing its point of the pipeline,
/// in both directions, and changes none of them.
struct Tap<Upstream: Publisher>: Publisher {
    typealias Output = Upstream.Output
    typealias Failure = Upstream.Failure

    let name: String
    let recorder: TraceRecorder
    let upstream: Upstream

    func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
        upstream.subscribe(
            TapInner(name: name, recorder: recorder, downstream: subscriber))
    }
}

extension Publisher {
    /// Records every message that crosses this point as `name: …`.
    func tap(_ name: String, _ recorder: TraceRecorder) -> Tap<Self> {
        Tap(name: name, recorder: recorder, upstream: self)
    }
}

/// The subscriber a `Tap` puts upstream, which is also the subscription it hands downstream.
private final class TapInner<Downstream: Subscriber>: Subscriber, Subscription {
    typealias Input = Downstream.Input
    typealias Failure = Downstream.Failure

    private let name: String
    private let recorder: TraceRecorder
    private let downstream: Downstream
    private var upstream: (any Subscription)?

    init(name: String, recorder: TraceRecorder, downstream: Downstream) {
        self.name = name
        self.recorder = recorder
        self.downstream = downstream
    }

    func receive(subscription: any Subscription) {
        recorder.record("\(name): receive(subscription:)")
        upstream = subscription
        downstream.receive(subscription: self)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        recorder.record("\(name): receive(\(input))")
        let demand = downstream.receive(input)
        recorder.record("\(name): receive(\(input)) returns \(text(demand))")
        return demand
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        recorder.record("\(name): receive(completion: \(text(completion)))")
        downstream.receive(completion: completion)
    }

    func request(_ demand: Subscribers.Demand) {
        recorder.record("\(name): request(\(text(demand)))")
        upstream?.request(demand)
    }

    func cancel() {
        recorder.record("\(name): cancel()")
        upstream?.cancel()
    }
}

/// A publisher that ignores cancellation and sends its values whatever the demand: a broken
/// upstream, to see what an operator does with messages it should never get.
struct StubbornPublisher<Failure: Error>: Publisher {
    typealias Output = Int

    let values: [Int]
    let completion: Subscribers.Completion<Failure>

    func receive<S: Subscriber>(subscriber: S)
    where S.Input == Int, S.Failure == Failure {
        subscriber.receive(subscription: Subscriptions.empty)
        for value in values {
            _ = subscriber.receive(value)
        }
        subscriber.receive(completion: completion)
    }
}

extension Subscribers.Demand {
    /// The library's demand for a generated one.
    init(_ spec: DemandSpec) {
        switch spec {
        case .none: self = .none
        case .max(let count): self = .max(count)
        case .unlimited: self = .unlimited
        }
    }
}
