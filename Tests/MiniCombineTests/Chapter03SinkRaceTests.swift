import Foundation
import MiniCombine
import Testing

/// Chapter 3's `Sink`, cancelled on one thread while its publisher delivers
/// on another.
@Suite struct Chapter03SinkRaceTests {
    @Test func sinkCancelledWhileValuesArriveOnAnotherThread() {
        for _ in 0..<10 {
            let delivered = Tally()
            let completions = Tally()
            var witness: Witness? = Witness()
            let weakWitness = WeakReference(witness!)
            let sink = Subscribers.Sink<Int, Never>(
                receiveCompletion: { [witness] _ in
                    witness?.touch()
                    completions.add()
                },
                receiveValue: { [witness] _ in
                    witness?.touch()
                    delivered.add()
                })
            witness = nil
            let upstream = CountingSubscription()
            sink.receive(subscription: upstream)
            let sendingSink = UncheckedSendable(sink)

            let sender = startThread(named: "sender") {
                for value in 0..<50_000 {
                    _ = sendingSink.value.receive(value)
                }
                sendingSink.value.receive(completion: .finished)
            }
            delivered.wait(untilAtLeast: Int.random(in: 1...100))
            sink.cancel()
            let deliveredAtCancel = delivered.count

            #expect(sender.wait(seconds: 20), "the sender is stuck")
            #expect(delivered.count - deliveredAtCancel <= 1)
            // Either the completion came first, or the cancel did.
            #expect(upstream.cancels.count + completions.count == 1)
            #expect(
                weakWitness.object == nil, "the sink still holds its closures")
        }
    }

    @Test func sinkReleasesItsSubscriptionOutsideItsLockOnCompletion() {
        // The sink holds the only reference to a subscription whose deinit
        // has another thread cancel the sink, and waits for it. Were the
        // subscription released under the sink's lock, that thread would
        // block on the lock and the wait would time out.
        let waits = LockedBox<[Bool]>([])
        let sink = Subscribers.Sink<Int, Never>(
            receiveCompletion: { _ in }, receiveValue: { _ in })
        let shared = UncheckedSendable(sink)
        sink.receive(
            subscription: ReleaseWatchingSubscription {
                let done = startThread(named: "cancels during release") {
                    shared.value.cancel()
                }
                waits.modify { $0.append(done.wait(seconds: 10)) }
            })
        sink.receive(completion: .finished)
        #expect(waits.get() == [true])
    }

    @Test func sinkReleasesItsClosuresOutsideItsLockOnCompletion() {
        // The value closure holds the only reference to an object whose
        // deinit has another thread cancel the sink, and waits for it, as a
        // view model that keeps the sink's AnyCancellable would. Were the
        // closure released under the sink's lock, the wait would time out.
        let waits = LockedBox<[Bool]>([])
        let box = LockedBox<Subscribers.Sink<Int, Never>?>(nil)
        let cancelAndWait = {
            callOnAnotherThreadAndWait(recordingIn: waits) {
                box.get()?.cancel()
            }
        }
        func makeSink(keeping watcher: AnyObject)
            -> Subscribers.Sink<Int, Never>
        {
            Subscribers.Sink(
                receiveCompletion: { _ in },
                receiveValue: { _ in withExtendedLifetime(watcher) {} })
        }
        let sink = makeSink(
            keeping: ReleaseWatchingSubscription(onRelease: cancelAndWait))
        box.set(sink)
        sink.receive(subscription: SpySubscription())
        sink.receive(completion: .finished)
        #expect(waits.get() == [true])
    }

    @Test func anyCancellableCancelledFromTwoThreadsRunsItsActionOnce() {
        for _ in 0..<200 {
            let runs = Tally()
            let cancellable = UncheckedSendable(AnyCancellable { runs.add() })
            let start = Latch()
            let others = (0..<2).map { index in
                startThread(named: "canceller \(index)") {
                    _ = start.wait(seconds: 20)
                    cancellable.value.cancel()
                }
            }
            start.open()
            for other in others {
                #expect(other.wait(seconds: 20), "a canceller is stuck")
            }
            #expect(runs.count == 1)
        }
    }
}
