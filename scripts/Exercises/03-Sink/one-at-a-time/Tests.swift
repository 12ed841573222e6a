import Testing

@testable import MiniCombine

@Suite("One at a time")
struct OneAtATimeSinkTests {
    @Test func sinkAsksForOneValueWhenSubscribed() {
        let publisher = ManualPublisher<Int, Never>()
        let sink = Subscribers.OneAtATimeSink<Int, Never>(
            receiveCompletion: { _ in }, receiveValue: { _ in })
        publisher.subscribe(sink)
        #expect(publisher.subscription.calls == [.request(.max(1))])
    }

    @Test func sinkAsksForOneMoreWithEachValue() {
        let publisher = ManualPublisher<Int, Never>()
        let trace = Trace<Event<Int, Never>>()
        let sink = Subscribers.OneAtATimeSink<Int, Never>(
            receiveCompletion: { trace.append(.completion($0)) },
            receiveValue: { trace.append(.value($0)) })
        publisher.subscribe(sink)
        #expect(publisher.send(1) == .max(1))
        #expect(publisher.send(2) == .max(1))
        #expect(publisher.send(3) == .max(1))
        publisher.send(completion: .finished)
        #expect(
            trace.entries == [
                .value(1), .value(2), .value(3), .completion(.finished),
            ])
        #expect(publisher.subscription.calls == [.request(.max(1))])
    }

    @Test func sinkDrainsAPublisherOneValueAtATime() {
        let trace = Trace<Event<String, TestError>>()
        let sink = Subscribers.OneAtATimeSink<String, TestError>(
            receiveCompletion: { trace.append(.completion($0)) },
            receiveValue: { trace.append(.value($0)) })
        SequencePublisher(["a", "b"], completion: .failure(TestError.boom))
            .subscribe(sink)
        #expect(
            trace.entries == [
                .value("a"), .value("b"), .completion(.failure(.boom)),
            ])
    }

    @Test func sinkCancelsASecondSubscription() {
        let sink = Subscribers.OneAtATimeSink<Int, Never>(
            receiveCompletion: { _ in }, receiveValue: { _ in })
        let first = SpySubscription()
        let second = SpySubscription()
        sink.receive(subscription: first)
        sink.receive(subscription: second)
        #expect(first.calls == [.request(.max(1))])
        #expect(second.calls == [.cancel])
    }

    @Test func cancelReachesTheSubscriptionOnce() {
        let subscription = SpySubscription()
        let sink = Subscribers.OneAtATimeSink<Int, Never>(
            receiveCompletion: { _ in }, receiveValue: { _ in })
        sink.receive(subscription: subscription)
        sink.cancel()
        sink.cancel()
        #expect(subscription.calls == [.request(.max(1)), .cancel])
    }

    @Test func sinkAsksForNothingAndReportsNothingAfterCancel() {
        let trace = Trace<Event<Int, Never>>()
        let sink = Subscribers.OneAtATimeSink<Int, Never>(
            receiveCompletion: { trace.append(.completion($0)) },
            receiveValue: { trace.append(.value($0)) })
        sink.receive(subscription: SpySubscription())
        sink.cancel()
        #expect(sink.receive(1) == .none)
        sink.receive(completion: .finished)
        #expect(trace.entries == [])
    }

    @Test func sinkLetsGoOfItsClosuresWhenItCompletes() {
        weak var weakToken: Token?
        let sink: Subscribers.OneAtATimeSink<Int, Never>
        do {
            let token = Token()
            weakToken = token
            sink = Subscribers.OneAtATimeSink(
                receiveCompletion: { _ in _ = token },
                receiveValue: { _ in _ = token })
        }
        sink.receive(subscription: SpySubscription())
        #expect(
            weakToken != nil, "the sink should hold its closures until the end")
        sink.receive(completion: .finished)
        #expect(
            weakToken == nil,
            "the sink should let go of its closures once it completes")
    }

    @Test func sinkLetsGoOfItsClosuresWhenCancelled() {
        weak var weakToken: Token?
        let sink: Subscribers.OneAtATimeSink<Int, Never>
        do {
            let token = Token()
            weakToken = token
            sink = Subscribers.OneAtATimeSink(
                receiveCompletion: { _ in _ = token },
                receiveValue: { _ in _ = token })
        }
        sink.receive(subscription: SpySubscription())
        sink.cancel()
        #expect(
            weakToken == nil,
            "the sink should let go of its closures once cancelled")
    }
}
