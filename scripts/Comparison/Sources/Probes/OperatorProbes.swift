import ConformanceKit

#if OPEN_COMBINE
    import OpenCombine
#else
    import MiniCombine
#endif

let operatorProbes =
    mapProbes + droppingProbes + tryMapProbes + replaceErrorProbes
    + receiveOnProbes

private let mapProbes = [
    Probe("Map: demand, values and completion pass through") { recorder in
        let sink = RecordingSubscriber<String, Never>(
            "sink", recorder, requesting: .max(1),
            returning: { $0 == 0 ? .max(1) : .none })
        [1, 2, 3].publisher.tap("source", recorder).map { "#\($0)" }.subscribe(
            sink)
        sink.request(.max(1))
    },
    Probe("Map: cancel reaches the source") { recorder in
        let sink = RecordingSubscriber<Int, Never>(
            "sink", recorder, requesting: .max(1))
        [1, 2, 3].publisher.tap("source", recorder).map { $0 * 10 }.subscribe(
            sink)
        sink.cancel()
        sink.request(.max(1))
    },
    Probe("Map: a failure passes through") { recorder in
        let subject = PassthroughSubject<Int, ProbeError>()
        let sink = RecordingSubscriber<Int, ProbeError>(
            "sink", recorder, requesting: .max(1))
        subject.map { $0 + 1 }.subscribe(sink)
        subject.send(1)
        subject.send(completion: .failure(ProbeError(7)))
    },
]

private let droppingProbes = [
    Probe("CompactMap: each nil asks upstream for one more") { recorder in
        let sink = RecordingSubscriber<Int, Never>(
            "sink", recorder, requesting: .max(2))
        [1, 2, 3, 4, 5, 6, 7].publisher.tap("source", recorder)
            .compactMap { $0 % 3 == 0 ? $0 : nil }
            .subscribe(sink)
        sink.request(.max(1))
    },
    Probe("CompactMap: a returned demand passes up") { recorder in
        let sink = RecordingSubscriber<Int, Never>(
            "sink", recorder, requesting: .max(1), returning: { _ in .max(2) })
        [1, 2, 3, 4].publisher.tap("source", recorder).compactMap {
            $0 == 2 ? nil : $0
        }
        .subscribe(sink)
    },
    Probe("Filter: each dropped value asks upstream for one more") { recorder in
        let sink = RecordingSubscriber<Int, Never>(
            "sink", recorder, requesting: .max(2))
        (1...10).publisher.tap("source", recorder).filter {
            $0.isMultiple(of: 4)
        }
        .subscribe(sink)
        sink.request(.max(1))
    },
    Probe("Filter: from a subject, dropped values still use demand") {
        recorder in
        let subject = PassthroughSubject<Int, ProbeError>()
        let sink = RecordingSubscriber<Int, ProbeError>(
            "sink", recorder, requesting: .max(1))
        subject.tap("source", recorder).filter { $0 > 2 }.subscribe(sink)
        for value in 1...5 {
            subject.send(value)
        }
        subject.send(completion: .finished)
    },
]

private let tryMapProbes = [
    Probe("TryMap: a throw cancels upstream and fails downstream") { recorder in
        let sink = RecordingSubscriber<Int, any Error>(
            "sink", recorder, requesting: .unlimited)
        [1, 2, 3, 4].publisher.tap("source", recorder)
            .tryMap { value in
                if value == 2 { throw ProbeError(value) }
                return value
            }
            .subscribe(sink)
        sink.request(.max(1))
        sink.cancel()
    },
    Probe("TryMap: an upstream failure passes through") { recorder in
        let subject = PassthroughSubject<Int, ProbeError>()
        let sink = RecordingSubscriber<Int, any Error>(
            "sink", recorder, requesting: .max(2))
        subject.tryMap { $0 * 2 }.subscribe(sink)
        subject.send(1)
        subject.send(completion: .failure(ProbeError(9)))
        subject.send(2)
    },
    Probe("TryMap: demand and cancel pass through") { recorder in
        let subject = PassthroughSubject<Int, Never>()
        let sink = RecordingSubscriber<Int, any Error>(
            "sink", recorder, requesting: .max(1), returning: { _ in .max(1) })
        subject.tap("source", recorder).tryMap { $0 }.subscribe(sink)
        subject.send(1)
        subject.send(2)
        sink.cancel()
        subject.send(3)
    },
    Probe(
        "TryMap: a throw on a sequence's last value",
        differs: .sequenceSendsNothingAfterCancel
    ) { recorder in
        [1, 2, 3].publisher.tap("source", recorder)
            .tryMap { value in
                if value == 3 { throw ProbeError(value) }
                return value
            }
            .subscribe(
                RecordingSubscriber<Int, any Error>(
                    "sink", recorder, requesting: .unlimited))
    },
    Probe(
        "TryMap: values a broken upstream sends after the throw",
        differs: .tryMapIgnoresValuesAfterFailing
    ) { recorder in
        StubbornPublisher<Never>(values: [1, 2, 3], completion: .finished)
            .tryMap { value in
                recorder.record("transform: \(value)")
                if value == 1 { throw ProbeError(value) }
                return value
            }
            .subscribe(
                RecordingSubscriber<Int, any Error>(
                    "sink", recorder, requesting: .unlimited))
    },
]

