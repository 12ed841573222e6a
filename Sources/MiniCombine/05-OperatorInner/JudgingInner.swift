// snippet.judging-inner
/// The `Inner` shared by operators that decide, value by value, whether to
/// send, drop or fail: `filter`, `compactMap` and `tryMap`.
///
/// It stands between two parties. Facing upstream, it is a `Subscriber`:
/// values and the completion arrive here. Facing downstream, it is the
/// `Subscription`: requests and cancellation arrive here. Every message
/// passes through it, and after the stream ends, none does.
final class JudgingInner<Downstream: Subscriber, Input, UpstreamFailure: Error>:
    Subscriber, Subscription
{
    typealias Failure = UpstreamFailure

    private enum State {
        case awaitingSubscription
        case subscribed(any Subscription)
        case terminated
    }

    private let downstream: Downstream
    private let judge: (Input) -> Verdict<Downstream.Input, Downstream.Failure>
    private let convertFailure: (UpstreamFailure) -> Downstream.Failure
    private var state = State.awaitingSubscription

    init(
        downstream: Downstream,
        judge: @escaping (Input) -> Verdict<Downstream.Input, Downstream.Failure>,
        convertFailure: @escaping (UpstreamFailure) -> Downstream.Failure
    ) {
        self.downstream = downstream
        self.judge = judge
        self.convertFailure = convertFailure
    }

    // Facing upstream: a subscriber.

    func receive(subscription: any Subscription) {
        guard case .awaitingSubscription = state else {
            subscription.cancel()
            return
        }
        state = .subscribed(subscription)
        downstream.receive(subscription: self)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        guard case .subscribed(let upstream) = state else { return .none }
        switch judge(input) {
        case .send(let output):
            return downstream.receive(output)
        case .drop:
            return .max(1)
        case .fail(let failure):
            state = .terminated
            upstream.cancel()
            downstream.receive(completion: .failure(failure))
            return .none
        }
    }

    func receive(completion: Subscribers.Completion<UpstreamFailure>) {
        guard case .subscribed = state else { return }
        state = .terminated
        switch completion {
        case .finished:
            downstream.receive(completion: .finished)
        case .failure(let failure):
            downstream.receive(completion: .failure(convertFailure(failure)))
        }
    }

    // Facing downstream: the subscription.

    func request(_ demand: Subscribers.Demand) {
        precondition(demand > 0, "API Violation: demand must not be zero")
        guard case .subscribed(let upstream) = state else { return }
        upstream.request(demand)
    }

    func cancel() {
        guard case .subscribed(let upstream) = state else {
            state = .terminated
            return
        }
        state = .terminated
        upstream.cancel()
    }
}
// snippet.end
