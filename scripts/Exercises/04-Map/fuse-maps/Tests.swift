import Testing

@testable import MiniCombine

@Suite("Fuse two maps")
struct FuseMapsTests {
    @Test func twoMapsBecomeOneMapOverTheSource() {
        let fused = Just(1).map { $0 + 1 }.map { $0 * 10 }
        #expect(type(of: fused) == Publishers.Map<Just<Int>, Int>.self)
    }

    @Test func threeMapsBecomeOneMapOverTheSource() {
        let fused = Just(1).map { $0 + 1 }.map { $0 * 10 }.map { "\($0)" }
        #expect(type(of: fused) == Publishers.Map<Just<Int>, String>.self)
    }

    @Test func fusedMapAppliesTheFirstTransformThenTheSecond() {
        let subscriber = RecordingSubscriber<String, Never>(
            initialDemand: .unlimited)
        Just(20).map { $0 + 1 }.map { "\($0 * 2) apples" }.subscribe(subscriber)
        #expect(
            subscriber.events == [
                .subscription, .value("42 apples"), .completion(.finished),
            ])
    }

    @Test func eachTransformRunsOncePerValue() {
        let trace = Trace<String>()
        let subscriber = RecordingSubscriber<Int, Never>(
            initialDemand: .unlimited)
        SequencePublisher<Int, Never>([1, 2])
            .map { value in
                trace.append("first \(value)")
                return value + 1
            }
            .map { value in
                trace.append("second \(value)")
                return value * 10
            }
            .subscribe(subscriber)
        #expect(
            trace.entries == ["first 1", "second 2", "first 2", "second 3"])
        #expect(
            subscriber.events == [
                .subscription, .value(20), .value(30), .completion(.finished),
            ])
    }

    @Test func fusedMapStillHandsTheUpstreamSubscriptionStraightDown() {
        let publisher = ManualPublisher<Int, TestError>()
        let subscriber = RecordingSubscriber<Int, TestError>(
            initialDemand: .max(1))
        publisher.map { $0 + 1 }.map { $0 * 10 }.subscribe(subscriber)
        publisher.send(1)
        publisher.send(completion: .failure(.boom))
        #expect(publisher.subscription.calls == [.request(.max(1))])
        #expect(
            subscriber.events == [
                .subscription, .value(20), .completion(.failure(.boom)),
            ])
    }
}
