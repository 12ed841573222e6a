import MiniCombine
import Testing

/// Chapter 5: `filter` and `compactMap` share one small subscriber that, like `map`'s,
/// hands the upstream's subscription straight down and asks for one more
/// value in place of each it drops; `tryMap` stands between upstream and
/// downstream through its own inner object until it terminates;
/// `keepUpstreamAndMap` passes everything through like `map`;
/// `Subscriptions.empty` does nothing.
@Suite struct Chapter05OperatorInnerTests {
    // MARK: - Subscriptions.empty

    @Test func emptySubscriptionIgnoresRequestsAndCancel() async {
        // In a separate process, so that a trap would fail this test alone.
        await #expect(processExitsWith: .success) {
            let subscription = Subscriptions.empty
            subscription.request(.none)
            subscription.request(.max(1))
            subscription.request(.unlimited)
            subscription.cancel()
            subscription.cancel()
            subscription.request(.max(1))
        }
    }

    // MARK: - filter

    @Test func filterHonoursDemandWhenMostValuesAreDropped() {
        let produced = Trace<Int>()
        let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .max(3))
        (1...100).publisher
            .map { value in
                produced.append(value)
                return value
            }
            .filter { $0 % 10 == 0 }
            .subscribe(subscriber)
        #expect(
            subscriber.events == [
                .subscription, .value(10), .value(20), .value(30),
            ])
        #expect(produced.entries == Array(1...30))

        subscriber.request(.max(1))
        #expect(
            subscriber.events == [
                .subscription, .value(10), .value(20), .value(30), .value(40),
            ]
        )
        #expect(produced.entries == Array(1...40))
    }

    @Test func filterSendsOnOnlyTheValuesThatPass() {
        let subscriber = RecordingSubscriber<Int, Never>(
            initialDemand: .unlimited)
        [1, 2, 3, 4, 5, 6].publisher.filter { $0.isMultiple(of: 2) }.subscribe(
            subscriber)
        #expect(
            subscriber.events == [
                .subscription, .value(2), .value(4), .value(6),
                .completion(.finished),
            ]
        )
    }

    @Test func filterReturnsMaxOneForADroppedValue() {
        let publisher = ManualPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Never>(
            demandPerValue: .max(5))
        publisher.filter { $0.isMultiple(of: 2) }.subscribe(subscriber)
        #expect(publisher.send(1) == .max(1))
        #expect(publisher.send(2) == .max(5))
        #expect(publisher.send(3) == .max(1))
        #expect(subscriber.events == [.subscription, .value(2)])

        let satisfiedPublisher = ManualPublisher<Int, Never>()
        let satisfied = RecordingSubscriber<Int, Never>(demandPerValue: .none)
        satisfiedPublisher.filter { $0.isMultiple(of: 2) }.subscribe(satisfied)
        #expect(satisfiedPublisher.send(2) == .none)
        #expect(satisfiedPublisher.send(3) == .max(1))
    }

    @Test func filterPassesTheUpstreamSubscriptionStraightDown() throws {
        let publisher = ManualPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Never>()
        publisher.filter { $0 > 0 }.subscribe(subscriber)
        let received = try #require(subscriber.subscription) as AnyObject
        #expect(
            ObjectIdentifier(received)
                == ObjectIdentifier(publisher.subscription))
        // Subscribing alone asks upstream for nothing.
        #expect(publisher.subscription.calls == [])
    }

    @Test func filterForwardsRequestAndCancelStraightToTheUpstream() {
        let publisher = ManualPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Never>()
        publisher.filter { $0 > 0 }.subscribe(subscriber)
        subscriber.request(.max(3))
        subscriber.request(.unlimited)
        subscriber.cancel()
        // `filter` keeps no record of a cancel: what a second cancel, or a
        // request after it, does is the upstream's business, as in Combine.
        subscriber.cancel()
        subscriber.request(.max(1))
        #expect(
            publisher.subscription.calls == [
                .request(.max(3)), .request(.unlimited), .cancel, .cancel,
                .request(.max(1)),
            ]
        )
    }

    @Test func filterPassesZeroDemandOnForTheUpstreamToJudge() async {
        // In a separate process, so that a trap would fail this test alone.
        await #expect(processExitsWith: .success) {
            let publisher = ManualPublisher<Int, Never>()
            let subscriber = RecordingSubscriber<Int, Never>()
            publisher.filter { $0 > 0 }.subscribe(subscriber)
            subscriber.request(.none)
            precondition(publisher.subscription.calls == [.request(.none)])
        }
    }

    @Test func filterForwardsCompletionAndFailure() {
        let finishing = ManualPublisher<Int, TestError>()
        let finished = RecordingSubscriber<Int, TestError>()
        finishing.filter { $0 > 1 }.subscribe(finished)
        finishing.send(1)
        finishing.send(2)
        finishing.send(completion: .finished)
        #expect(
            finished.events == [
                .subscription, .value(2), .completion(.finished),
            ])

        let failing = ManualPublisher<Int, TestError>()
        let failed = RecordingSubscriber<Int, TestError>()
        failing.filter { $0 > 1 }.subscribe(failed)
        failing.send(2)
        failing.send(completion: .failure(.boom))
        #expect(
            failed.events == [
                .subscription, .value(2), .completion(.failure(.boom)),
            ])
    }

    @Test func filterPassesOnWhateverTheUpstreamSendsEvenAfterCompletion() {
        // `filter` keeps no state: sending nothing after a completion is the
        // upstream's promise, and `filter` relies on it, as in Combine.
        let publisher = ManualPublisher<Int, TestError>()
        let subscriber = RecordingSubscriber<Int, TestError>(
            demandPerValue: .max(2))
        publisher.filter { $0 > 1 }.subscribe(subscriber)
        publisher.send(completion: .failure(.other))
        #expect(publisher.send(2) == .max(2))
        #expect(publisher.send(1) == .max(1))
        publisher.send(completion: .finished)
        #expect(
            subscriber.events == [
                .subscription, .completion(.failure(.other)), .value(2),
                .completion(.finished),
            ]
        )
        #expect(publisher.subscription.calls == [])
    }

    @Test func filterSendsNothingAfterCancelBecauseItsUpstreamStops() {
        let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .max(1))
        (1...10).publisher.filter { $0.isMultiple(of: 2) }.subscribe(subscriber)
        #expect(subscriber.events == [.subscription, .value(2)])

        subscriber.cancel()
        subscriber.request(.max(3))
        subscriber.request(.unlimited)
        #expect(subscriber.events == [.subscription, .value(2)])
    }

    @Test func filterSendsNothingAfterCancelFromInsideReceive() {
        let subscriber = RecordingSubscriber<Int, Never>(
            initialDemand: .unlimited,
            onValue: { subscriber, value in
                if value == 4 { subscriber.cancel() }
            }
        )
        (1...10).publisher.filter { $0.isMultiple(of: 2) }.subscribe(subscriber)
        #expect(subscriber.events == [.subscription, .value(2), .value(4)])
    }

    @Test func filterPassesASecondSubscriptionDownAsWell() {
        let publisher = CapturingPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Never>()
        publisher.filter { _ in true }.subscribe(subscriber)
        let first = SpySubscription()
        let second = SpySubscription()
        publisher.send(subscription: first)
        publisher.send(subscription: second)
        // Turning a second subscription away is left to the downstream.
        #expect(subscriber.events == [.subscription, .subscription])
        #expect(first.calls == [])
        #expect(second.calls == [])

        // This subscriber keeps the latest one.
        subscriber.request(.max(2))
        #expect(first.calls == [])
        #expect(second.calls == [.request(.max(2))])
    }

    @Test func filterHoldsNoUpstreamSubscriptionOfItsOwn() throws {
        let publisher = CapturingPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Never>()
        publisher.filter { _ in true }.subscribe(subscriber)
        var spy: SpySubscription? = SpySubscription()
        weak let weakSpy = spy
        publisher.send(subscription: try #require(spy))
        spy = nil
        // The downstream keeps it ...
        #expect(weakSpy != nil)

        // ... and nothing else does.
        subscriber.releaseSubscription()
        #expect(weakSpy == nil)
    }

    // MARK: - compactMap

    @Test func compactMapHonoursDemandWhenMostValuesAreNil() {
        let produced = Trace<Int>()
        let subscriber = RecordingSubscriber<String, Never>(
            initialDemand: .max(3))
        (1...100).publisher
            .map { value in
                produced.append(value)
                return value
            }
            .compactMap { $0 % 10 == 0 ? "#\($0)" : nil }
            .subscribe(subscriber)
        #expect(
            subscriber.events == [
                .subscription, .value("#10"), .value("#20"), .value("#30"),
            ])
        #expect(produced.entries == Array(1...30))
    }

    @Test func compactMapSendsTheTransformedValuesAndDropsNils() {
        let subscriber = RecordingSubscriber<Int, Never>(
            initialDemand: .unlimited)
        ["1", "two", "3", "", "5"].publisher.compactMap { Int($0) }.subscribe(
            subscriber)
        #expect(
            subscriber.events == [
                .subscription, .value(1), .value(3), .value(5),
                .completion(.finished),
            ]
        )
    }

    @Test func compactMapReturnsMaxOneForANil() {
        let publisher = ManualPublisher<String, Never>()
        let subscriber = RecordingSubscriber<Int, Never>(
            demandPerValue: .max(5))
        publisher.compactMap { Int($0) }.subscribe(subscriber)
        #expect(publisher.send("x") == .max(1))
        #expect(publisher.send("7") == .max(5))
        #expect(subscriber.events == [.subscription, .value(7)])
    }

    @Test func compactMapForwardsCompletionAndFailure() {
        let finishing = ManualPublisher<String, TestError>()
        let finished = RecordingSubscriber<Int, TestError>()
        finishing.compactMap { Int($0) }.subscribe(finished)
        finishing.send("4")
        finishing.send(completion: .finished)
        #expect(
            finished.events == [
                .subscription, .value(4), .completion(.finished),
            ])

        let failing = ManualPublisher<String, TestError>()
        let failed = RecordingSubscriber<Int, TestError>()
        failing.compactMap { Int($0) }.subscribe(failed)
        failing.send("no")
        failing.send(completion: .failure(.boom))
        #expect(failed.events == [.subscription, .completion(.failure(.boom))])
    }

    @Test func compactMapPassesTheUpstreamSubscriptionStraightDown() throws {
        let publisher = ManualPublisher<String, Never>()
        let subscriber = RecordingSubscriber<Int, Never>()
        publisher.compactMap { Int($0) }.subscribe(subscriber)
        let received = try #require(subscriber.subscription) as AnyObject
        #expect(
            ObjectIdentifier(received)
                == ObjectIdentifier(publisher.subscription))
        #expect(publisher.subscription.calls == [])

        subscriber.request(.max(4))
        subscriber.cancel()
        subscriber.cancel()
        #expect(
            publisher.subscription.calls == [
                .request(.max(4)), .cancel, .cancel,
            ])
    }

    @Test func compactMapSendsNothingAfterCancelBecauseItsUpstreamStops() {
        let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .max(1))
        ["x", "1", "y", "2", "3"].publisher.compactMap { Int($0) }.subscribe(
            subscriber)
        #expect(subscriber.events == [.subscription, .value(1)])

        subscriber.cancel()
        subscriber.request(.unlimited)
        #expect(subscriber.events == [.subscription, .value(1)])
    }

    // MARK: - tryMap

    @Test func tryMapTransformsEachValue() {
        let subscriber = RecordingSubscriber<Int, any Error>(
            initialDemand: .unlimited)
        [1, 2, 3].publisher.tryMap { $0 * 10 }.subscribe(subscriber)
        #expect(
            withTestErrors(subscriber.events) == [
                .subscription, .value(10), .value(20), .value(30),
                .completion(.finished),
            ]
        )
    }

    @Test func tryMapHandsItsOwnSubscriptionDownstream() throws {
        let publisher = ManualPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Int, any Error>()
        publisher.tryMap { $0 }.subscribe(subscriber)
        let received = try #require(subscriber.subscription) as AnyObject
        #expect(
            ObjectIdentifier(received)
                != ObjectIdentifier(publisher.subscription))
        #expect(withTestErrors(subscriber.events) == [.subscription])
        // Subscribing alone asks upstream for nothing.
        #expect(publisher.subscription.calls == [])
    }

    @Test func tryMapFailsWithTheThrownErrorAndCancelsUpstream() {
        let transformed = Trace<Int>()
        let publisher = ManualPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Int, any Error>(
            initialDemand: .unlimited,
            demandPerValue: .max(5)
        )
        publisher
            .tryMap { value in
                transformed.append(value)
                if value == 3 { throw TestError.boom }
                return value * 10
            }
            .subscribe(subscriber)
        #expect(publisher.send(1) == .max(5))
        #expect(publisher.send(2) == .max(5))
        #expect(publisher.send(3) == .none)
        let expected: [Event<Int, TestError>] = [
            .subscription, .value(10), .value(20), .completion(.failure(.boom)),
        ]
        #expect(withTestErrors(subscriber.events) == expected)
        #expect(
            publisher.subscription.calls == [.request(.unlimited), .cancel])

        // Whatever the upstream still sends is ignored, and asks for nothing.
        #expect(publisher.send(4) == .none)
        publisher.send(completion: .finished)
        subscriber.request(.max(1))
        subscriber.cancel()
        #expect(withTestErrors(subscriber.events) == expected)
        #expect(
            publisher.subscription.calls == [.request(.unlimited), .cancel])
        #expect(transformed.entries == [1, 2, 3])
    }

    @Test func tryMapStopsTheSourceWhenItThrows() {
        let transformed = Trace<Int>()
        let subscriber = RecordingSubscriber<String, any Error>(
            initialDemand: .unlimited)
        (1...5).publisher
            .tryMap { value in
                transformed.append(value)
                if value == 3 { throw TestError.other }
                return String(value)
            }
            .subscribe(subscriber)
        #expect(
            withTestErrors(subscriber.events) == [
                .subscription, .value("1"), .value("2"),
                .completion(.failure(.other)),
            ]
        )
        #expect(transformed.entries == [1, 2, 3])
    }

    @Test func tryMapForwardsUpstreamFailureAsAnyError() throws {
        let failing = ManualPublisher<Int, TestError>()
        let failed = RecordingSubscriber<Int, any Error>(
            initialDemand: .unlimited)
        failing.tryMap { $0 + 1 }.subscribe(failed)
        failing.send(1)
        failing.send(completion: .failure(.other))
        #expect(
            withTestErrors(failed.events) == [
                .subscription, .value(2), .completion(.failure(.other)),
            ]
        )
        guard
            case .completion(.failure(let error)) = try #require(
                failed.events.last)
        else {
            Issue.record("no failure in \(failed.events)")
            return
        }
        #expect(error as? TestError == .other)

        let finishing = ManualPublisher<Int, TestError>()
        let finished = RecordingSubscriber<Int, any Error>(
            initialDemand: .unlimited)
        finishing.tryMap { $0 + 1 }.subscribe(finished)
        finishing.send(completion: .finished)
        #expect(
            withTestErrors(finished.events) == [
                .subscription, .completion(.finished),
            ])
    }

    @Test func tryMapPassesRequestAndCancelUpstreamUntilItTerminates() {
        // Cancelled by the downstream.
        let cancelling = ManualPublisher<Int, Never>()
        let cancelled = RecordingSubscriber<Int, any Error>()
        cancelling.tryMap { $0 }.subscribe(cancelled)
        cancelled.request(.max(3))
        cancelled.request(.unlimited)
        cancelled.cancel()
        cancelled.cancel()
        cancelled.request(.max(1))
        #expect(
            cancelling.subscription.calls == [
                .request(.max(3)), .request(.unlimited), .cancel,
            ]
        )

        // Failed by its own transform.
        let throwing = ManualPublisher<Int, Never>()
        let thrown = RecordingSubscriber<Int, any Error>(initialDemand: .max(2))
        throwing.tryMap { _ in throw TestError.boom }.subscribe(thrown)
        throwing.send(1)
        thrown.request(.max(1))
        thrown.cancel()
        #expect(throwing.subscription.calls == [.request(.max(2)), .cancel])

        // Finished by its upstream.
        let finishing = ManualPublisher<Int, Never>()
        let finished = RecordingSubscriber<Int, any Error>(
            initialDemand: .max(2))
        finishing.tryMap { $0 }.subscribe(finished)
        finishing.send(completion: .finished)
        finished.request(.max(1))
        finished.cancel()
        #expect(finishing.subscription.calls == [.request(.max(2))])
    }

    @Test func tryMapIgnoresEverythingAfterCancelOrCompletion() {
        // Unlike OpenCombine's, it does not call the transform for a value
        // that arrives after it has terminated.
        let transformed = Trace<Int>()
        let cancelling = ManualPublisher<Int, TestError>()
        let cancelled = RecordingSubscriber<Int, any Error>(
            initialDemand: .unlimited,
            demandPerValue: .max(1)
        )
        cancelling
            .tryMap { value in
                transformed.append(value)
                return value
            }
            .subscribe(cancelled)
        #expect(cancelling.send(1) == .max(1))
        cancelled.cancel()
        #expect(cancelling.send(2) == .none)
        cancelling.send(completion: .failure(.boom))
        #expect(withTestErrors(cancelled.events) == [.subscription, .value(1)])
        #expect(transformed.entries == [1])

        let finishing = ManualPublisher<Int, TestError>()
        let finished = RecordingSubscriber<Int, any Error>(
            initialDemand: .unlimited,
            demandPerValue: .max(1)
        )
        finishing
            .tryMap { value in
                transformed.append(value)
                return value
            }
            .subscribe(finished)
        finishing.send(completion: .finished)
        #expect(finishing.send(3) == .none)
        finishing.send(completion: .failure(.other))
        #expect(
            withTestErrors(finished.events) == [
                .subscription, .completion(.finished),
            ])
        #expect(transformed.entries == [1])
    }

    @Test func tryMapSendsNoFailureWhenCancelledDuringItsTransform() throws {
        // One thread is inside the transform when another cancels; then the
        // transform throws. The failure must not follow the cancel.
        let publisher = ManualPublisher<Int, Never>()
        let subscriber = LockedRecordingSubscriber<Int, any Error>(
            initialDemand: .unlimited)
        let insideTransform = Latch()
        let cancelled = Latch()
        publisher
            .tryMap { _ -> Int in
                insideTransform.open()
                #expect(cancelled.wait(seconds: 20), "the cancel never came")
                throw TestError.boom
            }
            .subscribe(subscriber)
        let subscription = UncheckedSendable(
            try #require(subscriber.subscription))
        let canceller = startThread(named: "canceller") {
            guard insideTransform.wait(seconds: 20) else { return }
            subscription.value.cancel()
            cancelled.open()
        }

        #expect(publisher.send(1) == .none)
        #expect(canceller.wait(seconds: 20), "the canceller is stuck")
        #expect(withTestErrors(subscriber.events) == [.subscription])
        #expect(
            publisher.subscription.calls == [.request(.unlimited), .cancel])
    }

    @Test func tryMapPassesAnyDemandUpstream() async {
        // In a separate process, so that a trap would fail this test alone.
        await #expect(processExitsWith: .success) {
            let publisher = ManualPublisher<Int, Never>()
            let subscriber = RecordingSubscriber<Int, any Error>()
            publisher.tryMap { $0 }.subscribe(subscriber)
            subscriber.request(.none)
            subscriber.request(.max(1))
            precondition(
                publisher.subscription.calls == [
                    .request(.none), .request(.max(1)),
                ])
        }
    }

    @Test func tryMapCancelsASecondUpstreamSubscription() {
        let publisher = CapturingPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Int, any Error>()
        publisher.tryMap { $0 }.subscribe(subscriber)
        let first = SpySubscription()
        let second = SpySubscription()
        publisher.send(subscription: first)
        publisher.send(subscription: second)
        #expect(second.calls == [.cancel])
        #expect(withTestErrors(subscriber.events) == [.subscription])

        subscriber.request(.max(2))
        #expect(first.calls == [.request(.max(2))])
        #expect(second.calls == [.cancel])

        // So is one that arrives after it has terminated.
        subscriber.cancel()
        let late = SpySubscription()
        publisher.send(subscription: late)
        #expect(late.calls == [.cancel])
        #expect(first.calls == [.request(.max(2)), .cancel])
        #expect(withTestErrors(subscriber.events) == [.subscription])
    }

    @Test func tryMapIgnoresCancelBeforeItHasASubscription() throws {
        let publisher = CapturingPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Int, any Error>()
        publisher.tryMap { $0 }.subscribe(subscriber)
        let upstreamSide = try #require(publisher.subscriber)
        // The inner is also the subscription it will hand down; nobody else
        // can reach it before a subscription arrives.
        let inner = try #require(upstreamSide as? any Subscription)
        inner.cancel()

        // The subscription that comes later is taken, not cancelled.
        let spy = SpySubscription()
        upstreamSide.receive(subscription: spy)
        #expect(spy.calls == [])
        #expect(withTestErrors(subscriber.events) == [.subscription])
        let received = try #require(subscriber.subscription) as AnyObject
        #expect(
            ObjectIdentifier(received) == ObjectIdentifier(inner as AnyObject))

        subscriber.request(.max(1))
        #expect(spy.calls == [.request(.max(1))])
    }

    @Test func tryMapLetsGoOfTheUpstreamSubscriptionAfterFailing() throws {
        let publisher = CapturingPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Int, any Error>(
            initialDemand: .unlimited)
        publisher.tryMap { _ in throw TestError.boom }.subscribe(subscriber)
        var spy: SpySubscription? = SpySubscription()
        weak let weakSpy = spy
        publisher.send(subscription: try #require(spy))
        #expect(spy?.calls == [.request(.unlimited)])
        spy = nil
        #expect(weakSpy != nil)

        publisher.send(1)
        #expect(weakSpy == nil)
        #expect(
            withTestErrors(subscriber.events) == [
                .subscription, .completion(.failure(.boom)),
            ])
    }

    @Test func tryMapReleasesEverythingAfterFailing() throws {
        var token: Token? = Token()
        weak let weakToken = token
        var subscriber: RecordingSubscriber<Int, any Error>? =
            RecordingSubscriber(
                initialDemand: .max(2)
            )
        weak let weakSubscriber = subscriber
        (1...5).publisher
            .tryMap { [token] value in
                withExtendedLifetime(token) {}
                if value == 3 { throw TestError.boom }
                return value
            }
            .subscribe(try #require(subscriber))
        token = nil
        weak let weakInner = try #require(subscriber?.subscription) as AnyObject
        #expect(weakToken != nil)
        #expect(weakInner != nil)

        subscriber?.request(.max(1))
        #expect(
            withTestErrors(subscriber?.events ?? []) == [
                .subscription, .value(1), .value(2),
                .completion(.failure(.boom)),
            ]
        )
        // What a sink does on completion: let go of its subscription.
        subscriber?.releaseSubscription()
        #expect(weakInner == nil)
        #expect(weakToken == nil)

        subscriber = nil
        #expect(weakSubscriber == nil)
    }

    @Test func tryMapLetsGoOfTheUpstreamSubscriptionOnCancel() throws {
        let publisher = CapturingPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Int, any Error>()
        publisher.tryMap { $0 }.subscribe(subscriber)
        var spy: SpySubscription? = SpySubscription()
        weak let weakSpy = spy
        publisher.send(subscription: try #require(spy))
        spy = nil
        // The inner, kept by the upstream, holds it while running.
        #expect(weakSpy != nil)

        subscriber.cancel()
        #expect(weakSpy == nil)
    }

    @Test func tryMapLetsGoOfTheUpstreamSubscriptionOnCompletion() throws {
        let publisher = CapturingPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Int, any Error>()
        publisher.tryMap { $0 }.subscribe(subscriber)
        var spy: SpySubscription? = SpySubscription()
        weak let weakSpy = spy
        publisher.send(subscription: try #require(spy))
        spy = nil
        #expect(weakSpy != nil)

        publisher.send(completion: .finished)
        #expect(weakSpy == nil)
        #expect(
            withTestErrors(subscriber.events) == [
                .subscription, .completion(.finished),
            ])
    }

    @Test func tryMapLetsGoOfTheUpstreamSubscriptionOutsideItsLockOnCompletion()
    {
        // The inner holds the only reference to a subscription whose deinit
        // has another thread cancel the inner, and waits for it. Were the
        // subscription released under the lock, the wait would time out.
        let publisher = CapturingPublisher<Int, Never>()
        let subscriber = LockedRecordingSubscriber<Int, any Error>()
        publisher.tryMap { $0 }.subscribe(subscriber)
        let waits = LockedBox<[Bool]>([])
        let shared = UncheckedSendable(subscriber)
        publisher.send(
            subscription: ReleaseWatchingSubscription {
                callOnAnotherThreadAndWait(recordingIn: waits) {
                    shared.value.subscription?.cancel()
                }
            })
        publisher.send(completion: .finished)
        #expect(waits.get() == [true])
    }

    // MARK: - keepUpstreamAndMap

    @Test func keepUpstreamAndMapPairsEachElementWithItsTransform() {
        let subscriber = RecordingSubscriber<
            (original: Int, mapped: String), Never
        >(
            initialDemand: .unlimited
        )
        [1, 2, 3].publisher.keepUpstreamAndMap {
            String(repeating: "*", count: $0)
        }
        .subscribe(subscriber)
        #expect(
            pairs(subscriber.events) == [
                .subscription,
                .value(Pair(original: 1, mapped: "*")),
                .value(Pair(original: 2, mapped: "**")),
                .value(Pair(original: 3, mapped: "***")),
                .completion(.finished),
            ]
        )
    }

    @Test func keepUpstreamAndMapMatchesTheComposedVersion() {
        let square: (Int) -> Int = { $0 * $0 }
        let kept = RecordingSubscriber<(original: Int, mapped: Int), Never>(
            initialDemand: .max(2)
        )
        let composed = RecordingSubscriber<(original: Int, mapped: Int), Never>(
            initialDemand: .max(2)
        )
        (1...5).publisher.keepUpstreamAndMap(square).subscribe(kept)
        (1...5).publisher.map { (original: $0, mapped: square($0)) }.subscribe(
            composed)
        #expect(pairs(kept.events) == pairs(composed.events))
        #expect(pairs(kept.events).count == 3)

        kept.request(.max(2))
        composed.request(.max(2))
        #expect(pairs(kept.events) == pairs(composed.events))

        kept.request(.max(10))
        composed.request(.max(10))
        #expect(pairs(kept.events) == pairs(composed.events))
        #expect(
            pairs(kept.events) == [.subscription]
                + (1...5).map { .value(Pair(original: $0, mapped: $0 * $0)) }
                + [.completion(.finished)]
        )
    }

    @Test func keepUpstreamAndMapPassesTheUpstreamSubscriptionStraightDown()
        throws
    {
        let publisher = ManualPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<
            (original: Int, mapped: Int), Never
        >()
        publisher.keepUpstreamAndMap { $0 + 1 }.subscribe(subscriber)
        let received = try #require(subscriber.subscription) as AnyObject
        #expect(
            ObjectIdentifier(received)
                == ObjectIdentifier(publisher.subscription))

        subscriber.request(.max(3))
        subscriber.cancel()
        #expect(publisher.subscription.calls == [.request(.max(3)), .cancel])
    }

    @Test func keepUpstreamAndMapForwardsDemandAndCompletion() {
        let publisher = ManualPublisher<Int, TestError>()
        let subscriber = RecordingSubscriber<
            (original: Int, mapped: Bool), TestError
        >(
            demandPerValue: .max(2)
        )
        publisher.keepUpstreamAndMap { $0 > 1 }.subscribe(subscriber)
        #expect(publisher.send(1) == .max(2))
        #expect(publisher.send(2) == .max(2))
        publisher.send(completion: .failure(.boom))
        #expect(
            pairs(subscriber.events) == [
                .subscription,
                .value(Pair(original: 1, mapped: false)),
                .value(Pair(original: 2, mapped: true)),
                .completion(.failure(.boom)),
            ]
        )
    }
}

