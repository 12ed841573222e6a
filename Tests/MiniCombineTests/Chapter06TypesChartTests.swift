import Dispatch
import MiniCombine
import Testing

/// A source defined outside the library, as a chapter program would: it
/// charts itself by conforming to `TypesCharting`.
private struct Download: TypesCharting {
    typealias Output = [UInt8]
    typealias Failure = TestError

    var chartStages: [PipelineStage] {
        [PipelineStage(name: "download", of: Self.self)]
    }

    func receive<S: Subscriber>(subscriber: S)
    where S.Input == [UInt8], S.Failure == TestError {
        SequencePublisher<[UInt8], TestError>([[1, 2]]).subscribe(subscriber)
    }
}

/// An object with a property to assign to.
private final class Label {
    var text = ""
}

/// An object with an optional property to assign to; it records each write.
private final class NumberScreen {
    let trace: Trace<String>
    init(trace: Trace<String>) { self.trace = trace }
    var number: Int? {
        didSet { trace.append(number.map { "\($0)" } ?? "nil") }
    }
}

/// Chapter 6: `replaceError(with:)`, `Scheduler` and `receive(on:)`,
/// `assign(to:on:)`, and the types chart derived from a pipeline's type.
@Suite struct Chapter06TypesChartTests {
    // MARK: - ReplaceError

