import ConformanceKit

#if OPEN_COMBINE
    import OpenCombine
#else
    import MiniCombine
#endif

let subjectProbes = [
    Probe("PassthroughSubject: a value sent with no demand is dropped") {
        recorder in
        let subject = PassthroughSubject<Int, Never>()
        let sink = RecordingSubscriber<Int, Never>("sink", recorder)
        subject.subscribe(sink)
        subject.send(1)
        sink.request(.max(1))
        subject.send(2)
        subject.send(3)
    },
    Probe("PassthroughSubject: demand is counted, returned demand adds") {
        recorder in
        let subject = PassthroughSubject<Int, Never>()
        let sink = RecordingSubscriber<Int, Never>(
            "sink", recorder, requesting: .max(2),
            returning: { $0 == 1 ? .max(1) : .none })
        subject.subscribe(sink)
        for value in 1...5 {
            subject.send(value)
        }
    },
    Probe(
        "PassthroughSubject: a completion reaches a subscriber with no demand"
    ) { recorder in
        let subject = PassthroughSubject<Int, ProbeError>()
        subject.subscribe(
            RecordingSubscriber<Int, ProbeError>("sink", recorder))
        subject.send(completion: .failure(ProbeError(3)))
    },
    Probe("PassthroughSubject: several subscribers, each traced on its own") {
        recorder in
        // One recorder per subscriber: the order across subscribers is not part of the contract.
        let recorders = (0..<3).map { _ in TraceRecorder() }
        let subject = PassthroughSubject<Int, Never>()
        let sinks = [
            RecordingSubscriber<Int, Never>(
                "A", recorders[0], requesting: .unlimited),
            RecordingSubscriber<Int, Never>(
                "B", recorders[1], requesting: .max(1)),
            RecordingSubscriber<Int, Never>("C", recorders[2]),
        ]
        for sink in sinks {
            subject.subscribe(sink)
        }
        func drive(_ step: String, _ action: () -> Void) {
            for each in recorders {
                each.record("driver: \(step)")
            }
            action()
        }
        drive("send(1)") { subject.send(1) }
        drive("C requests max(2)") { sinks[2].request(.max(2)) }
        drive("send(2)") { subject.send(2) }
        drive("A cancels") { sinks[0].cancel() }
        drive("send(3)") { subject.send(3) }
        drive("finish") { subject.send(completion: .finished) }
        for each in recorders {
            for event in each.events {
                recorder.record(event)
            }
        }
    },
    Probe("PassthroughSubject: cancel, then sends and a request") { recorder in
        let subject = PassthroughSubject<Int, Never>()
        let sink = RecordingSubscriber<Int, Never>(
            "sink", recorder, requesting: .unlimited)
        subject.subscribe(sink)
        subject.send(1)
        sink.cancel()
        subject.send(2)
        sink.request(.max(1))
        sink.cancel()
        subject.send(completion: .finished)
    },
    Probe("PassthroughSubject: completion twice, then a send") { recorder in
        let subject = PassthroughSubject<Int, ProbeError>()
        let sink = RecordingSubscriber<Int, ProbeError>(
            "sink", recorder, requesting: .unlimited)
        subject.subscribe(sink)
        subject.send(completion: .finished)
        subject.send(completion: .failure(ProbeError(1)))
        subject.send(1)
        sink.request(.max(1))
    },
    Probe("PassthroughSubject: a late subscriber gets the completion at once") {
        recorder in
        let subject = PassthroughSubject<Int, ProbeError>()
        subject.send(completion: .failure(ProbeError(5)))
        let late = RecordingSubscriber<Int, ProbeError>("late", recorder)
        subject.subscribe(late)
        late.request(.max(1))
        late.cancel()
        subject.send(1)
    },
    Probe("PassthroughSubject: a send from inside receive") { recorder in
        let subject = PassthroughSubject<Int, Never>()
        let sink = RecordingSubscriber<Int, Never>(
            "sink", recorder, requesting: .max(3))
        sink.onValue = { value in
            if value == 1 { subject.send(10) }
        }
        subject.subscribe(sink)
        subject.send(1)
        subject.send(2)
    },
    Probe("PassthroughSubject: a request from inside receive") { recorder in
        let subject = PassthroughSubject<Int, Never>()
        let sink = RecordingSubscriber<Int, Never>(
            "sink", recorder, requesting: .max(1))
        sink.onValue = { _ in sink.request(.max(1)) }
        subject.subscribe(sink)
        subject.send(1)
        subject.send(2)
    },
    Probe("PassthroughSubject: cancel from inside receive") { recorder in
        let subject = PassthroughSubject<Int, Never>()
        let sink = RecordingSubscriber<Int, Never>(
            "sink", recorder, requesting: .unlimited)
        sink.onValue = { _ in sink.cancel() }
        subject.subscribe(sink)
        subject.send(1)
        subject.send(2)
    },
    Probe("PassthroughSubject: the same subscriber twice") { recorder in
        let subject = PassthroughSubject<Int, Never>()
        let sink = RecordingSubscriber<Int, Never>(
            "sink", recorder, requesting: .max(1))
        subject.subscribe(sink)
        subject.subscribe(sink)
        subject.send(1)
    },
    Probe(
        "PassthroughSubject: an upstream subscription is asked once demand exists"
    ) { recorder in
        let subject = PassthroughSubject<Int, Never>()
        subject.send(subscription: RecordingSubscription("upstream", recorder))
        let sink = RecordingSubscriber<Int, Never>("sink", recorder)
        subject.subscribe(sink)
        recorder.record("(subscribed, nothing requested)")
        sink.request(.max(1))
        sink.request(.max(1))
        subject.send(
            subscription: RecordingSubscription("second upstream", recorder))
    },
]