private let replaceErrorProbes = [
    Probe(
        "ReplaceError: a failure with demand left becomes a value and finished"
    ) { recorder in
        let subject = PassthroughSubject<Int, ProbeError>()
        let sink = RecordingSubscriber<Int, Never>(
            "sink", recorder, requesting: .max(2))
        subject.tap("source", recorder).replaceError(with: -1).subscribe(sink)
        subject.send(1)
        subject.send(completion: .failure(ProbeError(1)))
        sink.request(.max(1))
    },
    Probe("ReplaceError: a failure at zero demand waits for a request") {
        recorder in
        let subject = PassthroughSubject<Int, ProbeError>()
        let sink = RecordingSubscriber<Int, Never>(
            "sink", recorder, requesting: .max(1))
        subject.tap("source", recorder).replaceError(with: -1).subscribe(sink)
        subject.send(1)
        subject.send(completion: .failure(ProbeError(1)))
        recorder.record("(failed with no demand)")
        sink.request(.max(1))
    },
    Probe("ReplaceError: a failure before any request") { recorder in
        let subject = PassthroughSubject<Int, ProbeError>()
        let sink = RecordingSubscriber<Int, Never>("sink", recorder)
        subject.replaceError(with: -1).subscribe(sink)
        subject.send(completion: .failure(ProbeError(1)))
        sink.request(.unlimited)
    },
    Probe(
        "ReplaceError: a failure at zero demand, then cancel, then a request",
        differs: .replaceErrorSendsReplacementOnce
    ) { recorder in
        let subject = PassthroughSubject<Int, ProbeError>()
        let sink = RecordingSubscriber<Int, Never>("sink", recorder)
        subject.tap("source", recorder).replaceError(with: -1).subscribe(sink)
        subject.send(completion: .failure(ProbeError(1)))
        sink.cancel()
        sink.request(.max(1))
    },
    Probe(
        "ReplaceError: a failure at zero demand, then two requests",
        differs: .replaceErrorSendsReplacementOnce
    ) { recorder in
        let subject = PassthroughSubject<Int, ProbeError>()
        let sink = RecordingSubscriber<Int, Never>("sink", recorder)
        subject.replaceError(with: -1).subscribe(sink)
        subject.send(completion: .failure(ProbeError(1)))
        sink.request(.max(1))
        sink.request(.max(1))
    },
    Probe("ReplaceError: finished and values pass through, demand is counted") {
        recorder in
        let sink = RecordingSubscriber<Int, Never>(
            "sink", recorder, requesting: .max(1), returning: { _ in .max(1) })
        [1, 2, 3].publisher.tap("source", recorder).replaceError(with: -1)
            .subscribe(sink)
    },
    Probe("ReplaceError: after tryMap's throw") { recorder in
        let sink = RecordingSubscriber<Int, Never>(
            "sink", recorder, requesting: .max(2))
        [1, 2, 3].publisher.tap("source", recorder)
            .tryMap { value in
                if value == 2 { throw ProbeError(value) }
                return value
            }
            .replaceError(with: 0)
            .subscribe(sink)
    },
]
