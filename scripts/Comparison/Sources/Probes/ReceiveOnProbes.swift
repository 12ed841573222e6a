import ConformanceKit
import Foundation

#if OPEN_COMBINE
    import OpenCombine
#else
    import MiniCombine
#endif

// Deliveries happen on a queue; the driver holds the queue while it sends and waits for it
// afterwards, so that the events of the two threads never interleave.
let receiveOnProbes = [
    Probe(
        "ReceiveOn: values, returned demand and completion, through a serial queue"
    ) {
        recorder in
        let delivery = DispatchQueue(label: "delivery")
        let subject = PassthroughSubject<Int, ProbeError>()
        let sink = RecordingSubscriber<Int, ProbeError>(
            "sink", recorder, requesting: .max(1),
            returning: { $0 == 0 ? .max(1) : .none })
        subject.tap("source", recorder).receive(on: scheduler(for: delivery))
            .subscribe(sink)
        // The queue is held while the subject sends, so that the send has returned before the
        // delivery starts.
        func drive(_ send: () -> Void) {
            delivery.suspend()
            send()
            delivery.resume()
            delivery.sync {}
        }
        for value in 1...3 {
            drive { subject.send(value) }
        }
        drive { subject.send(completion: .failure(ProbeError(2))) }
    },
    Probe("ReceiveOn: after cancel, values waiting in the queue are dropped") {
        recorder in
        let delivery = DispatchQueue(label: "delivery")
        let subject = PassthroughSubject<Int, Never>()
        let sink = RecordingSubscriber<Int, Never>(
            "sink", recorder, requesting: .unlimited)
        subject.tap("source", recorder).receive(on: scheduler(for: delivery))
            .subscribe(sink)
        delivery.suspend()
        subject.send(1)
        subject.send(2)
        sink.cancel()
        delivery.resume()
        delivery.sync {}
    },
    Probe(
        "ReceiveOn: values and a completion sent before cancel are still delivered"
    ) {
        recorder in
        let delivery = DispatchQueue(label: "delivery")
        let subject = PassthroughSubject<Int, Never>()
        let sink = RecordingSubscriber<Int, Never>(
            "sink", recorder, requesting: .unlimited)
        subject.tap("source", recorder).receive(on: scheduler(for: delivery))
            .subscribe(sink)
        delivery.suspend()
        subject.send(1)
        subject.send(completion: .finished)
        sink.cancel()
        delivery.resume()
        delivery.sync {}
    },
    Probe(
        "ReceiveOn: two deliveries on a concurrent queue",
        differs: .receiveOnHasNoDeliveryLock
    ) { recorder in
        // Records only how many deliveries were ever under way at once: the order in which a
        // concurrent queue runs them is not deterministic, so the subscriber's own events go
        // to a recorder that is not compared.
        let concurrent = DispatchQueue(
            label: "concurrent", attributes: .concurrent)
        let subject = PassthroughSubject<Int, Never>()
        let overlap = OverlapMeter()
        let sink = RecordingSubscriber<Int, Never>(
            "sink", TraceRecorder(), requesting: .unlimited)
        sink.onValue = { _ in
            overlap.measure { Thread.sleep(forTimeInterval: 0.2) }
        }
        subject.receive(on: scheduler(for: concurrent)).subscribe(sink)
        subject.send(1)
        subject.send(2)
        concurrent.sync(flags: .barrier) {}
        recorder.record("most deliveries under way at once: \(overlap.maximum)")
    },
]

/// Counts how many calls of `measure` are running at the same time, and keeps the maximum.
private final class OverlapMeter: @unchecked Sendable {
    private let lock = NSLock()
    private var running = 0
    private(set) var maximum = 0

    func measure(_ body: () -> Void) {
        lock.withLock {
            running += 1
            maximum = max(maximum, running)
        }
        body()
        lock.withLock { running -= 1 }
    }
}