// MARK: - Helpers

/// `events` with every failure cast to ``TestError``, so they can be
/// compared; `nil` if some failure is another error.
private func withTestErrors<Input>(
    _ events: [Event<Input, any Error>]
) -> [Event<Input, TestError>]? {
    var converted: [Event<Input, TestError>] = []
    for event in events {
        switch event {
        case .subscription:
            converted.append(.subscription)
        case .value(let value):
            converted.append(.value(value))
        case .completion(.finished):
            converted.append(.completion(.finished))
        case .completion(.failure(let error)):
            guard let error = error as? TestError else { return nil }
            converted.append(.completion(.failure(error)))
        }
    }
    return converted
}

/// A value of `keepUpstreamAndMap`'s output, built from its two fields so it
/// can be compared.
private struct Pair<Element: Equatable, Transformed: Equatable>: Equatable {
    let original: Element
    let mapped: Transformed
}

/// `events` with each `(original:mapped:)` value turned into a ``Pair``.
private func pairs<Element: Equatable, Transformed: Equatable, Failure>(
    _ events: [Event<(original: Element, mapped: Transformed), Failure>]
) -> [Event<Pair<Element, Transformed>, Failure>] {
    events.map { event in
        switch event {
        case .subscription:
            .subscription
        case .value(let value):
            .value(Pair(original: value.original, mapped: value.mapped))
        case .completion(let completion):
            .completion(completion)
        }
    }
}
