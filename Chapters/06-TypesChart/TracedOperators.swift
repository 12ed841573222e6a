// For the book's figures only, with Trace.swift: when traced, `sink` on a
// `replaceError` subscribes through the traced subscribe(_:) and records the
// values and the completion going into `replaceError`, and what comes out.
import MiniCombine

extension Publishers.ReplaceError {
    /// The library's `sink(receiveValue:)`; when traced, it records what goes into this
    /// `replaceError` and what comes out, on two lanes.
    func sink(receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
        let sink = Subscribers.Sink<Output, Never>(
            receiveCompletion: { _ in }, receiveValue: receiveValue)
        guard Tracer.shared != nil else {
            subscribe(sink)
            return AnyCancellable(sink)
        }
        Publishers.ReplaceError<LaneUpstream<Upstream>>(
            upstream: LaneUpstream(
                upstream: upstream, lane: "into replaceError"),
            output: output
        )
        .subscribe(LaneRecorder(sink, lane: "out of replaceError"))
        return AnyCancellable(sink)
    }
}

/// Stands in for an upstream, so that what it sends is recorded on `lane`.
struct LaneUpstream<Upstream: Publisher>: Publisher {
    typealias Output = Upstream.Output
    typealias Failure = Upstream.Failure

    let upstream: Upstream
    let lane: String

    func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
        upstream.receive(subscriber: LaneRecorder(subscriber, lane: lane))
    }
}

/// Stands in for a subscriber, recording on `lane` each value and the completion it receives.
final class LaneRecorder<Wrapped: Subscriber>: Subscriber {
    typealias Input = Wrapped.Input
    typealias Failure = Wrapped.Failure

    private let wrapped: Wrapped
    private let lane: String

    init(_ wrapped: Wrapped, lane: String) {
        self.wrapped = wrapped
        self.lane = lane
    }

    func receive(subscription: any Subscription) {
        wrapped.receive(subscription: subscription)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        Tracer.shared?.value(String(reflecting: input), lane: lane)
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
