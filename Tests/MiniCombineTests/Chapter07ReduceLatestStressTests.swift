import Foundation
import MiniCombine
import Testing

/// Chapter 7, under load: `ReduceLatest3` keeps its contract while several
/// threads send, another asks for demand in small steps and one cancels.
///
/// The threads are Foundation `Thread`s, not dispatch queues: on Linux,
/// ThreadSanitizer does not reliably see races on libdispatch's threads.
/// Nothing sleeps: threads start together at a latch, and every wait has a
/// time limit, so a deadlock fails the test instead of hanging it.
@Suite struct Chapter07ReduceLatestStressTests {
    @Test func stressManyThreadsSendingWhileDemandAndCancelRace() {
        // Set STRESS_SEED to replay the random choices of a failed run (the
        // threads' interleaving cannot be replayed).
        let seed =
            ProcessInfo.processInfo.environment["STRESS_SEED"].flatMap {
                UInt64($0)
            }
            ?? UInt64.random(in: 0...UInt64.max)
        var random = SplitMix64(seed: seed)
        for cancel in StressRound.Cancel.allCases {
            let round = StressRound(cancel: cancel, random: &random)
            let outcome = round.run()
            let context =
                "STRESS_SEED=\(seed), cancel \(cancel) after \(round.cancelAfter) values: \(outcome)"
            #expect(
                outcome.timedOut.isEmpty,
                "\(context): still running: \(outcome.timedOut)")
            #expect(
                outcome.violations.isEmpty, "\(context): \(outcome.violations)")
            #expect(outcome.delivered > 0, "\(context): nothing was delivered")
            switch cancel {
            case .fromAnotherThread:
                // A value (or completion) already on its way when `cancel()`
                // is called on another thread may still arrive: the
                // subscription never holds its lock while calling out, so
                // `cancel()` cannot wait for it. Only that one.
                #expect(outcome.eventsAfterCancel <= 1, "\(context)")
            case .fromInsideReceive where outcome.cancelled:
                #expect(outcome.eventsAfterCancel == 0, "\(context)")
                #expect(outcome.completions == 0, "\(context)")
            case .fromInsideReceive:
                // Values that arrive faster than demand are coalesced, so on a
                // busy machine the stream can end before the cancel point.
                #expect(
                    outcome.delivered < round.cancelAfter,
                    "\(context): never cancelled")
                #expect(outcome.completions == 1, "\(context)")
            case .never:
                #expect(outcome.completions == 1, "\(context)")
            }
        }
    }
}

/// One run of the stress test: four sending threads, one asking for demand,
/// and, depending on `cancel`, one cancelling.
///
/// Values encode who sent them: `thread * 1_000_000 + n`, where thread 0, 1
/// and 2 each own one subject and send it `0..<perThread` in order, and
/// thread 3 sends `n` to subject `n % 3`. Each thread sends in order, so in
/// the results, per subject and per thread, `n` never goes down.
private struct StressRound {
    enum Cancel: CaseIterable {
        case fromAnotherThread
        case fromInsideReceive
        case never
    }

    static let senders = 4
    static let perThread = 8_000
    /// How long a round may take before its threads count as stuck; a
    /// round normally takes well under a second.
    static let timeLimit = 20.0

    let cancel: Cancel
    /// The number of values after which the subscription is cancelled.
    let cancelAfter: Int
    let recorderSeed: UInt64
    let demandSeed: UInt64

    init(cancel: Cancel, random: inout SplitMix64) {
        self.cancel = cancel
        cancelAfter = Int.random(in: 1...1_500, using: &random)
        recorderSeed = random.next()
        demandSeed = random.next()
    }

    struct Outcome {
        var violations: [String]
        var delivered: Int
        var completions: Int
        var cancelled: Bool
        var eventsAfterCancel: Int
        var timedOut: [String]
    }

    func run() -> Outcome {
        let subjects = (0..<3).map { _ in PassthroughSubject<Int, Never>() }
        let recorder = StressRecorder(
            cancelInsideAfter: cancel == .fromInsideReceive ? cancelAfter : nil,
            signalAfter: cancelAfter,
            seed: recorderSeed
        )
        subjects[0].reduceLatest(subjects[1], subjects[2]) {
            Combination(slots: [$0, $1, $2])
        }
        .subscribe(recorder)

        let start = Latch()
        var running: [(String, Latch)] = []
        for thread in 0..<Self.senders {
            let done = startThread(named: "sender \(thread)") {
                _ = start.wait(seconds: Self.timeLimit)
                for n in 0..<Self.perThread {
                    let slot = thread < 3 ? thread : n % 3
                    subjects[slot].send(thread * 1_000_000 + n)
                }
                if thread < 3 {
                    subjects[thread].send(completion: .finished)
                }
            }
            running.append(("sender \(thread)", done))
        }
        let demandDone = startThread(named: "demand") { [demandSeed] in
            var random = SplitMix64(seed: demandSeed)
            _ = start.wait(seconds: Self.timeLimit)
            while let grant = recorder.grant(
                Int.random(in: 1...4, using: &random))
            {
                grant.subscription.request(.max(grant.amount))
                recorder.waitForDelivery(
                    leaving: Int.random(in: 0...2, using: &random))
            }
        }
        var cancelDone: Latch?
        if cancel == .fromAnotherThread {
            cancelDone = startThread(named: "cancel") {
                _ = start.wait(seconds: Self.timeLimit)
                _ = recorder.reachedCancelPoint.wait(seconds: Self.timeLimit)
                recorder.cancelFromOutside()
            }
        }

        // One deadline for the whole round, so that a deadlock costs one time
        // limit, not one per thread.
        let deadline = Date(timeIntervalSinceNow: Self.timeLimit)
        start.open()
        var timedOut: [String] = []
        for (name, done) in running where !done.wait(until: deadline) {
            timedOut.append(name)
        }
        // Whatever happened, let the other two threads end.
        recorder.stopDemand()
        recorder.reachedCancelPoint.open()
        if !demandDone.wait(until: deadline) { timedOut.append("demand") }
        if let cancelDone, !cancelDone.wait(until: deadline) {
            timedOut.append("cancel")
        }
        return recorder.outcome(timedOut: timedOut)
    }
}