    @Test func replaceErrorSendsTheReplacementThenFinishesWhenDemandIsWaiting()
    {
        let publisher = ManualPublisher<Int, TestError>()
        let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .max(1))
        publisher.replaceError(with: 42).subscribe(subscriber)
        publisher.send(completion: .failure(.boom))
        #expect(
            subscriber.events == [
                .subscription, .value(42), .completion(.finished),
            ])
    }

    @Test func replaceErrorWaitsForDemandBeforeSendingTheReplacement() {
        let publisher = ManualPublisher<Int, TestError>()
        let subscriber = RecordingSubscriber<Int, Never>()
        publisher.replaceError(with: 42).subscribe(subscriber)
        publisher.send(completion: .failure(.boom))
        #expect(subscriber.events == [.subscription])

        subscriber.request(.max(1))
        #expect(
            subscriber.events == [
                .subscription, .value(42), .completion(.finished),
            ])
    }

    @Test func replaceErrorWaitsWhenEarlierValuesUsedUpTheDemand() {
        let publisher = ManualPublisher<Int, TestError>()
        let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .max(1))
        publisher.replaceError(with: 42).subscribe(subscriber)
        publisher.send(9)
        publisher.send(completion: .failure(.boom))
        #expect(subscriber.events == [.subscription, .value(9)])

        subscriber.request(.max(1))
        #expect(
            subscriber.events == [
                .subscription, .value(9), .value(42), .completion(.finished),
            ]
        )
    }

    @Test func replaceErrorSendsAWaitingReplacementOnlyOnce() {
        let publisher = ManualPublisher<Int, TestError>()
        let subscriber = RecordingSubscriber<Int, Never>()
        publisher.replaceError(with: 42).subscribe(subscriber)
        publisher.send(completion: .failure(.boom))
        publisher.send(completion: .finished)
        subscriber.request(.max(1))
        subscriber.request(.max(1))
        #expect(
            subscriber.events == [
                .subscription, .value(42), .completion(.finished),
            ])
    }

    @Test func replaceErrorPassesFinishedThrough() {
        let publisher = ManualPublisher<Int, TestError>()
        let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .max(1))
        publisher.replaceError(with: 42).subscribe(subscriber)
        publisher.send(completion: .finished)
        publisher.send(completion: .failure(.boom))
        #expect(subscriber.events == [.subscription, .completion(.finished)])
    }

    @Test func replaceErrorPassesValuesAndDemandThrough() {
        let publisher = ManualPublisher<Int, TestError>()
        let subscriber = RecordingSubscriber<Int, Never>(
            initialDemand: .max(2),
            demandPerValue: .max(1)
        )
        publisher.replaceError(with: 42).subscribe(subscriber)
        #expect(publisher.send(1) == .max(1))
        #expect(publisher.send(2) == .max(1))
        subscriber.request(.max(3))
        #expect(subscriber.events == [.subscription, .value(1), .value(2)])
        #expect(
            publisher.subscription.calls == [
                .request(.max(2)), .request(.max(3)),
            ])
    }

    @Test func replaceErrorHandsDownASubscriptionOfItsOwn() throws {
        let publisher = ManualPublisher<Int, TestError>()
        let subscriber = RecordingSubscriber<Int, Never>()
        publisher.replaceError(with: 42).subscribe(subscriber)
        let received = try #require(subscriber.subscription) as AnyObject
        #expect(
            ObjectIdentifier(received)
                != ObjectIdentifier(publisher.subscription))
    }

    @Test func replaceErrorTrapsOnAValueNobodyAskedFor() async {
        let exit = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            let publisher = ManualPublisher<Int, TestError>()
            publisher.replaceError(with: 42).subscribe(
                RecordingSubscriber<Int, Never>())
            publisher.send(1)
        }
        #expect(standardError(of: exit).contains("a demand cannot be negative"))
    }

    @Test func replaceErrorCancelCancelsTheUpstreamOnce() {
        let publisher = ManualPublisher<Int, TestError>()
        let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .max(1))
        publisher.replaceError(with: 42).subscribe(subscriber)
        subscriber.cancel()
        subscriber.cancel()
        subscriber.request(.max(1))
        publisher.send(completion: .failure(.boom))
        #expect(publisher.subscription.calls == [.request(.max(1)), .cancel])
        #expect(subscriber.events == [.subscription])
    }

    @Test func replaceErrorSendsNothingAfterCancelEvenWithAReplacementWaiting()
    {
        let publisher = ManualPublisher<Int, TestError>()
        let subscriber = RecordingSubscriber<Int, Never>()
        publisher.replaceError(with: 42).subscribe(subscriber)
        publisher.send(completion: .failure(.boom))
        subscriber.cancel()
        subscriber.request(.max(1))
        #expect(subscriber.events == [.subscription])
        #expect(publisher.subscription.calls == [.cancel])
    }

    @Test func replaceErrorCancelsASecondSubscription() throws {
        let publisher = CapturingPublisher<Int, TestError>()
        let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .max(1))
        publisher.replaceError(with: 42).subscribe(subscriber)
        let inner = try #require(publisher.subscriber)
        let first = SpySubscription()
        let second = SpySubscription()
        inner.receive(subscription: first)
        inner.receive(subscription: second)
        #expect(first.calls == [.request(.max(1))])
        #expect(second.calls == [.cancel])
        #expect(subscriber.events == [.subscription])
    }

    @Test
    func replaceErrorReleasesTheUpstreamSubscriptionOnceTheReplacementIsSent()
        throws
    {
        let publisher = CapturingPublisher<Int, TestError>()
        let subscriber = RecordingSubscriber<Int, Never>()
        publisher.replaceError(with: 42).subscribe(subscriber)
        let inner = try #require(publisher.subscriber)
        var subscription: SpySubscription? = SpySubscription()
        weak let weakSubscription = subscription
        inner.receive(subscription: try #require(subscription))
        subscription = nil
        inner.receive(completion: .failure(.boom))
        // Still kept while the replacement waits, so a cancel could reach it.
        #expect(weakSubscription != nil)

        subscriber.request(.max(1))
        #expect(weakSubscription == nil)
        #expect(
            subscriber.events == [
                .subscription, .value(42), .completion(.finished),
            ])
    }

    @Test
    func replaceErrorReleasesTheUpstreamSubscriptionOnFinishedAndOnCancel()
        throws
    {
        let finishing = CapturingPublisher<Int, TestError>()
        finishing.replaceError(with: 42).subscribe(
            RecordingSubscriber<Int, Never>())
        var finished: SpySubscription? = SpySubscription()
        weak let weakFinished = finished
        try #require(finishing.subscriber).receive(
            subscription: try #require(finished))
        finished = nil
        #expect(weakFinished != nil)
        try #require(finishing.subscriber).receive(completion: .finished)
        #expect(weakFinished == nil)

        let cancelled = CapturingPublisher<Int, TestError>()
        let subscriber = RecordingSubscriber<Int, Never>()
        cancelled.replaceError(with: 42).subscribe(subscriber)
        var upstream: SpySubscription? = SpySubscription()
        weak let weakUpstream = upstream
        try #require(cancelled.subscriber).receive(
            subscription: try #require(upstream))
        upstream = nil
        #expect(weakUpstream != nil)
        subscriber.cancel()
        #expect(weakUpstream == nil)
    }

    @Test func replaceErrorOnAFailingSequenceEndToEnd() {
        let subscriber = RecordingSubscriber<Int, Never>(
            initialDemand: .unlimited)
        SequencePublisher<Int, TestError>([1, 2], completion: .failure(.boom))
            .replaceError(with: 0)
            .subscribe(subscriber)
        #expect(
            subscriber.events == [
                .subscription, .value(1), .value(2), .value(0),
                .completion(.finished),
            ]
        )
    }

    // MARK: - ReceiveOn

    @Test func receiveOnPassesItsSubscriptionDownstreamAtOnce() {
        let scheduler = ManualScheduler()
        let publisher = ManualPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .max(3))
        publisher.receive(on: scheduler).subscribe(subscriber)
        #expect(subscriber.events == [.subscription])
        #expect(publisher.subscription.calls == [.request(.max(3))])
        #expect(scheduler.pendingCount == 0)
    }

    @Test func receiveOnDeliversValuesOnlyWhenTheSchedulerRunsThem() {
        let scheduler = ManualScheduler()
        let publisher = ManualPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .max(3))
        publisher.receive(on: scheduler, options: "main").subscribe(subscriber)
        #expect(publisher.send(1) == .none)
        #expect(publisher.send(2) == .none)
        #expect(subscriber.events == [.subscription])
        #expect(scheduler.scheduledOptions == ["main", "main"])

        scheduler.runAll()
        #expect(subscriber.events == [.subscription, .value(1), .value(2)])
    }

    @Test func receiveOnRequestsTheDemandReturnedByEachDelivery() {
        let scheduler = ManualScheduler()
        let publisher = ManualPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Never>(
            initialDemand: .max(1),
            demandPerValue: .max(2)
        )
        publisher.receive(on: scheduler).subscribe(subscriber)
        #expect(publisher.send(1) == .none)
        #expect(publisher.send(2) == .none)
        #expect(publisher.subscription.calls == [.request(.max(1))])

        scheduler.runAll()
        #expect(
            publisher.subscription.calls == [
                .request(.max(1)), .request(.max(2)), .request(.max(2)),
            ]
        )
    }

    @Test func receiveOnRequestsNothingWhenADeliveryReturnsNone() {
        let scheduler = ManualScheduler()
        let publisher = ManualPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .max(1))
        publisher.receive(on: scheduler).subscribe(subscriber)
        publisher.send(1)
        scheduler.runAll()
        #expect(publisher.subscription.calls == [.request(.max(1))])
    }

    @Test func receiveOnSchedulesTheCompletion() {
        let scheduler = ManualScheduler()
        let publisher = ManualPublisher<Int, TestError>()
        let subscriber = RecordingSubscriber<Int, TestError>(
            initialDemand: .unlimited)
        publisher.receive(on: scheduler).subscribe(subscriber)
        publisher.send(1)
        publisher.send(completion: .failure(.boom))
        publisher.send(completion: .finished)
        #expect(publisher.send(2) == .none)
        #expect(subscriber.events == [.subscription])
        #expect(scheduler.pendingCount == 2)

        scheduler.runAll()
        #expect(
            subscriber.events == [
                .subscription, .value(1), .completion(.failure(.boom)),
            ]
        )
    }

    @Test func receiveOnPassesRequestAndCancelStraightUpstream() {
        let scheduler = ManualScheduler()
        let publisher = ManualPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Never>()
        publisher.receive(on: scheduler).subscribe(subscriber)
        subscriber.request(.max(4))
        subscriber.cancel()
        subscriber.cancel()
        subscriber.request(.max(1))
        #expect(publisher.subscription.calls == [.request(.max(4)), .cancel])
        #expect(scheduler.pendingCount == 0)
    }

    @Test func receiveOnDeliversNothingAfterCancel() {
        let scheduler = ManualScheduler()
        let publisher = ManualPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Never>(
            initialDemand: .unlimited,
            demandPerValue: .max(1)
        )
        publisher.receive(on: scheduler).subscribe(subscriber)
        publisher.send(1)
        subscriber.cancel()
        publisher.send(2)
        publisher.send(completion: .finished)
        #expect(scheduler.pendingCount == 1)

        scheduler.runAll()
        #expect(subscriber.events == [.subscription])
        #expect(
            publisher.subscription.calls == [.request(.unlimited), .cancel])
    }

    @Test func receiveOnStillDeliversValuesAndACompletionSentBeforeCancel() {
        // Once the upstream has completed, cancel() has nothing left to stop:
        // what waits in the scheduler arrives, as in OpenCombine.
        let scheduler = ManualScheduler()
        let publisher = ManualPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Never>(
            initialDemand: .unlimited)
        publisher.receive(on: scheduler).subscribe(subscriber)
        publisher.send(1)
        publisher.send(2)
        publisher.send(completion: .finished)
        subscriber.cancel()
        scheduler.runAll()
        #expect(
            subscriber.events == [
                .subscription, .value(1), .value(2), .completion(.finished),
            ]
        )
        #expect(publisher.subscription.calls == [.request(.unlimited)])
    }

    @Test func receiveOnCancelsASecondSubscription() throws {
        let publisher = CapturingPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .max(1))
        publisher.receive(on: ManualScheduler()).subscribe(subscriber)
        let inner = try #require(publisher.subscriber)
        let first = SpySubscription()
        let second = SpySubscription()
        inner.receive(subscription: first)
        inner.receive(subscription: second)
        #expect(first.calls == [.request(.max(1))])
        #expect(second.calls == [.cancel])
        #expect(subscriber.events == [.subscription])
    }

    @Test func receiveOnADispatchQueueDeliversOnThatQueue() {
        let queue = DispatchQueue(label: "chapter06.receive-on")
        let queueName = DispatchSpecificKey<String>()
        queue.setSpecific(key: queueName, value: "chapter06.receive-on")
        let trace = Trace<String>()
        let currentQueue = {
            DispatchQueue.getSpecific(key: queueName) ?? "another queue"
        }
        let cancellable = SequencePublisher<Int, Never>([1, 2])
            .receive(on: queue)
            .sink(
                receiveCompletion: {
                    trace.append("\($0) on \(currentQueue())")
                },
                receiveValue: { trace.append("\($0) on \(currentQueue())") }
            )
        // Every delivery was queued before this returns, and the queue is
        // serial: once this empty block has run, so have they.
        queue.sync {}
        #expect(
            trace.entries == [
                "1 on chapter06.receive-on",
                "2 on chapter06.receive-on",
                "finished on chapter06.receive-on",
            ]
        )
        withExtendedLifetime(cancellable) {}
    }

    // MARK: - Assign

    @Test func assignRequestsUnlimitedOnSubscription() {
        let assign = Subscribers.Assign(object: Label(), keyPath: \.text)
        let subscription = SpySubscription()
        assign.receive(subscription: subscription)
        #expect(subscription.calls == [.request(.unlimited)])
    }

    @Test func assignWritesEachValueAndAsksForNothingMore() {
        let label = Label()
        let assign = Subscribers.Assign(object: label, keyPath: \.text)
        assign.receive(subscription: SpySubscription())
        #expect(assign.receive("one") == .none)
        #expect(label.text == "one")
        #expect(assign.receive("two") == .none)
        #expect(label.text == "two")
    }

    @Test func assignToOnWritesEveryValueOfAPublisher() {
        let trace = Trace<String>()
        final class Echo {
            let trace: Trace<String>
            init(trace: Trace<String>) { self.trace = trace }
            var text = "" { didSet { trace.append(text) } }
        }
        let echo = Echo(trace: trace)
        let cancellable = SequencePublisher<String, Never>(["a", "b", "c"])
            .assign(to: \.text, on: echo)
        #expect(trace.entries == ["a", "b", "c"])
        withExtendedLifetime(cancellable) {}
    }

    @Test
    func compactMapIntoAnOptionalPropertyDropsNilFromASingleExpression() {
        // `assign` makes `compactMap`'s output `Int?`, so its closure returns
        // `Int??`. Typed from one expression, a failed parse is the outer
        // `nil`, which `compactMap` drops: nothing is assigned for "x".
        struct NotANumber: Error {}
        func parse(_ text: String) throws -> Int {
            guard let number = Int(text) else { throw NotANumber() }
            return number
        }
        let texts = ["1", "x", "3"]

        let tryTrace = Trace<String>()
        let trySingle = SequencePublisher<String, Never>(texts)
            .compactMap { text in try? parse(text) }
            .assign(to: \.number, on: NumberScreen(trace: tryTrace))
        #expect(tryTrace.entries == ["1", "3"])

        let initTrace = Trace<String>()
        let initSingle = SequencePublisher<String, Never>(texts)
            .compactMap { text in Int(text) }
            .assign(to: \.number, on: NumberScreen(trace: initTrace))
        #expect(initTrace.entries == ["1", "3"])
        withExtendedLifetime((trySingle, initSingle)) {}
    }

    @Test
    func compactMapIntoAnOptionalPropertyAssignsNilFromTwoStatements() {
        // An `Int?` returned by name is wrapped whole: its `nil` becomes
        // `.some(nil)`, a value, so `compactMap` passes it on and `assign`
        // writes `nil`.
        let trace = Trace<String>()
        let multi = SequencePublisher<String, Never>(["1", "x", "3"])
            .compactMap { text in
                let number = Int(text)
                return number
            }
            .assign(to: \.number, on: NumberScreen(trace: trace))
        #expect(trace.entries == ["1", "nil", "3"])
        withExtendedLifetime(multi) {}
    }

    @Test func assignHoldsItsObjectUntilCompletionThenReleasesIt() throws {
        var label: Label? = Label()
        weak let weakLabel = label
        let assign = Subscribers.Assign(
            object: try #require(label), keyPath: \.text)
        label = nil
        var subscription: SpySubscription? = SpySubscription()
        weak let weakSubscription = subscription
        assign.receive(subscription: try #require(subscription))
        subscription = nil
        _ = assign.receive("kept")
        #expect(weakLabel?.text == "kept")
        #expect(weakSubscription != nil)

        assign.receive(completion: .finished)
        #expect(weakLabel == nil)
        #expect(weakSubscription == nil)
        #expect(assign.object == nil)
        #expect(assign.receive("late") == .none)
    }

    @Test func assignCancelReleasesItsObjectAndCancelsOnce() throws {
        var label: Label? = Label()
        weak let weakLabel = label
        let publisher = ManualPublisher<String, Never>()
        let cancellable = publisher.assign(to: \.text, on: try #require(label))
        label = nil
        #expect(weakLabel != nil)

        cancellable.cancel()
        cancellable.cancel()
        #expect(weakLabel == nil)
        #expect(
            publisher.subscription.calls == [.request(.unlimited), .cancel])
    }

    @Test func assignCancelsASecondSubscription() {
        let assign = Subscribers.Assign(object: Label(), keyPath: \.text)
        let first = SpySubscription()
        let second = SpySubscription()
        assign.receive(subscription: first)
        assign.receive(subscription: second)
        #expect(first.calls == [.request(.unlimited)])
        #expect(second.calls == [.cancel])
    }

    // MARK: - TypesChart

    @Test func typesChartListsEachStageWithTheTypesItSends() {
        let chart = Just(1).map { "\($0)" }.typesChart(endingIn: "sink")
        #expect(
            chart.stages == [
                PipelineStage(name: "Just", output: "Int", failure: "Never"),
                PipelineStage(name: "map", output: "String", failure: "Never"),
            ]
        )
        #expect(
            chart.description == """
                Just
                  ↓ Output Int, Failure Never
                map
                  ↓ Output String, Failure Never
                subscriber: sink
                """
        )
    }

    @Test func addingAStageAddsItsRow() {
        let shorter = Download().map { $0.count }
        let longer = shorter.replaceError(with: 0).receive(
            on: ManualScheduler())
        #expect(
            shorter.typesChart(endingIn: "sink").stages == [
                PipelineStage(
                    name: "download", output: "Array<UInt8>",
                    failure: "TestError"),
                PipelineStage(name: "map", output: "Int", failure: "TestError"),
            ]
        )
        #expect(
            longer.typesChart(endingIn: "assign").description == """
                download
                  ↓ Output Array<UInt8>, Failure TestError
                map
                  ↓ Output Int, Failure TestError
                replaceError
                  ↓ Output Int, Failure Never
                receive(on:)
                  ↓ Output Int, Failure Never
                subscriber: assign
                """
        )
    }

    @Test func removingAStageRemovesItsRow() {
        let withMap = Download().map { $0.count }.replaceError(with: 0)
        let withoutMap = Download().replaceError(with: [])
        #expect(
            withMap.chartStages.map(\.name) == [
                "download", "map", "replaceError",
            ])
        #expect(
            withoutMap.typesChart(endingIn: "sink").stages == [
                PipelineStage(
                    name: "download", output: "Array<UInt8>",
                    failure: "TestError"),
                PipelineStage(
                    name: "replaceError", output: "Array<UInt8>",
                    failure: "Never"),
            ]
        )
    }

    @Test func theChartIsReadFromTheTypeAlone() {
        // The values never run: the chart comes from the pipeline's type.
        let pipeline = Just(2.5).map { _ -> Bool in
            Issue.record("the transform ran")
            return true
        }
        #expect(
            pipeline.chartStages == [
                PipelineStage(name: "Just", output: "Double", failure: "Never"),
                PipelineStage(name: "map", output: "Bool", failure: "Never"),
            ]
        )
    }
}
