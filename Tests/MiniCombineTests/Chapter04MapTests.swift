import MiniCombine
import Testing

/// Chapter 4: `map` transforms each value and passes subscription, demand,
/// completion and cancellation through unchanged.
@Suite struct Chapter04MapTests {
    @Test func mapTransformsEachValue() {
        let subscriber = RecordingSubscriber<Int, Never>(
            initialDemand: .unlimited)
        SequencePublisher<Int, Never>([1, 2, 3]).map { $0 * 10 }.subscribe(
            subscriber)
        #expect(
            subscriber.events == [
                .subscription, .value(10), .value(20), .value(30),
                .completion(.finished),
            ]
        )
    }

    @Test func mapCanChangeTheOutputType() {
        let subscriber = RecordingSubscriber<String, Never>(
            initialDemand: .unlimited)
        Just(3).map { "\($0) apples" }.subscribe(subscriber)
        #expect(
            subscriber.events == [
                .subscription, .value("3 apples"), .completion(.finished),
            ])
    }

    @Test func mapPassesTheUpstreamSubscriptionStraightDown() throws {
        let publisher = ManualPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Never>()
        publisher.map { $0 + 1 }.subscribe(subscriber)
        let received = try #require(subscriber.subscription) as AnyObject
        // `===` on the upstream's own object: no wrapper sits in between.
        #expect(
            ObjectIdentifier(received)
                == ObjectIdentifier(publisher.subscription))

        subscriber.request(.max(3))
        subscriber.cancel()
        #expect(publisher.subscription.calls == [.request(.max(3)), .cancel])
    }

    @Test func mapForwardsDemandReturnedByDownstream() {
        let publisher = ManualPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Never>(
            demandPerValue: .max(2))
        publisher.map { $0 * 2 }.subscribe(subscriber)
        #expect(publisher.send(1) == .max(2))

        let unlimited = ManualPublisher<Int, Never>()
        let greedy = RecordingSubscriber<Int, Never>(demandPerValue: .unlimited)
        unlimited.map { $0 * 2 }.subscribe(greedy)
        #expect(unlimited.send(1) == .unlimited)

        let none = ManualPublisher<Int, Never>()
        let satisfied = RecordingSubscriber<Int, Never>(demandPerValue: .none)
        none.map { $0 * 2 }.subscribe(satisfied)
        #expect(none.send(1) == .none)
    }

    @Test func mapForwardsCompletionAndFailure() {
        let finishing = ManualPublisher<Int, TestError>()
        let finished = RecordingSubscriber<Int, TestError>()
        finishing.map { $0 * 2 }.subscribe(finished)
        finishing.send(1)
        finishing.send(completion: .finished)
        #expect(
            finished.events == [
                .subscription, .value(2), .completion(.finished),
            ])

        let failing = ManualPublisher<Int, TestError>()
        let failed = RecordingSubscriber<Int, TestError>()
        failing.map { $0 * 2 }.subscribe(failed)
        failing.send(1)
        failing.send(completion: .failure(.boom))
        #expect(
            failed.events == [
                .subscription, .value(2), .completion(.failure(.boom)),
            ])
    }

    @Test func mapOfAFailingSequenceSendsItsValuesThenTheFailure() {
        let subscriber = RecordingSubscriber<String, TestError>(
            initialDemand: .unlimited)
        SequencePublisher<Int, TestError>([1, 2], completion: .failure(.other))
            .map { String($0) }
            .subscribe(subscriber)
        #expect(
            subscriber.events == [
                .subscription, .value("1"), .value("2"),
                .completion(.failure(.other)),
            ]
        )
    }

    @Test func mapDoesNothingUntilSubscribed() {
        let trace = Trace<Int>()
        let publisher = ManualPublisher<Int, Never>()
        let mapped = publisher.map { value in
            trace.append(value)
            return value
        }
        #expect(publisher.subscribeCount == 0)
        #expect(trace.entries == [])

        let subscriber = RecordingSubscriber<Int, Never>()
        mapped.subscribe(subscriber)
        #expect(publisher.subscribeCount == 1)
        #expect(trace.entries == [])

        publisher.send(5)
        #expect(trace.entries == [5])
    }

    @Test func mapHonoursDemandEndToEnd() {
        let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .max(1))
        SequencePublisher<Int, Never>([1, 2, 3]).map { $0 * 2 }.subscribe(
            subscriber)
        #expect(subscriber.events == [.subscription, .value(2)])

        subscriber.request(.max(1))
        #expect(subscriber.events == [.subscription, .value(2), .value(4)])

        subscriber.request(.max(5))
        #expect(
            subscriber.events == [
                .subscription, .value(2), .value(4), .value(6),
                .completion(.finished),
            ]
        )
    }

    @Test func demandReturnedThroughMapReachesTheSource() {
        let subscriber = RecordingSubscriber<Int, Never>(
            initialDemand: .max(1),
            demandPerValue: .max(1)
        )
        SequencePublisher<Int, Never>([1, 2, 3]).map { -$0 }.subscribe(
            subscriber)
        #expect(
            subscriber.events == [
                .subscription, .value(-1), .value(-2), .value(-3),
                .completion(.finished),
            ]
        )
    }

    @Test func cancelThroughMapStopsTheSource() {
        let subscriber = RecordingSubscriber<Int, Never>(
            initialDemand: .unlimited,
            onValue: { subscriber, value in
                if value == 2 { subscriber.cancel() }
            }
        )
        SequencePublisher<Int, Never>([1, 2, 3]).map { $0 }.subscribe(
            subscriber)
        #expect(subscriber.events == [.subscription, .value(1), .value(2)])
    }

    @Test func justMapSinkRunsInOrder() {
        let trace = Trace<String>()
        let doubled = Just(10).map { value in
            trace.append("map \(value)")
            return value * 2
        }
        trace.append("built")
        let cancellable = doubled.sink(
            receiveCompletion: { trace.append("sink completion \($0)") },
            receiveValue: { trace.append("sink value \($0)") }
        )
        #expect(
            trace.entries == [
                "built", "map 10", "sink value 20", "sink completion finished",
            ]
        )
        withExtendedLifetime(cancellable) {}
    }

    @Test func chainedMapsCompose() {
        let trace = Trace<String>()
        let subscriber = RecordingSubscriber<String, Never>(
            initialDemand: .unlimited)
        Just(3)
            .map { value in
                trace.append("add one to \(value)")
                return value + 1
            }
            .map { value in
                trace.append("times ten \(value)")
                return value * 10
            }
            .map { "\($0) apples" }
            .subscribe(subscriber)
        #expect(trace.entries == ["add one to 3", "times ten 4"])
        #expect(
            subscriber.events == [
                .subscription, .value("40 apples"), .completion(.finished),
            ])
    }

    @Test func eachSubscriptionRunsTheTransformAgain() {
        let trace = Trace<Int>()
        let mapped = Just(1).map { value in
            trace.append(value)
            return value
        }
        let first = RecordingSubscriber<Int, Never>(initialDemand: .max(1))
        let second = RecordingSubscriber<Int, Never>(initialDemand: .max(1))
        mapped.subscribe(first)
        mapped.subscribe(second)
        #expect(trace.entries == [1, 1])
        #expect(
            first.events == [.subscription, .value(1), .completion(.finished)])
        #expect(second.events == first.events)
    }
}
