import Foundation
import MiniCombine
import Testing

/// Cancelling from one thread while another delivers: the contract every
/// subscriber and subscription keeps (chapters 3, 6 and 7).
///
/// - `cancel()` never crashes, races or deadlocks (ThreadSanitizer checks
///   the "races" part when `scripts/test` runs these under it);
/// - once `cancel()` has returned, no new delivery starts: at most the one
///   already under way on the sending thread arrives;
/// - once that delivery ends, the subscriber has let go of its closures (or
///   its object), even though the cancellable is still alive.
///
/// Each test runs a fixed number of rounds, with the cancel at a random
/// point of the stream; nothing sleeps.
@Suite struct Chapter07CancelRaceTests {
    static let rounds = 60
    static let valuesPerRound = 2_000

    @Test func sinkCancelledWhileASubjectSendsFromAnotherThread() {
        for _ in 0..<Self.rounds {
            let subject = PassthroughSubject<Int, Never>()
            checkCancelMidStream(senders: [{ Self.sendValues(to: subject) }]) {
                onValue in
                subject.sink { _ in onValue() }
            }
        }
    }

    @Test func assignCancelledWhileASubjectSendsFromAnotherThread() {
        for _ in 0..<Self.rounds {
            let subject = PassthroughSubject<Int, Never>()
            var model: LockedModel? = LockedModel()
            let weakModel = WeakReference(model!)
            let cancellable = subject.assign(to: \.value, on: model!)

            let sender = startThread(named: "sender") {
                for value in 0..<Self.valuesPerRound {
                    subject.send(value)
                }
            }
            model!.writes.wait(untilAtLeast: Int.random(in: 1...100))
            cancellable.cancel()
            let writesAtCancel = model!.writes.count

            #expect(sender.wait(seconds: 20), "the sender is stuck")
            #expect(model!.writes.count - writesAtCancel <= 1)
            model = nil
            #expect(weakModel.object == nil, "assign still holds its object")
            withExtendedLifetime(cancellable) {}
        }
    }

    @Test func mapAndSinkCompletedOnOneThreadWhileCancelledOnAnother() {
        for _ in 0..<Self.rounds {
            let subject = PassthroughSubject<Int, Never>()
            let events = LockedBox<[String]>([])
            let delivered = Tally()
            var witness: Witness? = Witness()
            let weakWitness = WeakReference(witness!)
            let cancellable =
                subject
                .map { $0 * 2 }
                .sink(
                    receiveCompletion: { [witness] _ in
                        witness?.touch()
                        events.modify { $0.append("finished") }
                    },
                    receiveValue: { [witness] value in
                        witness?.touch()
                        events.modify { $0.append("\(value)") }
                        delivered.add()
                    })
            witness = nil

            let sent = Int.random(in: 1...20)
            let sender = startThread(named: "sender") {
                for value in 0..<sent {
                    subject.send(value)
                }
                subject.send(completion: .finished)
            }
            delivered.wait(untilAtLeast: Int.random(in: 1...sent), seconds: 5)
            cancellable.cancel()
            let eventsAtCancel = events.get().count

            #expect(sender.wait(seconds: 20), "the sender is stuck")
            let all = events.get()
            #expect(all.count - eventsAtCancel <= 1, "\(all)")
            #expect(all.filter { $0 == "finished" }.count <= 1, "\(all)")
            #expect(
                all.firstIndex(of: "finished").map { $0 == all.count - 1 }
                    ?? true, "\(all)")
            let received = all.filter { $0 != "finished" }
            #expect(
                received == (0..<received.count).map { "\($0 * 2)" }, "\(all)")
            #expect(
                weakWitness.object == nil, "the sink still holds its closures")
            withExtendedLifetime(cancellable) {}
        }
    }

    @Test func receiveOnCancelledFromAnotherThreadWhileTheSchedulerDelivers() {
        for _ in 0..<Self.rounds {
            let subject = PassthroughSubject<Int, Never>()
            let scheduler = ThreadScheduler()
            let send: @Sendable () -> Void = {
                Self.sendValues(to: subject)
                subject.send(completion: .finished)
            }
            let drain = { scheduler.drainAndStop() }
            checkCancelMidStream(senders: [send], drain: drain) { onValue in
                subject.receive(on: scheduler).sink { _ in onValue() }
            }
        }
    }

    @Test func receiveOnADispatchQueueCancelledFromAnotherThread() {
        for _ in 0..<Self.rounds {
            let subject = PassthroughSubject<Int, Never>()
            let queue = DispatchQueue(label: "receive-on")
            let drain = {
                queue.sync {}
                return true
            }
            checkCancelMidStream(
                senders: [{ Self.sendValues(to: subject) }], drain: drain
            ) {
                onValue in
                subject.receive(on: queue).sink { _ in onValue() }
            }
        }
    }

    @Test
    func reduceLatestOverThreeSubjectsFedByThreeThreadsCancelledMidStream() {
        for _ in 0..<Self.rounds {
            let subjects = (0..<3).map { _ in PassthroughSubject<Int, Never>() }
            let senders = subjects.map { subject in
                { @Sendable in Self.sendValues(to: subject) }
            }
            checkCancelMidStream(senders: senders) { onValue in
                subjects[0]
                    .reduceLatest(subjects[1], subjects[2]) {
                        first, second, third in
                        (first ?? 0) + (second ?? 0) + (third ?? 0)
                    }
                    .sink { _ in onValue() }
            }
        }
    }

    /// Sends `0..<valuesPerRound` to `subject`.
    private static func sendValues(to subject: PassthroughSubject<Int, Never>) {
        for value in 0..<valuesPerRound {
            subject.send(value)
        }
    }

    /// One round of the contract for a pipeline ending in a closure: `subscribe`
    /// attaches it, calling `onValue` for each value; `senders` run on threads
    /// of their own; the subscription is cancelled after a few values.
    ///
    /// Then at most one value arrives after `cancel()` has returned, and once
    /// `drain` says the deliveries are over, the closure has been let go of,
    /// although the cancellable is still alive.
    private func checkCancelMidStream(
        senders: [@Sendable () -> Void],
        drain: () -> Bool = { true },
        subscribe: (_ onValue: @escaping () -> Void) -> AnyCancellable
    ) {
        let delivered = Tally()
        var witness: Witness? = Witness()
        let weakWitness = WeakReference(witness!)
        let cancellable = subscribe { [witness] in
            witness?.touch()
            delivered.add()
        }
        witness = nil

        let threads = senders.enumerated().map { index, send in
            startThread(named: "sender \(index)", send)
        }
        delivered.wait(untilAtLeast: Int.random(in: 1...100))
        cancellable.cancel()
        let deliveredAtCancel = delivered.count

        for thread in threads {
            #expect(thread.wait(seconds: 20), "a sender is stuck")
        }
        #expect(drain(), "the deliveries are stuck")
        #expect(delivered.count - deliveredAtCancel <= 1)
        #expect(
            weakWitness.object == nil, "the subscriber still holds its closure")
        withExtendedLifetime(cancellable) {}
    }
}
