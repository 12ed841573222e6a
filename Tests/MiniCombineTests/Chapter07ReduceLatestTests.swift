import Foundation
import MiniCombine
import Testing

/// One result of the tests' `reduceLatest`: the latest value of each of the
/// three upstreams, `nil` for one that has sent nothing yet.
private struct Latest3: Equatable, CustomStringConvertible {
    let a: Int?
    let b: Character?
    let c: Bool?

    init(_ a: Int?, _ b: Character?, _ c: Bool?) {
        self.a = a
        self.b = b
        self.c = c
    }

    var description: String {
        "(\(a.map(String.init) ?? "nil"), \(b.map(String.init) ?? "nil"), "
            + "\(c.map(String.init) ?? "nil"))"
    }
}

/// What each of three upstream subscriptions has received when it was
/// asked for everything, once, and nothing else.
private let askedOnceEach: [[SpySubscription.Call]] = [
    [.request(.unlimited)], [.request(.unlimited)], [.request(.unlimited)],
]

/// Three upstreams driven by hand, each with its own ``SpySubscription``.
private struct ManualUpstreams<Failure: Error> {
    let a = ManualPublisher<Int, Failure>()
    let b = ManualPublisher<Character, Failure>()
    let c = ManualPublisher<Bool, Failure>()

    /// The three combined into ``Latest3``s.
    var combined: some Publisher<Latest3, Failure> {
        a.reduceLatest(b, c, Latest3.init)
    }

    /// The calls each upstream subscription has received, in a, b, c order.
    var calls: [[SpySubscription.Call]] {
        [a.subscription.calls, b.subscription.calls, c.subscription.calls]
    }
}

/// Chapter 7: `ReduceLatest3` sends the latest combination of three
/// upstreams whenever one of them sends, within the downstream's demand; it
/// finishes when all three have finished, fails with the first failure, and
/// never calls out while holding its lock.
@Suite struct Chapter07ReduceLatestTests {
    // MARK: - The original post's example

