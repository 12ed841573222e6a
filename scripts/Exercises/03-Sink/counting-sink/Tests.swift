import Testing

@testable import MiniCombine

@Suite("A sink that counts")
struct CountingSinkTests {
    /// What the counting sink reported, in order.
    enum Report: Equatable {
        case value(Int)
        case completion(Subscribers.Completion<TestError>, count: Int)
    }

    @Test func sinkAsksForEverythingWhenSubscribed() {
        let publisher = ManualPublisher<Int, TestError>()
        publisher.subscribe(
            Subscribers.CountingSink<Int, TestError>(
                receiveCompletion: { _, _ in }, receiveValue: { _ in }))
        #expect(publisher.subscription.calls == [.request(.unlimited)])
        #expect(publisher.send(1) == .none)
    }

    @Test func completionArrivesWithTheNumberOfValues() {
        let trace = Trace<Report>()
        let sink = Subscribers.CountingSink<Int, TestError>(
            receiveCompletion: { trace.append(.completion($0, count: $1)) },
            receiveValue: { trace.append(.value($0)) })
        SequencePublisher<Int, TestError>([4, 5, 6]).subscribe(sink)
        #expect(
            trace.entries == [
                .value(4), .value(5), .value(6),
                .completion(.finished, count: 3),
            ])
    }

    @Test func failureArrivesWithTheNumberOfValues() {
        let trace = Trace<Report>()
        let sink = Subscribers.CountingSink<Int, TestError>(
            receiveCompletion: { trace.append(.completion($0, count: $1)) },
            receiveValue: { trace.append(.value($0)) })
        SequencePublisher([7], completion: .failure(TestError.boom)).subscribe(
            sink)
        #expect(
            trace.entries == [
                .value(7), .completion(.failure(.boom), count: 1),
            ])
    }

    @Test func streamWithoutValuesCountsZero() {
        let trace = Trace<Report>()
        let sink = Subscribers.CountingSink<Int, TestError>(
            receiveCompletion: { trace.append(.completion($0, count: $1)) },
            receiveValue: { trace.append(.value($0)) })
        SequencePublisher<Int, TestError>([]).subscribe(sink)
        #expect(trace.entries == [.completion(.finished, count: 0)])
    }

    @Test func sinkCancelsASecondSubscription() {
        let sink = Subscribers.CountingSink<Int, Never>(
            receiveCompletion: { _, _ in }, receiveValue: { _ in })
        let first = SpySubscription()
        let second = SpySubscription()
        sink.receive(subscription: first)
        sink.receive(subscription: second)
        #expect(first.calls == [.request(.unlimited)])
        #expect(second.calls == [.cancel])
    }

    @Test func sinkReportsNothingAfterCancel() {
        let trace = Trace<Report>()
        let subscription = SpySubscription()
        let sink = Subscribers.CountingSink<Int, TestError>(
            receiveCompletion: { trace.append(.completion($0, count: $1)) },
            receiveValue: { trace.append(.value($0)) })
        sink.receive(subscription: subscription)
        sink.cancel()
        sink.cancel()
        _ = sink.receive(1)
        sink.receive(completion: .finished)
        #expect(trace.entries == [])
        #expect(subscription.calls == [.request(.unlimited), .cancel])
    }

    @Test func sinkLetsGoOfItsClosuresWhenItCompletes() {
        weak var weakToken: Token?
        let sink: Subscribers.CountingSink<Int, Never>
        do {
            let token = Token()
            weakToken = token
            sink = Subscribers.CountingSink(
                receiveCompletion: { _, _ in _ = token },
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
        let sink: Subscribers.CountingSink<Int, Never>
        do {
            let token = Token()
            weakToken = token
            sink = Subscribers.CountingSink(
                receiveCompletion: { _, _ in _ = token },
                receiveValue: { _ in _ = token })
        }
        sink.receive(subscription: SpySubscription())
        sink.cancel()
        #expect(
            weakToken == nil,
            "the sink should let go of its closures once cancelled")
    }
}
