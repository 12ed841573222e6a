// exercise.given: PassthroughSubject (07-ReduceLatest/PassthroughSubject.swift)
import Foundation
import MiniCombine
import Synchronization
import Testing

/// Chapter 7: `PassthroughSubject` behaves as Combine's (and OpenCombine
/// 0.14.0's) does: each subscriber is served at its own demand, a value no
/// one has room for is dropped, a completion reaches everyone and is kept
/// for late subscribers, and one subscriber's cancel touches no other.
@Suite struct Chapter07PassthroughSubjectTests {
    // MARK: - Values and demand

    @Test func aCompletionFromAnotherThreadWaitsForTheSubscription() {
        // The subscriber is still inside `receive(subscription:)` when
        // another thread completes the subject. The completion must wait:
        // a subscriber gets its subscription before anything else.
        let subject = PassthroughSubject<Int, Never>()
        let entered = Latch()
        let completionSent = Latch()
        let events = LockedBox<[String]>([])
        let subscriber = ClosureSubscriber<Int, Never>(
            onSubscription: { _ in
                entered.open()
                _ = completionSent.wait(seconds: 1)
                events.modify { $0.append("subscription") }
            },
            onCompletion: { _ in events.modify { $0.append("completion") } })
        let sender = startThread(named: "completes the subject") {
            _ = entered.wait(seconds: 10)
            subject.send(completion: .finished)
            completionSent.open()
        }
        subject.subscribe(subscriber)
        #expect(sender.wait(seconds: 10))
        #expect(events.get() == ["subscription", "completion"])
    }

    @Test func aCompletionRacingASubscribeNeverArrivesAlone() {
        // Round after round, one thread subscribes while another completes
        // the subject, both let go at the same moment. Whichever wins, the
        // subscriber gets its subscription and then the completion: never a
        // completion on its own.
        let rounds = 3_000
        let subjects = (0..<rounds).map { _ in
            PassthroughSubject<Int, Never>()
        }
        let events = (0..<rounds).map { _ in LockedBox<[String]>([]) }
        let gate = RoundGate()
        let completer = startThread(named: "completes each subject") {
            for round in 0..<rounds {
                gate.waitForStart(of: round)
                subjects[round].send(completion: .finished)
                gate.finish(round)
            }
        }
        for round in 0..<rounds {
            let record = events[round]
            let subscriber = ClosureSubscriber<Int, Never>(
                onSubscription: { _ in
                    record.modify { $0.append("subscription") }
                },
                onCompletion: { _ in record.modify { $0.append("completion") } }
            )
            gate.start(round)
            subjects[round].subscribe(subscriber)
            gate.waitForFinish(of: round)
        }
        #expect(completer.wait(seconds: 10))
        let wrong = events.indices.filter {
            events[$0].get() != ["subscription", "completion"]
        }
        #expect(wrong.isEmpty, "rounds \(wrong.prefix(5)) of \(rounds)")
    }

