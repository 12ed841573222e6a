// For the book's figures only, with Trace.swift: the library's operators this
// chapter uses, with the library's bodies, so that they go through the traced
// subscribe(_:) and, when traced, record the values they see. `sink` is in
// TracedSink.swift, and re-declared below for `ReduceLatest3`.
import MiniCombine

extension Publisher {
    /// The library's `reduceLatest(_:_:_:)`; when traced, it records each result on the
    /// lane `out`. (`subscribe(_:)`, below, records what each upstream sends.)
    func reduceLatest<B: Publisher, C: Publisher, Result>(
        _ b: B,
        _ c: C,
        _ transform: @escaping (Output?, B.Output?, C.Output?) -> Result
    ) -> Publishers.ReduceLatest3<Self, B, C, Result>
    where B.Failure == Failure, C.Failure == Failure {
        guard let tracer = Tracer.shared else {
            return Publishers.ReduceLatest3(self, b, c, transform: transform)
        }
        return Publishers.ReduceLatest3(self, b, c) { first, second, third in
            let result = transform(first, second, third)
            tracer.value("\(result)", lane: "out")
            return result
        }
    }
}

extension Publishers.ReduceLatest3 {
    /// The lanes of the marble figure, one per upstream, named as
    /// `ReduceLatest3`'s properties are.
    static var lanes: [String] {
        [
            "a: \(A.Output.self)", "b: \(B.Output.self)",
            "c: \(C.Output.self)",
        ]
    }

    /// The traced `subscribe(_:)`; when traced, the same publisher over upstreams
    /// that record each value and completion they send, for a subscriber that
    /// records the completion it receives on the lane `out`.
    func subscribe<S: Subscriber>(_ subscriber: S)
    where S.Input == Output, S.Failure == Failure {
        guard Tracer.shared != nil else {
            return receive(subscriber: subscriber)
        }
        let recorder = EndRecorder<Self>.Recorder(
            wrapped: subscriber, lane: "out", recordsValues: false)
        func traced(_ publisher: some Publisher<Output, Failure>) {
            publisher.subscribe(recorder)
        }
        let lanes = Self.lanes
        traced(
            Publishers.ReduceLatest3<
                EndRecorder<A>, EndRecorder<B>, EndRecorder<C>, Output
            >(
                EndRecorder(upstream: a, lane: lanes[0]),
                EndRecorder(upstream: b, lane: lanes[1]),
                EndRecorder(upstream: c, lane: lanes[2]),
                transform: transform
            ))
    }

    /// The library's `sink(receiveCompletion:receiveValue:)`, through the
    /// `subscribe(_:)` above.
    func sink(
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
        receiveValue: @escaping (Output) -> Void
    ) -> AnyCancellable {
        let sink = Subscribers.Sink<Output, Failure>(
            receiveCompletion: receiveCompletion,
            receiveValue: receiveValue
        )
        subscribe(sink)
        return AnyCancellable(sink)
    }
}

extension Publishers.ReduceLatest3 where Failure == Never {
    /// The library's `sink(receiveValue:)`, through the `sink` above.
    func sink(receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
        sink(receiveCompletion: { _ in }, receiveValue: receiveValue)
    }
}

/// Passes an upstream on unchanged, recording its values, its completion and a cancel of
/// its subscription on `lane`.
struct EndRecorder<Upstream: Publisher>: Publisher {
    typealias Output = Upstream.Output
    typealias Failure = Upstream.Failure

    let upstream: Upstream
    let lane: String

    func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
        upstream.receive(
            subscriber: Recorder(
                wrapped: subscriber, lane: lane, recordsValues: true))
    }

    /// Stands in for a subscriber, recording the completion it receives, and
    /// with `recordsValues` each value and a cancel of its subscription.
    struct Recorder<Wrapped: Subscriber>: Subscriber {
        typealias Input = Wrapped.Input
        typealias Failure = Wrapped.Failure

        let wrapped: Wrapped
        let lane: String
        let recordsValues: Bool

        func receive(subscription: any Subscription) {
            wrapped.receive(
                subscription: recordsValues
                    ? CancelRecorder(wrapped: subscription, lane: lane)
                    : subscription)
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            if recordsValues {
                Tracer.shared?.value("\(input)", lane: lane)
            }
            return wrapped.receive(input)
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            switch completion {
            case .finished:
                Tracer.shared?.value(nil, lane: lane, end: "finished")
            case .failure(let error):
                let name = type(of: error as any Error)
                Tracer.shared?.value(nil, lane: lane, end: "failure: \(name)")
            }
            wrapped.receive(completion: completion)
        }
    }
}

/// Stands in for an upstream's subscription, recording a cancel on `lane`.
final class CancelRecorder: Subscription {
    let wrapped: any Subscription
    let lane: String

    init(wrapped: any Subscription, lane: String) {
        self.wrapped = wrapped
        self.lane = lane
    }

    func request(_ demand: Subscribers.Demand) {
        wrapped.request(demand)
    }

    func cancel() {
        Tracer.shared?.value(nil, lane: lane, end: "cancelled")
        wrapped.cancel()
    }
}
