import ConformanceKit

#if OPEN_COMBINE
    import OpenCombine
#else
    import MiniCombine
#endif

let justProbes = [
    Probe("Just: one request") { recorder in
        Just(1).subscribe(
            RecordingSubscriber<Int, Never>(
                "sink", recorder, requesting: .max(1)))
    },
    Probe("Just: an unlimited request, then another") { recorder in
        let sink = RecordingSubscriber<Int, Never>(
            "sink", recorder, requesting: .unlimited)
        Just(1).subscribe(sink)
        sink.request(.unlimited)
    },
    Probe("Just: nothing is sent before a request") { recorder in
        let sink = RecordingSubscriber<Int, Never>("sink", recorder)
        Just(1).subscribe(sink)
        recorder.record("(subscribed, nothing requested)")
        sink.request(.max(3))
    },
    Probe("Just: a request from inside receive") { recorder in
        let sink = RecordingSubscriber<Int, Never>(
            "sink", recorder, requesting: .max(1))
        sink.onValue = { _ in sink.request(.max(1)) }
        Just(1).subscribe(sink)
    },
    Probe("Just: a request after completion") { recorder in
        let sink = RecordingSubscriber<Int, Never>(
            "sink", recorder, requesting: .max(1))
        Just(1).subscribe(sink)
        sink.request(.max(1))
    },
    Probe("Just: a request after cancel") { recorder in
        let sink = RecordingSubscriber<Int, Never>("sink", recorder)
        Just(1).subscribe(sink)
        sink.cancel()
        sink.request(.max(1))
    },
    Probe("Just: cancel from inside receive") { recorder in
        let sink = RecordingSubscriber<Int, Never>(
            "sink", recorder, requesting: .max(1))
        sink.onValue = { _ in sink.cancel() }
        Just(1).subscribe(sink)
    },
    Probe("Just: cancel after completion, twice") { recorder in
        let sink = RecordingSubscriber<Int, Never>(
            "sink", recorder, requesting: .max(1))
        Just(1).subscribe(sink)
        sink.cancel()
        sink.cancel()
    },
    Probe("Just: each subscriber gets its own value") { recorder in
        let just = Just("x")
        just.subscribe(
            RecordingSubscriber<String, Never>(
                "first", recorder, requesting: .max(1)))
        just.subscribe(
            RecordingSubscriber<String, Never>(
                "second", recorder, requesting: .max(1)))
    },
]

let sequenceProbes = [
    Probe("Sequence: max(2), returning max(1) then none, in turn") { recorder in
        let sink = RecordingSubscriber<Int, Never>(
            "sink", recorder, requesting: .max(2),
            returning: { $0 % 2 == 0 ? .max(1) : .none })
        [1, 2, 3, 4, 5, 6].publisher.tap("source", recorder).subscribe(sink)
        sink.request(.max(2))
    },
    Probe("Sequence: max(2), returning none, then the rest") { recorder in
        let sink = RecordingSubscriber<Int, Never>(
            "sink", recorder, requesting: .max(2))
        [1, 2, 3, 4].publisher.subscribe(sink)
        recorder.record("(two values in)")
        sink.request(.max(1))
        sink.request(.max(5))
    },
    Probe("Sequence: exactly as many as there are; finished follows at once") {
        recorder in
        [1, 2].publisher.subscribe(
            RecordingSubscriber<Int, Never>(
                "sink", recorder, requesting: .max(2)))
    },
    Probe("Sequence: unlimited") { recorder in
        [1, 2, 3].publisher.subscribe(
            RecordingSubscriber<Int, Never>(
                "sink", recorder, requesting: .unlimited))
    },
    Probe("Sequence: an empty sequence, then a request and a cancel") {
        recorder in
        let sink = RecordingSubscriber<Int, Never>("sink", recorder)
        [Int]().publisher.subscribe(sink)
        sink.request(.max(1))
        sink.cancel()
    },
    Probe("Sequence: an empty sequence with a failure type") { recorder in
        Publishers.Sequence<[Int], ProbeError>(sequence: []).subscribe(
            RecordingSubscriber<Int, ProbeError>(
                "sink", recorder, requesting: .max(1)))
    },
    Probe("Sequence: re-entrant requests from inside receive") { recorder in
        let sink = RecordingSubscriber<Int, Never>(
            "sink", recorder, requesting: .max(1))
        sink.onValue = { value in
            if value < 3 { sink.request(.max(1)) }
        }
        [1, 2, 3, 4, 5].publisher.tap("source", recorder).subscribe(sink)
        sink.request(.max(1))
    },
    Probe("Sequence: re-entrant request while also returning demand") {
        recorder in
        let sink = RecordingSubscriber<Int, Never>(
            "sink", recorder, requesting: .max(1), returning: { _ in .max(1) })
        sink.onValue = { value in
            if value == 2 { sink.request(.max(2)) }
        }
        [1, 2, 3, 4].publisher.subscribe(sink)
    },
    Probe("Sequence: cancel from inside a value that is not the last") {
        recorder in
        let sink = RecordingSubscriber<Int, Never>(
            "sink", recorder, requesting: .unlimited)
        sink.onValue = { value in
            if value == 2 { sink.cancel() }
        }
        [1, 2, 3].publisher.tap("source", recorder).subscribe(sink)
        sink.request(.max(1))
    },
    Probe(
        "Sequence: cancel from inside the last value",
        differs: .sequenceSendsNothingAfterCancel
    ) { recorder in
        let sink = RecordingSubscriber<Int, Never>(
            "sink", recorder, requesting: .unlimited)
        sink.onValue = { value in
            if value == 3 { sink.cancel() }
        }
        [1, 2, 3].publisher.tap("source", recorder).subscribe(sink)
    },
    Probe("Sequence: a request after completion") { recorder in
        let sink = RecordingSubscriber<Int, Never>(
            "sink", recorder, requesting: .max(5))
        [1].publisher.subscribe(sink)
        sink.request(.max(1))
    },
    Probe("Sequence: a request after cancel") { recorder in
        let sink = RecordingSubscriber<Int, Never>(
            "sink", recorder, requesting: .max(1))
        [1, 2, 3].publisher.subscribe(sink)
        sink.cancel()
        sink.request(.max(1))
    },
    Probe("Sequence: each subscriber walks the sequence from the start") {
        recorder in
        let numbers = [1, 2].publisher
        numbers.subscribe(
            RecordingSubscriber<Int, Never>(
                "first", recorder, requesting: .max(1)))
        numbers.subscribe(
            RecordingSubscriber<Int, Never>(
                "second", recorder, requesting: .max(2)))
    },
]