    @Test func eachSubscriberGetsValuesPerItsOwnDemand() {
        let subject = PassthroughSubject<Int, Never>()
        let one = RecordingSubscriber<Int, Never>(initialDemand: .max(1))
        let three = RecordingSubscriber<Int, Never>(initialDemand: .max(3))
        let unlimited = RecordingSubscriber<Int, Never>(
            initialDemand: .unlimited)
        let none = RecordingSubscriber<Int, Never>()
        subject.subscribe(one)
        subject.subscribe(three)
        subject.subscribe(unlimited)
        subject.subscribe(none)
        // Subscribing sends nothing.
        #expect(one.events == [.subscription])

        for value in 1...4 {
            subject.send(value)
        }
        #expect(one.events == [.subscription, .value(1)])
        #expect(
            three.events == [.subscription, .value(1), .value(2), .value(3)])
        #expect(
            unlimited.events == [
                .subscription, .value(1), .value(2), .value(3), .value(4),
            ]
        )
        #expect(none.events == [.subscription])

        one.request(.max(1))
        subject.send(5)
        #expect(one.events == [.subscription, .value(1), .value(5)])
        #expect(
            three.events == [.subscription, .value(1), .value(2), .value(3)])
        #expect(none.events == [.subscription])
    }

    @Test func aValueSentAtZeroDemandIsDroppedNotBuffered() {
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Never>()
        subject.subscribe(subscriber)
        subject.send(1)
        subject.send(2)

        // A later request does not bring them back.
        subscriber.request(.max(5))
        #expect(subscriber.events == [.subscription])

        subject.send(3)
        #expect(subscriber.events == [.subscription, .value(3)])
    }

    @Test func aValueSentBeforeAnySubscriberIsLost() {
        let subject = PassthroughSubject<Int, Never>()
        subject.send(1)
        let subscriber = RecordingSubscriber<Int, Never>(
            initialDemand: .unlimited)
        subject.subscribe(subscriber)
        subject.send(2)
        #expect(subscriber.events == [.subscription, .value(2)])
    }

    @Test func demandReturnedFromReceiveAddsToTheSubscribersDemand() {
        // On another thread, so that a deadlock fails this test instead of
        // hanging the run.
        let events = onAnotherThread { () -> [[Event<Int, Never>]] in
            let subject = PassthroughSubject<Int, Never>()
            let keepsAsking = RecordingSubscriber<Int, Never>(
                initialDemand: .max(1), demandPerValue: .max(1))
            let asksTwiceOnce = RecordingSubscriber<Int, Never>(
                initialDemand: .max(1),
                onValue: { subscriber, value in
                    if value == 1 { subscriber.request(.max(2)) }
                }
            )
            subject.subscribe(keepsAsking)
            subject.subscribe(asksTwiceOnce)
            for value in 1...5 {
                subject.send(value)
            }
            return [keepsAsking.events, asksTwiceOnce.events]
        }
        #expect(
            events == [
                [
                    .subscription, .value(1), .value(2), .value(3), .value(4),
                    .value(5),
                ],
                [.subscription, .value(1), .value(2), .value(3)],
            ]
        )
    }

    @Test func requestingZeroDemandTraps() async {
        // In a separate process, so that the trap fails this test alone.
        let exit = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            let subject = PassthroughSubject<Int, Never>()
            let subscriber = RecordingSubscriber<Int, Never>()
            subject.subscribe(subscriber)
            subscriber.request(.none)
        }
        #expect(standardError(of: exit).contains("demand must not be zero"))
    }

    // MARK: - Completion

    @Test func completionIsDeliveredWhateverTheDemand() {
        let subject = PassthroughSubject<Int, TestError>()
        let noDemand = RecordingSubscriber<Int, TestError>()
        let spentDemand = RecordingSubscriber<Int, TestError>(
            initialDemand: .max(1))
        subject.subscribe(noDemand)
        subject.subscribe(spentDemand)
        subject.send(1)
        subject.send(completion: .failure(.boom))
        #expect(
            noDemand.events == [.subscription, .completion(.failure(.boom))])
        #expect(
            spentDemand.events == [
                .subscription, .value(1), .completion(.failure(.boom)),
            ])
    }

    @Test func sendsAndCompletionsAfterCompletionAreIgnored() {
        let subject = PassthroughSubject<Int, TestError>()
        let subscriber = RecordingSubscriber<Int, TestError>(
            initialDemand: .unlimited)
        subject.subscribe(subscriber)
        subject.send(1)
        subject.send(completion: .finished)
        subject.send(2)
        subject.send(completion: .failure(.boom))
        subject.send(completion: .finished)
        subject.send(3)
        #expect(
            subscriber.events == [
                .subscription, .value(1), .completion(.finished),
            ])
    }

    @Test
    func aLateSubscriberReceivesItsSubscriptionThenTheStoredCompletionAtOnce() {
        let subject = PassthroughSubject<Int, TestError>()
        subject.send(completion: .failure(.boom))
        // The second completion is ignored: the first one is kept.
        subject.send(completion: .failure(.other))

        // No demand is needed for the completion.
        let late = RecordingSubscriber<Int, TestError>()
        subject.subscribe(late)
        #expect(late.events == [.subscription, .completion(.failure(.boom))])

        // Its subscription does nothing.
        late.request(.max(1))
        late.cancel()
        subject.send(1)
        #expect(late.events == [.subscription, .completion(.failure(.boom))])

        let finished = PassthroughSubject<Int, TestError>()
        finished.send(completion: .finished)
        let later = RecordingSubscriber<Int, TestError>(
            initialDemand: .unlimited)
        finished.subscribe(later)
        #expect(later.events == [.subscription, .completion(.finished)])
    }

    @Test func aSubscriberMaySendToTheSameSubjectFromInsideReceive() {
        // On another thread, so that a deadlock fails this test instead of
        // hanging the run.
        let events = onAnotherThread { () -> [Event<Int, Never>] in
            let subject = PassthroughSubject<Int, Never>()
            let subscriber = RecordingSubscriber<Int, Never>(
                initialDemand: .unlimited,
                onValue: { _, value in
                    if value == 1 {
                        subject.send(2)
                        subject.send(completion: .finished)
                    }
                }
            )
            subject.subscribe(subscriber)
            subject.send(1)
            subject.send(3)
            return subscriber.events
        }
        // As in Combine, the nested send is delivered at once, nested.
        #expect(
            events == [
                .subscription, .value(1), .value(2), .completion(.finished),
            ])
    }

    @Test func completionReleasesEverySubscriber() throws {
        let subject = PassthroughSubject<Int, Never>()
        var subscriber: RecordingSubscriber<Int, Never>? = RecordingSubscriber()
        weak let weakSubscriber = subscriber
        subject.subscribe(try #require(subscriber))
        // Only the subject's side of the connection keeps it now.
        subscriber?.releaseSubscription()
        subscriber = nil
        #expect(weakSubscriber != nil)

        subject.send(completion: .finished)
        #expect(weakSubscriber == nil)
    }

    // MARK: - Cancel

    @Test func cancelStopsDeliveryToThatSubscriberOnlyAndReleasesIt() throws {
        let subject = PassthroughSubject<Int, Never>()
        let stays = RecordingSubscriber<Int, Never>(initialDemand: .unlimited)
        var leaves: RecordingSubscriber<Int, Never>? = RecordingSubscriber(
            initialDemand: .unlimited)
        weak let weakLeaves = leaves
        subject.subscribe(stays)
        subject.subscribe(try #require(leaves))
        subject.send(1)
        #expect(leaves?.events == [.subscription, .value(1)])

        let subscription = try #require(leaves?.subscription)
        leaves?.releaseSubscription()
        leaves = nil
        // The subject still holds it through the subscription.
        #expect(weakLeaves != nil)

        subscription.cancel()
        #expect(weakLeaves == nil)

        subject.send(2)
        subject.send(completion: .finished)
        #expect(
            stays.events == [
                .subscription, .value(1), .value(2), .completion(.finished),
            ]
        )

        // A second cancel, and a request after cancel, do nothing.
        subscription.cancel()
        subscription.request(.max(1))
    }

    @Test func passthroughSubjectLetsGoOfItsSubscriberOutsideItsLockOnCancel() {
        // The subject's conduit holds the subscriber until the cancel.
        let subject = PassthroughSubject<Int, Never>()
        let waits = waitsWhenTheSubscriberIsReleasedOnCancel(subject)
        #expect(waits == [true])
    }

    @Test func cancelFromInsideReceiveStopsTheRest() {
        let events = onAnotherThread { () -> [Event<Int, Never>] in
            let subject = PassthroughSubject<Int, Never>()
            let subscriber = RecordingSubscriber<Int, Never>(
                initialDemand: .unlimited,
                onValue: { subscriber, value in
                    if value == 2 { subscriber.cancel() }
                }
            )
            subject.subscribe(subscriber)
            for value in 1...4 {
                subject.send(value)
            }
            subject.send(completion: .finished)
            return subscriber.events
        }
        #expect(events == [.subscription, .value(1), .value(2)])
    }

    @Test func cancelledSubscriberIsNotSentTheCompletion() {
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Never>(
            initialDemand: .unlimited)
        subject.subscribe(subscriber)
        subscriber.cancel()
        subject.send(completion: .finished)
        #expect(subscriber.events == [.subscription])
    }

    // MARK: - Upstream subscriptions

    @Test func upstreamSubscriptionsAreAskedForEverythingOnceAnySubscriberAsks()
    {
        var subject: PassthroughSubject<Int, Never>? = PassthroughSubject()
        let early = SpySubscription()
        subject?.send(subscription: early)
        let subscriber = RecordingSubscriber<Int, Never>()
        subject?.subscribe(subscriber)
        // Subscribing alone asks for nothing.
        #expect(early.calls == [])

        subscriber.request(.max(1))
        subscriber.request(.max(1))
        // Only the first request is passed on, and as `.unlimited`.
        #expect(early.calls == [.request(.unlimited)])

        let late = SpySubscription()
        subject?.send(subscription: late)
        #expect(late.calls == [.request(.unlimited)])

        // The subscriber lets go of the subject; then the subject, going
        // away, cancels what it holds.
        subscriber.cancel()
        subject = nil
        #expect(early.calls == [.request(.unlimited), .cancel])
        #expect(late.calls == [.request(.unlimited), .cancel])
    }

    // MARK: - Threads

    @Test func oneSubscriberIsNeverCalledConcurrently() {
        let subject = PassthroughSubject<Int, Never>()
        let probe = OverlapProbe()
        subject.subscribe(probe)
        let threads = 4
        let perThread = 2_000
        let start = Latch()
        let finished = (0..<threads).map { thread in
            startThread(named: "sender \(thread)") {
                _ = start.wait(seconds: 30)
                for value in 0..<perThread {
                    subject.send(thread * perThread + value)
                }
            }
        }
        start.open()
        for done in finished {
            #expect(done.wait(seconds: 30), "a sending thread did not finish")
        }
        subject.send(completion: .finished)
        let (values, overlaps, completions) = probe.summary()
        #expect(overlaps == 0)
        #expect(values.count == threads * perThread)
        #expect(Set(values) == Set(0..<threads * perThread))
        #expect(completions == 1)
    }
}