/// What the stress test's transform builds: the latest value of each
/// subject, `nil` for one that has sent nothing yet.
private struct Combination {
    let slots: [Int?]
}

/// The stress test's subscriber: it checks each call against the contract
/// as it arrives, under its own lock, and never calls the subscription
/// while holding it.
private final class StressRecorder: Subscriber, @unchecked Sendable {
    typealias Input = Combination
    typealias Failure = Never

    /// A grant of demand for the demand thread to pass on.
    struct Grant {
        let subscription: any Subscription
        let amount: Int
    }

    /// Opens once `signalAfter` values have arrived.
    let reachedCancelPoint = Latch()

    private let condition = NSCondition()
    private let cancelInsideAfter: Int?
    private let signalAfter: Int
    private var random: SplitMix64
    private var subscription: (any Subscription)?
    private var requested = 0
    private var delivered = 0
    private var completions = 0
    private var isInsideACall = false
    private var cancelled = false
    private var eventsAfterCancel = 0
    private var demandStopped = false
    private var latestN = [[Int]](
        repeating: [Int](repeating: -1, count: 4), count: 3)
    private var hasSentValue = [false, false, false]
    private var violations: [String] = []

    init(cancelInsideAfter: Int?, signalAfter: Int, seed: UInt64) {
        self.cancelInsideAfter = cancelInsideAfter
        self.signalAfter = signalAfter
        random = SplitMix64(seed: seed)
    }

    // Called by the publisher.

    func receive(subscription: any Subscription) {
        condition.withLock {
            if self.subscription != nil { violate("a second subscription") }
            self.subscription = subscription
        }
    }

    func receive(_ input: Combination) -> Subscribers.Demand {
        condition.lock()
        enter()
        if completions > 0 { violate("a value after the completion") }
        delivered += 1
        if delivered > requested {
            violate("value \(delivered) when only \(requested) were requested")
        }
        check(input)
        // Sometimes ask for one more from here.
        let more = Int.random(in: 0...3, using: &random) == 0 ? 1 : 0
        requested += more
        let cancelNow = delivered == cancelInsideAfter
        if delivered == signalAfter { reachedCancelPoint.open() }
        let subscription = self.subscription
        condition.broadcast()
        condition.unlock()

        if cancelNow, let subscription {
            subscription.cancel()
            condition.withLock { cancelled = true }
        }
        condition.withLock { isInsideACall = false }
        return .max(more)
    }

    func receive(completion: Subscribers.Completion<Never>) {
        condition.withLock {
            enter()
            completions += 1
            if completions > 1 { violate("completion number \(completions)") }
            isInsideACall = false
            condition.broadcast()
        }
    }

    // Called by the test's threads.

    /// Counts `amount` more as requested and returns the grant to pass on,
    /// or `nil` once demand has been stopped.
    func grant(_ amount: Int) -> Grant? {
        condition.withLock {
            guard !demandStopped, let subscription else { return nil }
            requested += amount
            return Grant(subscription: subscription, amount: amount)
        }
    }

    /// Waits until all but `leaving` of the demand granted so far has been
    /// used, demand is stopped, or a moment has passed.
    func waitForDelivery(leaving: Int) {
        let deadline = Date(timeIntervalSinceNow: 0.01)
        condition.lock()
        while !demandStopped, delivered + leaving < requested, completions == 0,
            !cancelled
        {
            if !condition.wait(until: deadline) { break }
        }
        condition.unlock()
    }

    func stopDemand() {
        condition.withLock {
            demandStopped = true
            condition.broadcast()
        }
    }

    func cancelFromOutside() {
        let subscription = condition.withLock { self.subscription }
        subscription?.cancel()
        condition.withLock { cancelled = true }
    }

    func outcome(timedOut: [String]) -> StressRound.Outcome {
        condition.withLock {
            StressRound.Outcome(
                violations: violations,
                delivered: delivered,
                completions: completions,
                cancelled: cancelled,
                eventsAfterCancel: eventsAfterCancel,
                timedOut: timedOut
            )
        }
    }

    // Checks, with the lock held.

    private func enter() {
        if isInsideACall { violate("two calls at once") }
        isInsideACall = true
        if cancelled { eventsAfterCancel += 1 }
    }

    private func check(_ combination: Combination) {
        guard combination.slots.count == 3 else {
            return violate("a combination of \(combination.slots.count)")
        }
        for (slot, value) in combination.slots.enumerated() {
            guard let value else {
                if hasSentValue[slot] {
                    violate("subject \(slot) went back to nil")
                }
                continue
            }
            hasSentValue[slot] = true
            let (thread, n) = value.quotientAndRemainder(dividingBy: 1_000_000)
            let wasSent =
                (0..<StressRound.senders).contains(thread)
                && n < StressRound.perThread
                && (thread == slot || (thread == 3 && n % 3 == slot))
            guard wasSent else {
                violate(
                    "subject \(slot) delivered \(value), which was never sent to it"
                )
                continue
            }
            if n < latestN[slot][thread] {
                violate(
                    "subject \(slot), thread \(thread) went back from \(latestN[slot][thread]) to \(n)"
                )
            }
            latestN[slot][thread] = n
        }
    }

    private func violate(_ message: String) {
        if violations.count < 20 { violations.append(message) }
    }
}

/// A small, fast random number generator that replays from its seed.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
