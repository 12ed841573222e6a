import ConformanceKit

#if OPEN_COMBINE
    import OpenCombine
#else
    import MiniCombine
#endif

let subscriberProbes = sinkProbes + anyCancellableProbes + assignProbes

/// A sink whose closures record what they receive.
private func recordingSink<Input, Failure>(
    _ recorder: TraceRecorder
) -> Subscribers.Sink<Input, Failure> {
    Subscribers.Sink(
        receiveCompletion: { recorder.record("sink: completion \(text($0))") },
        receiveValue: { recorder.record("sink: value \($0)") })
}

private let sinkProbes = [
    Probe("Sink: requests unlimited, returns none, and forwards the completion")
    { recorder in
        let sink: Subscribers.Sink<Int, ProbeError> = recordingSink(recorder)
        sink.receive(
            subscription: RecordingSubscription("subscription", recorder))
        recorder.record("receive(1) returned \(text(sink.receive(1)))")
        sink.receive(completion: .failure(ProbeError(4)))
    },
    Probe("Sink: a second subscription is cancelled") { recorder in
        let sink: Subscribers.Sink<Int, Never> = recordingSink(recorder)
        sink.receive(subscription: RecordingSubscription("first", recorder))
        sink.receive(subscription: RecordingSubscription("second", recorder))
        sink.cancel()
    },
    Probe("Sink: cancel twice reaches the subscription once") { recorder in
        let sink: Subscribers.Sink<Int, Never> = recordingSink(recorder)
        sink.receive(
            subscription: RecordingSubscription("subscription", recorder))
        sink.cancel()
        sink.cancel()
    },
    Probe("Sink: values and a completion after cancel") { recorder in
        let sink: Subscribers.Sink<Int, Never> = recordingSink(recorder)
        sink.receive(
            subscription: RecordingSubscription("subscription", recorder))
        sink.cancel()
        recorder.record("receive(1) returned \(text(sink.receive(1)))")
        sink.receive(completion: .finished)
    },
    Probe("Sink: a subscription, a value and a completion after completion") {
        recorder in
        let sink: Subscribers.Sink<Int, Never> = recordingSink(recorder)
        sink.receive(subscription: RecordingSubscription("first", recorder))
        sink.receive(completion: .finished)
        sink.receive(subscription: RecordingSubscription("second", recorder))
        recorder.record("receive(1) returned \(text(sink.receive(1)))")
        sink.cancel()
    },
    Probe("Sink: cancel before any subscription") { recorder in
        let sink: Subscribers.Sink<Int, Never> = recordingSink(recorder)
        sink.cancel()
        sink.receive(
            subscription: RecordingSubscription("subscription", recorder))
    },
    Probe("sink(receiveValue:) on a sequence, cancelled from inside a value") {
        recorder in
        var token: AnyCancellable?
        token = [1, 2, 3].publisher.tap("source", recorder).sink { value in
            recorder.record("sink: value \(value)")
            if value == 1 { token?.cancel() }
        }
        _ = token
    },
]

private let anyCancellableProbes = [
    Probe("AnyCancellable: released, it runs its action once") { recorder in
        var token: AnyCancellable? = AnyCancellable {
            recorder.record("action")
        }
        recorder.record("releasing")
        token = nil
        _ = token
        recorder.record("released")
    },
    Probe("AnyCancellable: cancel, cancel again, then release") { recorder in
        var token: AnyCancellable? = AnyCancellable {
            recorder.record("action")
        }
        token?.cancel()
        token?.cancel()
        token = nil
        _ = token
        recorder.record("released")
    },
    Probe("AnyCancellable: wrapping a Cancellable") { recorder in
        var token: AnyCancellable? = AnyCancellable(
            RecordingSubscription("subscription", recorder))
        token = nil
        _ = token
    },
    Probe("AnyCancellable: releasing sink's token cancels the subscription") {
        recorder in
        let subject = PassthroughSubject<Int, Never>()
        var token: AnyCancellable? = subject.tap("source", recorder)
            .sink { recorder.record("sink: value \($0)") }
        subject.send(1)
        token = nil
        _ = token
        subject.send(2)
    },
    Probe("AnyCancellable: store(in:) keeps it alive") { recorder in
        var tokens = Set<AnyCancellable>()
        let subject = PassthroughSubject<Int, Never>()
        subject.sink { recorder.record("sink: value \($0)") }.store(in: &tokens)
        subject.send(1)
        tokens.removeAll()
        subject.send(2)
    },
    Probe(
        "AnyCancellable: a cancel() from inside its own action",
        differs: .anyCancellableRunsActionOnce
    ) { recorder in
        var runs = 0
        var token: AnyCancellable?
        token = AnyCancellable {
            runs += 1
            recorder.record("action, run \(runs)")
            if runs == 1 { token?.cancel() }
        }
        token?.cancel()
    },
]

/// The object `assign(to:on:)` writes to, recording each write.
private final class Screen {
    private let recorder: TraceRecorder
    var text = "" {
        didSet { recorder.record("screen: text = \(text)") }
    }

    init(_ recorder: TraceRecorder) {
        self.recorder = recorder
    }
}

private let assignProbes = [
    Probe("assign(to:on:): a sequence writes each value") { recorder in
        let screen = Screen(recorder)
        let token = ["a", "b"].publisher.tap("source", recorder).assign(
            to: \.text, on: screen)
        _ = token
    },
    Probe("assign(to:on:): cancel stops the writes") { recorder in
        let screen = Screen(recorder)
        let subject = PassthroughSubject<String, Never>()
        let token = subject.tap("source", recorder).assign(
            to: \.text, on: screen)
        subject.send("a")
        token.cancel()
        subject.send("b")
        token.cancel()
    },
    Probe(
        "Assign: driven by hand, a second subscription and values after completion"
    ) {
        recorder in
        let screen = Screen(recorder)
        let assign = Subscribers.Assign(object: screen, keyPath: \Screen.text)
        assign.receive(subscription: RecordingSubscription("first", recorder))
        recorder.record("receive(a) returned \(text(assign.receive("a")))")
        assign.receive(subscription: RecordingSubscription("second", recorder))
        assign.receive(completion: .finished)
        recorder.record("receive(b) returned \(text(assign.receive("b")))")
        assign.cancel()
    },
    Probe("Assign: values after cancel") { recorder in
        let screen = Screen(recorder)
        let assign = Subscribers.Assign(object: screen, keyPath: \Screen.text)
        assign.receive(
            subscription: RecordingSubscription("subscription", recorder))
        assign.cancel()
        recorder.record("receive(a) returned \(text(assign.receive("a")))")
        assign.cancel()
    },
]
