import Testing
import TunedCombine

// The tuned sink and subject call their closures without retaining them (see the appendix). A
// subscriber that cancels from inside such a call must still find its closure, and what the
// closure captured, alive until the call returns.

/// Records, in order, what the tests below observe.
final class Log {
    var entries: [String] = []
}

/// Something captured by a closure; it notes when it is released.
final class Witness {
    let log: Log

    init(log: Log) {
        self.log = log
    }

    deinit {
        log.entries.append("witness released")
    }
}

/// A subscriber that cancels its subscription on the first value, then uses itself.
final class CancellingSubscriber: Subscriber {
    typealias Input = Int
    typealias Failure = Never

    let log: Log
    var subscription: (any Subscription)?

    init(log: Log) {
        self.log = log
    }

    deinit {
        log.entries.append("subscriber released")
    }

    func receive(subscription: any Subscription) {
        self.subscription = subscription
        subscription.request(.unlimited)
    }

    func receive(_ input: Int) -> Subscribers.Demand {
        subscription?.cancel()
        subscription = nil
        log.entries.append(
            "received \(input) and cancelled, \(log.entries.count) earlier")
        return .none
    }

    func receive(completion: Subscribers.Completion<Never>) {}
}

@Suite("Tuned variant: closures outlive a cancel from inside them")
struct DeferredReleaseTests {
    @Test
    func sinkCancelledFromItsOwnClosureKeepsItsCapturesUntilTheClosureReturns()
    {
        let log = Log()
        let subject = PassthroughSubject<Int, Never>()
        var cancellable: AnyCancellable?
        do {
            let witness = Witness(log: log)
            cancellable = subject.sink { value in
                cancellable?.cancel()
                witness.log.entries.append("received \(value) and cancelled")
            }
        }
        subject.send(1)
        subject.send(2)
        #expect(
            log.entries == ["received 1 and cancelled", "witness released"])
        withExtendedLifetime(cancellable) {}
    }

    @Test
    func subjectKeepsASubscriberThatCancelsFromInsideReceiveUntilItReturns() {
        let log = Log()
        let subject = PassthroughSubject<Int, Never>()
        subject.subscribe(CancellingSubscriber(log: log))
        subject.send(1)
        subject.send(2)
        #expect(
            log.entries == [
                "received 1 and cancelled, 0 earlier", "subscriber released",
            ])
    }
}