    @Test func seedExampleProducesExactlyFiveResults() {
        let pub1 = PassthroughSubject<Int, Never>()
        let pub2 = PassthroughSubject<Character, Never>()
        let pub3 = PassthroughSubject<Bool, Never>()
        let received = Trace<Latest3>()
        let completions = Trace<Subscribers.Completion<Never>>()

        let token =
            pub1
            .reduceLatest(pub2, pub3) { Latest3($0, $1, $2) }
            .sink(
                receiveCompletion: { completions.append($0) },
                receiveValue: { received.append($0) }
            )
        defer { token.cancel() }

        pub1.send(1)
        pub1.send(2)
        pub2.send("A")
        pub3.send(false)
        pub3.send(completion: .finished)
        // Sent after the third subject finished: the subject drops it.
        pub3.send(true)
        pub2.send("B")

        #expect(
            received.entries == [
                Latest3(1, nil, nil),
                Latest3(2, nil, nil),
                Latest3(2, "A", nil),
                Latest3(2, "A", false),
                Latest3(2, "B", false),
            ]
        )
        // Only one of three upstreams has finished.
        #expect(completions.entries == [])
    }

    // MARK: - Subscription first

    @Test func subscriptionArrivesBeforeAnyValueEvenWithJusts() {
        let subscriber = RecordingSubscriber<Latest3, Never>(
            initialDemand: .unlimited)
        Just(1).reduceLatest(Just("x"), Just(true), Latest3.init).subscribe(
            subscriber)
        #expect(
            subscriber.events == [
                .subscription,
                .value(Latest3(1, nil, nil)),
                .value(Latest3(1, "x", nil)),
                .value(Latest3(1, "x", true)),
                .completion(.finished),
            ]
        )
    }

    @Test func subscriptionArrivesBeforeAFailureAtOnce() {
        let subscriber = RecordingSubscriber<Int, TestError>(
            initialDemand: .unlimited)
        SequencePublisher<Int, TestError>([], completion: .failure(.boom))
            .reduceLatest(
                SequencePublisher<Int, TestError>([1]),
                SequencePublisher<Int, TestError>([2])
            ) { a, b, c in (a ?? 0) + (b ?? 0) + (c ?? 0) }
            .subscribe(subscriber)
        #expect(
            subscriber.events == [.subscription, .completion(.failure(.boom))])
    }

    @Test func cancelInsideReceiveSubscriptionCancelsEachUpstreamAsItArrives() {
        let upstreams = ManualUpstreams<Never>()
        let subscriber = CancelOnSubscription<Latest3>()
        upstreams.combined.subscribe(subscriber)
        #expect(upstreams.calls == [[.cancel], [.cancel], [.cancel]])
        #expect(subscriber.received == 0)
    }

    // MARK: - Demand

    @Test func neverSendsMoreValuesThanDemanded() {
        let pub1 = PassthroughSubject<Int, Never>()
        let pub2 = PassthroughSubject<Character, Never>()
        let pub3 = PassthroughSubject<Bool, Never>()
        let subscriber = RecordingSubscriber<Latest3, Never>(
            initialDemand: .max(2))
        pub1.reduceLatest(pub2, pub3, Latest3.init).subscribe(subscriber)
        for value in 1...50 {
            pub1.send(value)
            pub2.send("z")
            pub3.send(value.isMultiple(of: 2))
        }
        #expect(
            subscriber.events == [
                .subscription, .value(Latest3(1, nil, nil)),
                .value(Latest3(1, "z", nil)),
            ]
        )
    }

    @Test func aRequestBeforeAnyValueSendsNothing() {
        let upstreams = ManualUpstreams<Never>()
        let subscriber = RecordingSubscriber<Latest3, Never>()
        upstreams.combined.subscribe(subscriber)

        // Nothing has been sent, so there is no combination to deliver,
        // not even one of three `nil`s.
        subscriber.request(.max(2))
        #expect(subscriber.events == [.subscription])

        upstreams.b.send("x")
        #expect(
            subscriber.events == [
                .subscription, .value(Latest3(nil, "x", nil)),
            ])
    }

    @Test func valuesArrivingAtZeroDemandAreDeliveredOnceOnTheNextRequest() {
        let upstreams = ManualUpstreams<Never>()
        let subscriber = RecordingSubscriber<Latest3, Never>()
        upstreams.combined.subscribe(subscriber)
        upstreams.a.send(1)
        upstreams.a.send(2)
        upstreams.b.send("x")
        #expect(subscriber.events == [.subscription])

        // The latest combination, once.
        subscriber.request(.max(1))
        #expect(
            subscriber.events == [.subscription, .value(Latest3(2, "x", nil))])

        // No new value: nothing, however much is asked for.
        subscriber.request(.max(1))
        subscriber.request(.max(3))
        #expect(
            subscriber.events == [.subscription, .value(Latest3(2, "x", nil))])

        // The outstanding demand is used by the next value, and a
        // combination already sent is never sent again.
        upstreams.c.send(true)
        upstreams.c.send(false)
        subscriber.request(.unlimited)
        #expect(
            subscriber.events == [
                .subscription,
                .value(Latest3(2, "x", nil)),
                .value(Latest3(2, "x", true)),
                .value(Latest3(2, "x", false)),
            ]
        )
    }

    @Test func demandReturnedFromReceiveIsHonoured() {
        let upstreams = ManualUpstreams<Never>()
        let subscriber = RecordingSubscriber<Latest3, Never>(
            initialDemand: .max(1), demandPerValue: .max(1))
        upstreams.combined.subscribe(subscriber)
        upstreams.a.send(1)
        upstreams.a.send(2)
        upstreams.a.send(3)
        #expect(
            subscriber.events == [
                .subscription,
                .value(Latest3(1, nil, nil)),
                .value(Latest3(2, nil, nil)),
                .value(Latest3(3, nil, nil)),
            ]
        )
    }

    @Test func upstreamsAreAskedForEverythingAndAnswerNoMore() {
        let upstreams = ManualUpstreams<Never>()
        let subscriber = RecordingSubscriber<Latest3, Never>()
        upstreams.combined.subscribe(subscriber)
        #expect(upstreams.calls == askedOnceEach)
        // The upstreams already have unlimited demand: each value answers `.none`.
        #expect(upstreams.a.send(1) == .none)
        subscriber.request(.max(1))
        #expect(upstreams.b.send("x") == .none)
        #expect(upstreams.calls == askedOnceEach)
    }

    @Test func requestingZeroDemandTraps() async {
        // In a separate process, so that the trap fails this test alone.
        let exit = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            let numbers = PassthroughSubject<Int, Never>()
            let subscriber = RecordingSubscriber<Int, Never>()
            numbers.reduceLatest(numbers, numbers) { a, _, _ in a ?? 0 }
                .subscribe(subscriber)
            subscriber.request(.none)
        }
        #expect(standardError(of: exit).contains("demand must not be zero"))
    }

    // MARK: - Completion

    @Test func finishesOnlyWhenAllThreeUpstreamsHaveFinished() {
        let upstreams = ManualUpstreams<TestError>()
        let subscriber = RecordingSubscriber<Latest3, TestError>(
            initialDemand: .unlimited)
        upstreams.combined.subscribe(subscriber)
        upstreams.a.send(1)
        upstreams.a.send(completion: .finished)
        // A second finish from the same upstream does not count twice.
        upstreams.a.send(completion: .finished)
        upstreams.b.send(completion: .finished)
        #expect(
            subscriber.events == [.subscription, .value(Latest3(1, nil, nil))])

        // A finished upstream is not listened to any more; the others are.
        upstreams.a.send(7)
        upstreams.c.send(true)
        #expect(
            subscriber.events == [
                .subscription, .value(Latest3(1, nil, nil)),
                .value(Latest3(1, nil, true)),
            ]
        )

        upstreams.c.send(completion: .finished)
        let expected: [Event<Latest3, TestError>] = [
            .subscription,
            .value(Latest3(1, nil, nil)),
            .value(Latest3(1, nil, true)),
            .completion(.finished),
        ]
        #expect(subscriber.events == expected)

        // Finished upstreams are not cancelled.
        #expect(upstreams.calls == askedOnceEach)

        // Nothing after the completion.
        upstreams.c.send(false)
        upstreams.c.send(completion: .failure(.boom))
        subscriber.request(.max(1))
        subscriber.cancel()
        #expect(subscriber.events == expected)
        #expect(upstreams.calls == askedOnceEach)
    }

    @Test func finishedIsDeliveredWithoutDemand() {
        let upstreams = ManualUpstreams<Never>()
        let subscriber = RecordingSubscriber<Latest3, Never>()
        upstreams.combined.subscribe(subscriber)
        upstreams.a.send(completion: .finished)
        upstreams.b.send(completion: .finished)
        upstreams.c.send(completion: .finished)
        #expect(subscriber.events == [.subscription, .completion(.finished)])
    }

    @Test func aCombinationWaitingForDemandIsDroppedWhenAllThreeFinish() {
        let upstreams = ManualUpstreams<Never>()
        let subscriber = RecordingSubscriber<Latest3, Never>()
        upstreams.combined.subscribe(subscriber)
        upstreams.a.send(1)
        upstreams.a.send(completion: .finished)
        upstreams.b.send(completion: .finished)
        upstreams.c.send(completion: .finished)
        #expect(subscriber.events == [.subscription, .completion(.finished)])
    }

    @Test func failsOnTheFirstFailureAndCancelsTheOtherTwoUpstreams() {
        let upstreams = ManualUpstreams<TestError>()
        let subscriber = RecordingSubscriber<Latest3, TestError>(
            initialDemand: .unlimited)
        upstreams.combined.subscribe(subscriber)
        upstreams.a.send(1)
        upstreams.b.send(completion: .failure(.boom))
        let expected: [Event<Latest3, TestError>] = [
            .subscription, .value(Latest3(1, nil, nil)),
            .completion(.failure(.boom)),
        ]
        #expect(subscriber.events == expected)
        // The failed one is not cancelled; the other two are, once each.
        #expect(
            upstreams.calls == [
                [.request(.unlimited), .cancel], [.request(.unlimited)],
                [.request(.unlimited), .cancel],
            ]
        )

        // Whatever the cancelled upstreams still send is ignored.
        upstreams.a.send(2)
        upstreams.c.send(true)
        upstreams.c.send(completion: .failure(.other))
        upstreams.a.send(completion: .finished)
        subscriber.cancel()
        #expect(subscriber.events == expected)
        #expect(
            upstreams.calls == [
                [.request(.unlimited), .cancel], [.request(.unlimited)],
                [.request(.unlimited), .cancel],
            ]
        )
    }

    @Test func aFailureDoesNotCancelAnUpstreamThatHasFinished() {
        let upstreams = ManualUpstreams<TestError>()
        let subscriber = RecordingSubscriber<Latest3, TestError>()
        upstreams.combined.subscribe(subscriber)
        upstreams.a.send(completion: .finished)
        upstreams.c.send(true)
        // The failure is delivered without demand, ahead of the waiting value.
        upstreams.c.send(completion: .failure(.boom))
        #expect(
            subscriber.events == [.subscription, .completion(.failure(.boom))])
        #expect(
            upstreams.calls == [
                [.request(.unlimited)], [.request(.unlimited), .cancel],
                [.request(.unlimited)],
            ]
        )
    }

    @Test func aSubscriptionArrivingWhileAFailureIsHandledIsCancelled() throws {
        let a = CapturingPublisher<Int, TestError>()
        let b = CapturingPublisher<Character, TestError>()
        let c = CapturingPublisher<Bool, TestError>()
        let subscriber = RecordingSubscriber<Latest3, TestError>(
            initialDemand: .unlimited)
        a.reduceLatest(b, c, Latest3.init).subscribe(subscriber)
        let sideA = try #require(a.subscriber)
        let sideB = try #require(b.subscriber)
        let sideC = try #require(c.subscriber)
        let subscriptionB = SpySubscription()
        // b's subscription arrives while the failure of a is being handled:
        // here from inside the cancel of c, the moment the subscription has
        // let go of its lock to cancel the others. On another thread (say b
        // subscribed through a `subscribe(on:)`) it can arrive at that same
        // moment.
        let subscriptionC = CallbackSubscription(onCancel: {
            sideB.receive(subscription: subscriptionB)
        })
        sideA.receive(subscription: SpySubscription())
        sideC.receive(subscription: subscriptionC)

        sideA.receive(completion: .failure(.boom))
        #expect(
            subscriber.events == [.subscription, .completion(.failure(.boom))])
        #expect(subscriptionC.calls == [.request(.unlimited), .cancel])
        #expect(subscriptionB.calls == [.cancel])
    }

    @Test func aValueArrivingWhileAFailureIsHandledIsNeverSent() throws {
        let a = CapturingPublisher<Int, TestError>()
        let b = CapturingPublisher<Character, TestError>()
        let c = CapturingPublisher<Bool, TestError>()
        let subscriber = RecordingSubscriber<Latest3, TestError>(
            initialDemand: .unlimited)
        a.reduceLatest(b, c, Latest3.init).subscribe(subscriber)
        let sideA = try #require(a.subscriber)
        let sideB = try #require(b.subscriber)
        let sideC = try #require(c.subscriber)
        // b sends while the failure of a is being handled: here from inside
        // the cancel of c, the moment the subscription has let go of its lock
        // to cancel the others. The value is let in, past the guard, and its
        // call sends the failure; the value itself never goes out.
        let subscriptionC = CallbackSubscription(onCancel: {
            _ = sideB.receive("x")
        })
        sideA.receive(subscription: SpySubscription())
        sideB.receive(subscription: SpySubscription())
        sideC.receive(subscription: subscriptionC)

        sideA.receive(completion: .failure(.boom))
        #expect(
            subscriber.events == [.subscription, .completion(.failure(.boom))])
        #expect(subscriptionC.calls == [.request(.unlimited), .cancel])
    }

    @Test func aFailureOvertakesAValueTakenInDuringReceive() {
        let upstreams = ManualUpstreams<TestError>()
        // On another thread, so that a deadlock fails this test instead of
        // hanging the run.
        let events = onAnotherThread { () -> [Event<Latest3, TestError>] in
            let firstTime = FirstTime()
            let subscriber = RecordingSubscriber<Latest3, TestError>(
                initialDemand: .unlimited,
                onValue: { _, _ in
                    guard firstTime.check() else { return }
                    // Taken in while this call runs, then overtaken.
                    upstreams.b.send("x")
                    upstreams.c.send(completion: .failure(.boom))
                }
            )
            upstreams.combined.subscribe(subscriber)
            upstreams.a.send(1)
            return subscriber.events
        }
        #expect(
            events == [
                .subscription, .value(Latest3(1, nil, nil)),
                .completion(.failure(.boom)),
            ]
        )
        #expect(
            upstreams.calls == [
                [.request(.unlimited), .cancel],
                [.request(.unlimited), .cancel],
                [.request(.unlimited)],
            ]
        )
    }

    @Test func valuesTakenInDuringReceiveAreDeliveredBeforeTheFinish() {
        let events = onAnotherThread { () -> [Event<Latest3, Never>] in
            let upstreams = ManualUpstreams<Never>()
            let firstTime = FirstTime()
            let subscriber = RecordingSubscriber<Latest3, Never>(
                initialDemand: .unlimited,
                onValue: { _, _ in
                    guard firstTime.check() else { return }
                    upstreams.b.send("x")
                    upstreams.a.send(completion: .finished)
                    upstreams.b.send(completion: .finished)
                    upstreams.c.send(completion: .finished)
                }
            )
            upstreams.combined.subscribe(subscriber)
            upstreams.a.send(1)
            return subscriber.events
        }
        #expect(
            events == [
                .subscription, .value(Latest3(1, nil, nil)),
                .value(Latest3(1, "x", nil)),
                .completion(.finished),
            ]
        )
    }

    // MARK: - Cancel

    @Test func afterCancelSendsNothingAndCancelsEachActiveUpstreamOnce() {
        let upstreams = ManualUpstreams<TestError>()
        let subscriber = RecordingSubscriber<Latest3, TestError>(
            initialDemand: .max(1))
        upstreams.combined.subscribe(subscriber)
        upstreams.a.send(1)
        upstreams.b.send(completion: .finished)
        // Waiting for demand when cancelled.
        upstreams.a.send(2)
        subscriber.cancel()
        // A second cancel does nothing.
        subscriber.cancel()
        #expect(
            upstreams.calls == [
                [.request(.unlimited), .cancel], [.request(.unlimited)],
                [.request(.unlimited), .cancel],
            ]
        )

        subscriber.request(.max(5))
        upstreams.a.send(3)
        upstreams.c.send(true)
        upstreams.a.send(completion: .finished)
        upstreams.c.send(completion: .failure(.boom))
        #expect(
            subscriber.events == [.subscription, .value(Latest3(1, nil, nil))])
        #expect(
            upstreams.calls == [
                [.request(.unlimited), .cancel], [.request(.unlimited)],
                [.request(.unlimited), .cancel],
            ]
        )
    }

    @Test func cancelFromInsideReceiveStopsEverything() {
        // On another thread, so that a deadlock fails this test instead of
        // hanging the run.
        let events = onAnotherThread { () -> [Event<Latest3, Never>] in
            let pub1 = PassthroughSubject<Int, Never>()
            let pub2 = PassthroughSubject<Character, Never>()
            let pub3 = PassthroughSubject<Bool, Never>()
            let firstTime = FirstTime()
            let subscriber = RecordingSubscriber<Latest3, Never>(
                initialDemand: .unlimited,
                onValue: { subscriber, latest in
                    if latest.b != nil, firstTime.check() {
                        // What arrives during this call, too, is dropped.
                        pub3.send(true)
                        subscriber.cancel()
                        pub1.send(9)
                    }
                }
            )
            pub1.reduceLatest(pub2, pub3, Latest3.init).subscribe(subscriber)
            pub1.send(1)
            pub2.send("x")
            pub1.send(2)
            pub1.send(completion: .finished)
            pub2.send(completion: .finished)
            pub3.send(completion: .finished)
            return subscriber.events
        }
        #expect(
            events == [
                .subscription, .value(Latest3(1, nil, nil)),
                .value(Latest3(1, "x", nil)),
            ]
        )
    }

    @Test func anUpstreamSubscriptionArrivingAfterCancelIsCancelled() throws {
        let a = CapturingPublisher<Int, Never>()
        let b = CapturingPublisher<Character, Never>()
        let c = CapturingPublisher<Bool, Never>()
        let subscriber = RecordingSubscriber<Latest3, Never>(
            initialDemand: .unlimited)
        a.reduceLatest(b, c, Latest3.init).subscribe(subscriber)
        let early = SpySubscription()
        try #require(a.subscriber).receive(subscription: early)
        subscriber.cancel()
        let late = SpySubscription()
        try #require(b.subscriber).receive(subscription: late)
        #expect(early.calls == [.request(.unlimited), .cancel])
        #expect(late.calls == [.cancel])
    }

    @Test func aSecondSubscriptionFromTheSameUpstreamIsCancelled() throws {
        let a = CapturingPublisher<Int, Never>()
        let b = CapturingPublisher<Character, Never>()
        let c = CapturingPublisher<Bool, Never>()
        let subscriber = RecordingSubscriber<Latest3, Never>(
            initialDemand: .unlimited)
        a.reduceLatest(b, c, Latest3.init).subscribe(subscriber)
        let sideA = try #require(a.subscriber)
        let first = SpySubscription()
        let second = SpySubscription()
        sideA.receive(subscription: first)
        sideA.receive(subscription: second)
        #expect(first.calls == [.request(.unlimited)])
        #expect(second.calls == [.cancel])

        // The first one is the one cancelled with the subscription.
        subscriber.cancel()
        #expect(first.calls == [.request(.unlimited), .cancel])
        #expect(second.calls == [.cancel])
    }

    // MARK: - Re-entrancy and locking

    @Test func aRequestFromInsideReceiveDoesNotRecurse() {
        let count = 1_000
        // On another thread, so that a deadlock fails this test instead of
        // hanging the run.
        let result = onAnotherThread {
            () -> (events: [Event<Int, Never>], deepest: Int) in
            let numbers = PassthroughSubject<Int, Never>()
            var depth = 0
            var deepest = 0
            let subscriber = RecordingSubscriber<Int, Never>(
                initialDemand: .max(1),
                onValue: { subscriber, value in
                    depth += 1
                    deepest = max(deepest, depth)
                    // Only the outermost call feeds the next value, so a
                    // regression that recurses stops one level down and fails
                    // instead of overflowing the stack.
                    if depth == 1, value < count {
                        numbers.send(value + 1)
                        subscriber.request(.max(1))
                    }
                    depth -= 1
                }
            )
            numbers.reduceLatest(Silent(), Silent()) { a, _, _ in a ?? 0 }
                .subscribe(subscriber)
            numbers.send(1)
            return (subscriber.events, deepest)
        }
        #expect(result?.deepest == 1)
        #expect(
            result?.events == [.subscription] + (1...count).map { .value($0) })
    }

    @Test func anUpstreamSendFromInsideReceiveIsDeliveredAfterItReturns() {
        let result = onAnotherThread { () -> [String] in
            let pub1 = PassthroughSubject<Int, Never>()
            let pub2 = PassthroughSubject<Character, Never>()
            let pub3 = PassthroughSubject<Bool, Never>()
            let trace = Trace<String>()
            let subscriber = RecordingSubscriber<Latest3, Never>(
                initialDemand: .unlimited,
                onValue: { _, latest in
                    trace.append("enter \(latest)")
                    if latest == Latest3(1, nil, nil) {
                        // The subject that is delivering, and another one.
                        pub1.send(2)
                        pub2.send("x")
                    }
                    trace.append("leave \(latest)")
                }
            )
            pub1.reduceLatest(pub2, pub3, Latest3.init).subscribe(subscriber)
            pub1.send(1)
            return trace.entries
        }
        // Both sends are taken in during the call, and their latest
        // combination is delivered once, after it.
        #expect(
            result == [
                "enter (1, nil, nil)", "leave (1, nil, nil)",
                "enter (2, x, nil)", "leave (2, x, nil)",
            ]
        )
    }

    @Test func aSendFromInsideReceiveWaitsForTheDemandReceiveReturns() {
        let upstreams = ManualUpstreams<Never>()
        let firstTime = FirstTime()
        let subscriber = RecordingSubscriber<Latest3, Never>(
            initialDemand: .max(1),
            demandPerValue: .max(1),
            onValue: { _, _ in
                guard firstTime.check() else { return }
                upstreams.b.send("x")
            }
        )
        upstreams.combined.subscribe(subscriber)
        upstreams.a.send(1)
        // The "x" arrives while no demand is left; the `.max(1)` that
        // `receive(_:)` returns lets the delivery loop send it at once.
        #expect(
            subscriber.events == [
                .subscription,
                .value(Latest3(1, nil, nil)),
                .value(Latest3(1, "x", nil)),
            ]
        )
    }

    @Test func neverCallsDownstreamWhileHoldingItsLock() {
        // Inside `receive(_:)`, another thread sends to a subject other than
        // the one delivering, and asks for more; `receive(_:)` waits for it.
        // Were the lock held during the call, that thread would block on it
        // and the wait would time out. (Sending on the very subject that is
        // delivering would block inside that subject's per-subscriber
        // delivery lock, by design, as in Combine.)
        let pub1 = PassthroughSubject<Int, Never>()
        let pub2 = PassthroughSubject<Character, Never>()
        let pub3 = PassthroughSubject<Bool, Never>()
        let trace = LockedBox<[String]>([])
        let firstTime = FirstTime()
        let subscriber = LockedRecordingSubscriber<Latest3, Never>(
            initialDemand: .max(1),
            onValue: { subscriber, latest in
                trace.modify { $0.append("enter \(latest)") }
                if latest == Latest3(1, nil, nil), firstTime.check() {
                    let subscription = UncheckedSendable(
                        subscriber.subscription)
                    let done = startThread(named: "sends during receive") {
                        pub2.send("x")
                        pub3.send(true)
                        subscription.value?.request(.max(1))
                        trace.modify { $0.append("other thread done") }
                    }
                    let finished = done.wait(seconds: 10)
                    trace.modify {
                        $0.append(finished ? "waited" : "timed out")
                    }
                }
                trace.modify { $0.append("leave \(latest)") }
            }
        )
        pub1.reduceLatest(pub2, pub3, Latest3.init).subscribe(subscriber)
        pub1.send(1)
        #expect(
            trace.get() == [
                "enter (1, nil, nil)", "other thread done", "waited",
                "leave (1, nil, nil)",
                "enter (1, x, true)", "leave (1, x, true)",
            ]
        )
        #expect(
            subscriber.events == [
                .subscription, .value(Latest3(1, nil, nil)),
                .value(Latest3(1, "x", true)),
            ]
        )
    }

    @Test func transformRunsOutsideTheLock() {
        let pub1 = PassthroughSubject<Int, Never>()
        let pub2 = PassthroughSubject<Character, Never>()
        let pub3 = PassthroughSubject<Bool, Never>()
        let waits = LockedBox<[Bool]>([])
        let firstTime = FirstTime()
        let subscriber = LockedRecordingSubscriber<Latest3, Never>(
            initialDemand: .unlimited)
        pub1.reduceLatest(pub2, pub3) { a, b, c in
            if a == 1, b == nil, firstTime.check() {
                let done = startThread(named: "sends during transform") {
                    pub2.send("x")
                }
                let finished = done.wait(seconds: 10)
                waits.modify { $0.append(finished) }
            }
            return Latest3(a, b, c)
        }
        .subscribe(subscriber)
        pub1.send(1)
        #expect(waits.get() == [true])
        #expect(
            subscriber.events == [
                .subscription, .value(Latest3(1, nil, nil)),
                .value(Latest3(1, "x", nil)),
            ]
        )
    }

    @Test func completionIsDeliveredOutsideTheLock() {
        let pub1 = PassthroughSubject<Int, TestError>()
        let pub2 = PassthroughSubject<Int, TestError>()
        let pub3 = PassthroughSubject<Int, TestError>()
        let firstTime = FirstTime()
        let subscriber = CallOnCompletion<Int, TestError> { subscription in
            guard firstTime.check() else { return false }
            // Another thread uses the subscription while the completion is
            // being delivered; both calls are ignored, and neither blocks.
            let shared = UncheckedSendable(subscription)
            let done = startThread(named: "requests during completion") {
                shared.value.request(.max(1))
                shared.value.cancel()
            }
            return done.wait(seconds: 10)
        }
        pub1.reduceLatest(pub2, pub3) { a, _, _ in a ?? 0 }.subscribe(
            subscriber)
        pub2.send(completion: .failure(.boom))
        #expect(subscriber.results == [true])
    }

    @Test func aFinishedUpstreamsSubscriptionIsLetGoOfOutsideTheLock() throws {
        // The upstream keeps no subscription and finishes from outside it, so
        // the subscription's `deinit` runs when `ReduceLatest3` lets go of it,
        // and sends a value back in. Were it let go of under the lock, that
        // value would wait for the lock forever.
        let returned = onAnotherThread { () -> [SpySubscription.Call] in
            let a = CapturingPublisher<Int, Never>()
            let b = CapturingPublisher<Character, Never>()
            let c = CapturingPublisher<Bool, Never>()
            let subscriber = RecordingSubscriber<Latest3, Never>(
                initialDemand: .unlimited)
            a.reduceLatest(b, c, Latest3.init).subscribe(subscriber)
            let spy = SpySubscription()
            a.send(
                subscription: DeinitSubscription(spy) {
                    a.send(2)
                })
            a.send(completion: .finished)
            return spy.calls
        }
        #expect(returned == [.request(.unlimited)])
    }

    @Test func aSubscriberCancelledInReceiveIsLetGoOfOutsideTheLock() {
        // The subscriber cancels inside `receive(_:)`, so the delivery loop
        // holds the last reference to it. Its `deinit` asks another thread
        // to request more; were it let go of under the lock, that request
        // would wait for the lock until the `deinit` gave up.
        let pub1 = PassthroughSubject<Int, Never>()
        let pub2 = PassthroughSubject<Character, Never>()
        let pub3 = PassthroughSubject<Bool, Never>()
        let requestReturned = LockedBox<[Bool]>([])
        var subscriber: CancelsThenCallsBack? = CancelsThenCallsBack {
            subscription in
            let shared = UncheckedSendable(subscription)
            let done = startThread(named: "requests during deinit") {
                shared.value.request(.max(1))
            }
            requestReturned.modify { $0.append(done.wait(seconds: 2)) }
        }
        pub1.reduceLatest(pub2, pub3) { a, _, _ in a ?? 0 }
            .subscribe(subscriber!)
        subscriber = nil
        let returned = onAnotherThread { () -> Bool in
            pub1.send(1)
            return true
        }
        #expect(returned == true)
        #expect(requestReturned.get() == [true])
    }

    @Test func aReplacedValueIsLetGoOfOutsideTheLock() {
        // The second value replaces the first in `latest`, which held the
        // last reference to it. Its `deinit` asks another thread to request
        // more; were it let go of under the lock, that request would wait
        // for the lock until the `deinit` gave up.
        let pub1 = PassthroughSubject<CallsBackWhenReleased, Never>()
        let pub2 = PassthroughSubject<Character, Never>()
        let pub3 = PassthroughSubject<Bool, Never>()
        let requestReturned = LockedBox<[Bool]>([])
        let subscriber = LockedRecordingSubscriber<Int, Never>(
            initialDemand: .unlimited)
        pub1.reduceLatest(pub2, pub3) { a, _, _ in a?.number ?? 0 }
            .subscribe(subscriber)
        let subscription = UncheckedSendable(subscriber.subscription)
        pub1.send(
            CallsBackWhenReleased(1) {
                let done = startThread(named: "requests during deinit") {
                    subscription.value?.request(.max(1))
                }
                requestReturned.modify { $0.append(done.wait(seconds: 2)) }
            })
        pub1.send(CallsBackWhenReleased(2) {})
        #expect(requestReturned.get() == [true])
        #expect(subscriber.events == [.subscription, .value(1), .value(2)])
    }

    @Test func cancelFromAnotherThreadDuringReceiveDoesNotWaitForIt() {
        let pub1 = PassthroughSubject<Int, Never>()
        let pub2 = PassthroughSubject<Character, Never>()
        let pub3 = PassthroughSubject<Bool, Never>()
        let waits = LockedBox<[Bool]>([])
        let firstTime = FirstTime()
        let subscriber = LockedRecordingSubscriber<Latest3, Never>(
            initialDemand: .unlimited,
            onValue: { subscriber, latest in
                guard latest == Latest3(1, nil, nil), firstTime.check() else {
                    return
                }
                // Taken in while this call runs, but cancelled before it ends.
                pub2.send("x")
                let subscription = UncheckedSendable(subscriber.subscription)
                let done = startThread(named: "cancels during receive") {
                    subscription.value?.cancel()
                }
                let finished = done.wait(seconds: 10)
                waits.modify { $0.append(finished) }
            }
        )
        pub1.reduceLatest(pub2, pub3, Latest3.init).subscribe(subscriber)
        // On another thread, so that a deadlock fails this test instead of
        // hanging the run.
        let returned = onAnotherThread { () -> Bool in
            pub1.send(1)
            pub3.send(true)
            return true
        }
        #expect(returned == true)
        #expect(waits.get() == [true])
        #expect(
            subscriber.events == [.subscription, .value(Latest3(1, nil, nil))])
    }

    // MARK: - Nothing leaks

    @Test func releasesEverythingAfterCompletion() throws {
        let upstreams = TappedSubjects<Never>()
        var subscriber: RecordingSubscriber<Latest3, Never>? =
            RecordingSubscriber(
                initialDemand: .unlimited)
        weak let weakSubscriber = subscriber
        upstreams.combined.subscribe(try #require(subscriber))
        weak let weakSubscription =
            try #require(subscriber?.subscription) as AnyObject
        upstreams.a.send(1)
        #expect(upstreams.liveSubscriptions == 3)

        upstreams.a.send(completion: .finished)
        upstreams.b.send(completion: .finished)
        #expect(upstreams.liveSubscriptions == 1)
        upstreams.c.send(completion: .finished)
        #expect(
            subscriber?.events == [
                .subscription, .value(Latest3(1, nil, nil)),
                .completion(.finished),
            ])
        // While the subscriber still holds the subscription, the subscription
        // holds no upstream subscription any more.
        #expect(upstreams.liveSubscriptions == 0)
        #expect(weakSubscription != nil)

        // Nor the subscriber: dropping it frees both.
        subscriber = nil
        #expect(weakSubscriber == nil)
        #expect(weakSubscription == nil)
    }

    @Test func releasesEverythingAfterFailure() throws {
        let upstreams = TappedSubjects<TestError>()
        var subscriber: RecordingSubscriber<Latest3, TestError>? =
            RecordingSubscriber()
        weak let weakSubscriber = subscriber
        upstreams.combined.subscribe(try #require(subscriber))
        weak let weakSubscription =
            try #require(subscriber?.subscription) as AnyObject
        // Let only the upstreams keep the subscriber and its subscription.
        subscriber?.releaseSubscription()
        subscriber = nil
        #expect(weakSubscriber != nil)
        #expect(weakSubscription != nil)
        #expect(upstreams.liveSubscriptions == 3)

        upstreams.b.send(completion: .failure(.boom))
        #expect(upstreams.liveSubscriptions == 0)
        #expect(weakSubscriber == nil)
        #expect(weakSubscription == nil)
    }

    @Test func releasesEverythingAfterCancel() throws {
        let upstreams = TappedSubjects<Never>()
        var subscriber: RecordingSubscriber<Latest3, Never>? =
            RecordingSubscriber(
                initialDemand: .unlimited)
        weak let weakSubscriber = subscriber
        upstreams.combined.subscribe(try #require(subscriber))
        weak let weakSubscription =
            try #require(subscriber?.subscription) as AnyObject
        upstreams.a.send(1)
        upstreams.b.send(completion: .finished)
        #expect(upstreams.liveSubscriptions == 2)

        subscriber?.cancel()
        #expect(upstreams.liveSubscriptions == 0)
        #expect(weakSubscription != nil)

        subscriber = nil
        #expect(weakSubscriber == nil)
        #expect(weakSubscription == nil)
    }

    @Test func theUpstreamsKeepTheSubscriberAliveUntilTheEnd() throws {
        let upstreams = TappedSubjects<Never>()
        var subscriber: RecordingSubscriber<Latest3, Never>? =
            RecordingSubscriber(
                initialDemand: .unlimited)
        weak let weakSubscriber = subscriber
        upstreams.combined.subscribe(try #require(subscriber))
        let subscription = try #require(subscriber?.subscription)
        subscriber?.releaseSubscription()
        subscriber = nil
        // Still connected: the upstreams reach it through the subscription.
        upstreams.a.send(1)
        #expect(
            weakSubscriber?.events == [
                .subscription, .value(Latest3(1, nil, nil)),
            ])

        subscription.cancel()
        #expect(weakSubscriber == nil)
        #expect(upstreams.liveSubscriptions == 0)
    }
}

// MARK: - Helpers

/// A publisher of `Int`s that never sends anything and never finishes.
private struct Silent: Publisher {
    typealias Output = Int
    typealias Failure = Never

    func receive<S: Subscriber>(subscriber: S)
    where S.Input == Int, S.Failure == Never {
        subscriber.receive(subscription: SpySubscription())
    }
}

/// A subscriber that cancels its subscription the moment it arrives.
private final class CancelOnSubscription<Input>: Subscriber {
    typealias Failure = Never

    private(set) var received = 0

    func receive(subscription: any Subscription) {
        subscription.cancel()
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        received += 1
        return .none
    }

    func receive(completion: Subscribers.Completion<Never>) {
        received += 1
    }
}

/// A subscriber that, inside `receive(completion:)`, runs `onCompletion`
/// with its subscription and keeps what it returns.
private final class CallOnCompletion<Input, Failure: Error>: Subscriber {
    private var subscription: (any Subscription)?
    private let onCompletion: (any Subscription) -> Bool
    private let kept = LockedBox<[Bool]>([])

    /// What each run of `onCompletion` returned.
    var results: [Bool] { kept.get() }

    init(onCompletion: @escaping (any Subscription) -> Bool) {
        self.onCompletion = onCompletion
    }

    func receive(subscription: any Subscription) {
        self.subscription = subscription
        subscription.request(.unlimited)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        if let subscription {
            let result = onCompletion(subscription)
            kept.modify { $0.append(result) }
        }
    }
}

/// A ``SpySubscription`` that also runs `onDeinit` when it goes away.
private final class DeinitSubscription: Subscription {
    private let spy: SpySubscription
    private let onDeinit: () -> Void

    init(_ spy: SpySubscription, onDeinit: @escaping () -> Void) {
        self.spy = spy
        self.onDeinit = onDeinit
    }

    deinit {
        onDeinit()
    }

    func request(_ demand: Subscribers.Demand) {
        spy.request(demand)
    }

    func cancel() {
        spy.cancel()
    }
}

/// Three `PassthroughSubject`s whose subscriptions to the combined
/// publisher are watched through weak references.
private struct TappedSubjects<Failure: Error> {
    let a = PassthroughSubject<Int, Failure>()
    let b = PassthroughSubject<Character, Failure>()
    let c = PassthroughSubject<Bool, Failure>()
    let watched = WeakSubscriptions()

    /// The three combined into ``Latest3``s, each subscription watched.
    var combined: some Publisher<Latest3, Failure> {
        Tap(upstream: a, watched: watched)
            .reduceLatest(
                Tap(upstream: b, watched: watched),
                Tap(upstream: c, watched: watched),
                Latest3.init)
    }

    /// How many of the watched subscriptions are still alive.
    var liveSubscriptions: Int { watched.liveCount }
}

/// Weak references to subscriptions, to tell when they are freed.
private final class WeakSubscriptions {
    private var references: [() -> AnyObject?] = []

    /// Watches `subscription`, which must be an object.
    func watch(_ subscription: any Subscription) {
        weak let object = subscription as AnyObject
        references.append { object }
    }

    /// How many watched subscriptions are still alive.
    var liveCount: Int { references.count(where: { $0() != nil }) }
}

/// Passes `upstream` through, watching the subscription it hands out.
private struct Tap<Upstream: Publisher>: Publisher {
    typealias Output = Upstream.Output
    typealias Failure = Upstream.Failure

    let upstream: Upstream
    let watched: WeakSubscriptions

    func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
        upstream.subscribe(Forward(downstream: subscriber, watched: watched))
    }

    private struct Forward<Downstream: Subscriber>: Subscriber
    where Downstream.Input == Output, Downstream.Failure == Failure {
        let downstream: Downstream
        let watched: WeakSubscriptions

        func receive(subscription: any Subscription) {
            watched.watch(subscription)
            downstream.receive(subscription: subscription)
        }

        func receive(_ input: Output) -> Subscribers.Demand {
            downstream.receive(input)
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            downstream.receive(completion: completion)
        }
    }
}

/// Asks for everything, cancels on the first value, and, when let go of,
/// calls `onDeinit` with its subscription.
private final class CancelsThenCallsBack: Subscriber {
    typealias Input = Int
    typealias Failure = Never

    private let onDeinit: (any Subscription) -> Void
    private var subscription: (any Subscription)?

    init(onDeinit: @escaping (any Subscription) -> Void) {
        self.onDeinit = onDeinit
    }

    deinit {
        if let subscription {
            onDeinit(subscription)
        }
    }

    func receive(subscription: any Subscription) {
        self.subscription = subscription
        subscription.request(.unlimited)
    }

    func receive(_ input: Int) -> Subscribers.Demand {
        subscription?.cancel()
        return .none
    }

    func receive(completion: Subscribers.Completion<Never>) {}
}

/// A value that runs a closure when it is let go of, to show where that
/// happens.
private final class CallsBackWhenReleased: Sendable {
    let number: Int
    private let onDeinit: @Sendable () -> Void

    init(_ number: Int, onDeinit: @escaping @Sendable () -> Void) {
        self.number = number
        self.onDeinit = onDeinit
    }

    deinit {
        onDeinit()
    }
}