/// A subscriber with unlimited demand that may be called from any thread,
/// and counts the calls that overlap another.
private final class OverlapProbe: Subscriber, @unchecked Sendable {
    typealias Input = Int
    typealias Failure = Never

    private let lock = NSLock()
    private var isInside = false
    private var overlaps = 0
    private var values: [Int] = []
    private var completions = 0

    func receive(subscription: any Subscription) {
        subscription.request(.unlimited)
    }

    func receive(_ input: Int) -> Subscribers.Demand {
        enter()
        lock.withLock { values.append(input) }
        leave()
        return .none
    }

    func receive(completion: Subscribers.Completion<Never>) {
        enter()
        lock.withLock { completions += 1 }
        leave()
    }

    /// The values received, the number of overlapping calls, and the
    /// number of completions.
    func summary() -> (values: [Int], overlaps: Int, completions: Int) {
        lock.withLock { (values, overlaps, completions) }
    }

    private func enter() {
        lock.withLock {
            if isInside { overlaps += 1 }
            isInside = true
        }
    }

    private func leave() {
        lock.withLock { isInside = false }
    }
}

/// A subscriber that runs the given closures and asks for nothing.
private final class ClosureSubscriber<Input, Failure: Error>: Subscriber,
    @unchecked Sendable
{
    private let onSubscription: (any Subscription) -> Void
    private let onCompletion: (Subscribers.Completion<Failure>) -> Void

    init(
        onSubscription: @escaping (any Subscription) -> Void,
        onCompletion: @escaping (Subscribers.Completion<Failure>) -> Void
    ) {
        self.onSubscription = onSubscription
        self.onCompletion = onCompletion
    }

    func receive(subscription: any Subscription) {
        onSubscription(subscription)
    }

    func receive(_ input: Input) -> Subscribers.Demand { .none }

    func receive(completion: Subscribers.Completion<Failure>) {
        onCompletion(completion)
    }
}

/// Lets two threads start each round of a race together: both spin rather
/// than sleep, so neither is still waking up when the other begins.
private final class RoundGate: Sendable {
    private let started = Atomic<Int>(-1)
    private let finished = Atomic<Int>(-1)

    func start(_ round: Int) { started.store(round, ordering: .releasing) }

    func waitForStart(of round: Int) {
        while started.load(ordering: .acquiring) < round {}
    }

    func finish(_ round: Int) { finished.store(round, ordering: .releasing) }

    func waitForFinish(of round: Int) {
        while finished.load(ordering: .acquiring) < round {}
    }
}
