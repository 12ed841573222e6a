import Testing
import TunedCombine

/// The book's thread contract, kept by the tuned variant too.
///
/// `cancel()` may come from any thread at any time, also during a delivery; nothing crashes,
/// races or deadlocks, and once cancelled a subscriber lets go of what it holds.
/// `scripts/conformance` runs these under ThreadSanitizer, which fails on any data race.
@Suite("Tuned variant: cancel and request from any thread")
struct ThreadSafetyTests {
    static let rounds = 30
    static let values = 2_000

    @Test func sinkCancelledWhileValuesArriveOnAnotherThread() {
        for _ in 0..<Self.rounds {
            let delivered = Tally()
            let completions = Tally()
            var token: Token? = Token()
            let weakToken = WeakReference(token!)
            let sink = Subscribers.Sink<Int, Never>(
                receiveCompletion: { [token] _ in
                    token?.touch()
                    completions.add()
                },
                receiveValue: { [token] _ in
                    token?.touch()
                    delivered.add()
                })
            token = nil
            let upstream = CountingSubscription()
            sink.receive(subscription: upstream)
            let sending = UncheckedSendable(sink)

            let sender = startThread(named: "sender") {
                for value in 0..<Self.values {
                    _ = sending.value.receive(value)
                }
                sending.value.receive(completion: .finished)
            }
            delivered.wait(untilAtLeast: Int.random(in: 1...100))
            sink.cancel()
            let deliveredAtCancel = delivered.count

            #expect(sender.wait(seconds: 20), "the sender is stuck")
            #expect(delivered.count - deliveredAtCancel <= 1)
            #expect(upstream.cancels.count + completions.count == 1)
            #expect(
                weakToken.object == nil, "the sink still holds its closures")
        }
    }

    @Test func sinkCancelledWhileASubjectSendsFromAnotherThread() {
        for _ in 0..<Self.rounds {
            let subject = PassthroughSubject<Int, Never>()
            checkCancelMidStream(senders: [{ Self.send(to: subject) }]) {
                onValue in
                subject.sink { _ in onValue() }
            }
        }
    }

    @Test
    func reduceLatestOverThreeSubjectsFedByThreeThreadsCancelledMidStream() {
        for _ in 0..<Self.rounds {
            let subjects = (0..<3).map { _ in PassthroughSubject<Int, Never>() }
            checkCancelMidStream(
                senders: subjects.map { subject in { Self.send(to: subject) } }
            ) { onValue in
                subjects[0].reduceLatest(subjects[1], subjects[2]) { a, b, c in
                    (a ?? 0) + (b ?? 0) + (c ?? 0)
                }
                .sink { _ in onValue() }
            }
        }
    }

    @Test func sequenceCancelledWhileItSendsOnAnotherThread() {
        for _ in 0..<Self.rounds {
            var subscriber: ThreadedSubscriber? = ThreadedSubscriber(
                initialDemand: .none)
            let weakSubscriber = WeakReference(subscriber!)
            (0..<100_000).publisher.subscribe(subscriber!)
            let subscription = UncheckedSendable(subscriber!.subscription!)
            subscriber!.releaseSubscription()
            let sender = startThread(named: "requests everything") {
                subscription.value.request(.unlimited)
            }
            subscriber!.delivered.wait(untilAtLeast: Int.random(in: 1...100))
            subscription.value.cancel()
            let deliveredAtCancel = subscriber!.delivered.count

            #expect(sender.wait(seconds: 20), "the sender is stuck")
            #expect(subscriber!.delivered.count - deliveredAtCancel <= 1)
            subscriber = nil
            #expect(
                weakSubscriber.object == nil,
                "the subscription still holds its subscriber")
        }
    }

    @Test func justRequestedOnOneThreadWhileCancelledOnAnother() {
        for _ in 0..<200 {
            let subscriber = ThreadedSubscriber(initialDemand: .none)
            Just(7).subscribe(subscriber)
            let subscription = UncheckedSendable(subscriber.subscription!)
            subscriber.releaseSubscription()
            let start = Latch()
            let threads = [
                startThread(named: "requests") {
                    _ = start.wait(seconds: 20)
                    subscription.value.request(.max(1))
                },
                startThread(named: "cancels") {
                    _ = start.wait(seconds: 20)
                    subscription.value.cancel()
                },
            ]
            start.open()
            for thread in threads {
                #expect(thread.wait(seconds: 20), "a thread is stuck")
            }
            #expect([[], ["7", "finished"]].contains(subscriber.events.get()))
        }
    }

    @Test func anyCancellableCancelledFromTwoThreadsRunsItsActionOnce() {
        for _ in 0..<200 {
            let runs = Tally()
            let cancellable = UncheckedSendable(AnyCancellable { runs.add() })
            let start = Latch()
            let threads = (0..<2).map { index in
                startThread(named: "canceller \(index)") {
                    _ = start.wait(seconds: 20)
                    cancellable.value.cancel()
                }
            }
            start.open()
            for thread in threads {
                #expect(thread.wait(seconds: 20), "a canceller is stuck")
            }
            #expect(runs.count == 1)
        }
    }

    // A subscriber may, inside `receive(_:)`, wait for another thread that cancels it or asks
    // it for more: neither call may wait for the delivery under way. Each wait is bounded, so
    // a deadlock shows as a wait that timed out.

    @Test func aSubscriberMayWaitInsideReceiveForAThreadThatCancelsIt() {
        let subject = PassthroughSubject<Int, Never>()
        let waits = LockedBox<[Bool]>([])
        let subscriber = ThreadedSubscriber(initialDemand: .unlimited) {
            subscription, _ in
            let done = startThread(named: "cancels") {
                subscription.value.cancel()
            }
            let returned = done.wait(seconds: 2)
            waits.modify { $0.append(returned) }
        }
        subject.subscribe(subscriber)
        subject.send(1)
        subject.send(2)
        #expect(waits.get() == [true], "cancel() waited for the delivery")
        #expect(subscriber.events.get() == ["1"])
    }

    @Test func aSubscriberMayWaitInsideReceiveForAThreadThatRequestsMore() {
        let subject = PassthroughSubject<Int, Never>()
        let waits = LockedBox<[Bool]>([])
        let subscriber = ThreadedSubscriber(initialDemand: .max(1)) {
            subscription, value in
            guard value == 1 else { return }
            let done = startThread(named: "requests") {
                subscription.value.request(.max(1))
            }
            let returned = done.wait(seconds: 2)
            waits.modify { $0.append(returned) }
        }
        subject.subscribe(subscriber)
        subject.send(1)
        subject.send(2)
        subject.send(3)
        #expect(waits.get() == [true], "request(_:) waited for the delivery")
        #expect(subscriber.events.get() == ["1", "2"])
    }

    /// Sends `0..<values` to `subject`.
    private static func send(to subject: PassthroughSubject<Int, Never>) {
        for value in 0..<values {
            subject.send(value)
        }
    }

    /// One round of cancelling a pipeline from another thread in mid-stream.
    ///
    /// `subscribe` attaches a pipeline that calls `onValue` per value, `senders` run
    /// on threads of their own, and the pipeline is cancelled after a few values. Then at most
    /// one value arrives after `cancel()` returns, and once the senders are done the closure
    /// has been let go of, although the cancellable is still alive.
    private func checkCancelMidStream(
        senders: [@Sendable () -> Void],
        subscribe: (_ onValue: @escaping () -> Void) -> AnyCancellable
    ) {
        let delivered = Tally()
        var token: Token? = Token()
        let weakToken = WeakReference(token!)
        let cancellable = subscribe { [token] in
            token?.touch()
            delivered.add()
        }
        token = nil
        let threads = senders.enumerated().map { index, send in
            startThread(named: "sender \(index)", send)
        }
        delivered.wait(untilAtLeast: Int.random(in: 1...100))
        cancellable.cancel()
        let deliveredAtCancel = delivered.count

        for thread in threads {
            #expect(thread.wait(seconds: 20), "a sender is stuck")
        }
        #expect(delivered.count - deliveredAtCancel <= 1)
        #expect(
            weakToken.object == nil, "the subscriber still holds its closure")
        withExtendedLifetime(cancellable) {}
    }
}
