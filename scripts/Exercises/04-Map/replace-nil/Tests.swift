import Testing

@testable import MiniCombine

@Suite("Replace nil")
struct ReplaceNilTests {
    @Test func nilBecomesTheReplacement() {
        let subscriber = RecordingSubscriber<Int, Never>(
            initialDemand: .unlimited)
        Just<Int?>(nil).replaceNil(with: 0).subscribe(subscriber)
        #expect(
            subscriber.events == [
                .subscription, .value(0), .completion(.finished),
            ])
    }

    @Test func valueIsUnwrapped() {
        let subscriber = RecordingSubscriber<String, Never>(
            initialDemand: .unlimited)
        Just<String?>("kept").replaceNil(with: "none").subscribe(subscriber)
        #expect(
            subscriber.events == [
                .subscription, .value("kept"), .completion(.finished),
            ])
    }

    @Test func replaceNilIsAMap() {
        let replaced = Just<Int?>(nil).replaceNil(with: 0)
        #expect(type(of: replaced) == Publishers.Map<Just<Int?>, Int>.self)
    }

    @Test func onlyTheNilsAreReplacedAndFailuresPassThrough() {
        let subscriber = RecordingSubscriber<Int, TestError>(
            initialDemand: .unlimited)
        SequencePublisher<Int?, TestError>(
            [1, nil, 3], completion: .failure(.boom)
        )
        .replaceNil(with: -1)
        .subscribe(subscriber)
        #expect(
            subscriber.events == [
                .subscription, .value(1), .value(-1), .value(3),
                .completion(.failure(.boom)),
            ])
    }
}
