import Testing

@testable import MiniCombine

@Suite("CurrentValueSubject")
struct CurrentValueSubjectTests {
    @Test func newSubscriberGetsTheCurrentValueWhenItAsks() {
        let subject = CurrentValueSubject<Int, Never>(1)
        let subscriber = RecordingSubscriber<Int, Never>()
        subject.subscribe(subscriber)
        #expect(subscriber.events == [.subscription])

        subscriber.request(.max(1))
        #expect(subscriber.events == [.subscription, .value(1)])
    }

    @Test func sentValueBecomesTheCurrentValueAndIsDelivered() {
        let subject = CurrentValueSubject<Int, Never>(1)
        let subscriber = RecordingSubscriber<Int, Never>(
            initialDemand: .unlimited)
        subject.subscribe(subscriber)
        subject.send(2)
        #expect(subject.value == 2)
        #expect(subscriber.events == [.subscription, .value(1), .value(2)])
    }

    @Test func settingTheValueSendsIt() {
        let subject = CurrentValueSubject<String, Never>("a")
        let subscriber = RecordingSubscriber<String, Never>(
            initialDemand: .unlimited)
        subject.subscribe(subscriber)
        subject.value = "b"
        #expect(subscriber.events == [.subscription, .value("a"), .value("b")])
    }

    @Test func subscriberWithoutDemandGetsTheLatestValueOnItsNextRequest() {
        let subject = CurrentValueSubject<Int, Never>(1)
        let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .max(1))
        subject.subscribe(subscriber)
        subject.send(2)
        subject.send(3)
        #expect(subscriber.events == [.subscription, .value(1)])

        subscriber.request(.max(1))
        #expect(subscriber.events == [.subscription, .value(1), .value(3)])
    }

    @Test func eachSubscriberStartsFromTheValueCurrentWhenItAsks() {
        let subject = CurrentValueSubject<Int, Never>(1)
        let first = RecordingSubscriber<Int, Never>(initialDemand: .unlimited)
        subject.subscribe(first)
        subject.send(2)
        let second = RecordingSubscriber<Int, Never>(initialDemand: .unlimited)
        subject.subscribe(second)
        subject.send(3)
        #expect(
            first.events == [.subscription, .value(1), .value(2), .value(3)])
        #expect(second.events == [.subscription, .value(2), .value(3)])
    }

    @Test func completionEndsEverySubscriberAndFreezesTheValue() {
        let subject = CurrentValueSubject<Int, TestError>(1)
        let subscriber = RecordingSubscriber<Int, TestError>(
            initialDemand: .unlimited)
        subject.subscribe(subscriber)
        subject.send(completion: .failure(.boom))
        subject.send(2)
        subject.send(completion: .finished)
        #expect(subject.value == 1)
        #expect(
            subscriber.events == [
                .subscription, .value(1), .completion(.failure(.boom)),
            ])
    }

    @Test func lateSubscriberGetsOnlyTheCompletion() {
        let subject = CurrentValueSubject<Int, Never>(1)
        subject.send(completion: .finished)
        let subscriber = RecordingSubscriber<Int, Never>(
            initialDemand: .unlimited)
        subject.subscribe(subscriber)
        #expect(subscriber.events == [.subscription, .completion(.finished)])
    }

    @Test func cancelledSubscriberReceivesNothingMore() {
        let subject = CurrentValueSubject<Int, Never>(1)
        let subscriber = RecordingSubscriber<Int, Never>(
            initialDemand: .unlimited)
        subject.subscribe(subscriber)
        subscriber.cancel()
        subject.send(2)
        subject.send(completion: .finished)
        subscriber.request(.max(1))
        #expect(subscriber.events == [.subscription, .value(1)])
    }

    @Test func requestFromInsideReceiveGetsTheNextValue() {
        let subject = CurrentValueSubject<Int, Never>(1)
        let subscriber = RecordingSubscriber<Int, Never>(
            initialDemand: .max(1),
            onValue: { subscriber, _ in subscriber.request(.max(1)) })
        subject.subscribe(subscriber)
        subject.send(2)
        subject.send(3)
        #expect(
            subscriber.events == [
                .subscription, .value(1), .value(2), .value(3),
            ])
    }

    @Test func upstreamIsAskedForEverythingAndFeedsTheSubject() {
        let subject = CurrentValueSubject<Int, Never>(0)
        let upstream = ManualPublisher<Int, Never>()
        upstream.subscribe(UpstreamToSubject(subject: subject))
        upstream.send(5)
        #expect(upstream.subscription.calls == [.request(.unlimited)])
        #expect(subject.value == 5)
    }

    /// Subscribes a subject to a publisher, as Combine's `subscribe(_:)`
    /// overload for subjects does.
    struct UpstreamToSubject: Subscriber {
        let subject: CurrentValueSubject<Int, Never>

        func receive(subscription: any Subscription) {
            subject.send(subscription: subscription)
        }

        func receive(_ input: Int) -> Subscribers.Demand {
            subject.send(input)
            return .none
        }

        func receive(completion: Subscribers.Completion<Never>) {
            subject.send(completion: completion)
        }
    }
}
