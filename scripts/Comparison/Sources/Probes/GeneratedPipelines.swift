import ConformanceKit

#if OPEN_COMBINE
    import OpenCombine
#else
    import MiniCombine
#endif

/// Builds `pipeline`, runs its steps, and returns everything the taps and the subscriber saw.
func trace(of pipeline: Pipeline) -> [String] {
    let recorder = TraceRecorder()
    let subject = PassthroughSubject<Int, ProbeError>()
    let subscriber: any Cancellable & Requesting
    switch pipeline.source {
    case .just(let value):
        subscriber = attach(Just(value), pipeline, recorder)
    case .sequence(let values):
        subscriber = attach(values.publisher, pipeline, recorder)
    case .subject:
        subscriber = attach(subject, pipeline, recorder)
    }
    for step in pipeline.steps {
        recorder.record("driver: \(step)")
        switch step {
        case .send(let value): subject.send(value)
        case .finish: subject.send(completion: .finished)
        case .fail(let code):
            subject.send(completion: .failure(ProbeError(code)))
        case .request(let demand) where !subscriber.isDone:
            subscriber.request(Subscribers.Demand(demand))
        case .cancel where !subscriber.isDone: subscriber.cancel()
        case .request, .cancel:
            recorder.record("driver: skipped, the subscriber is done")
        }
    }
    return recorder.events
}

/// Something the driver can ask for more values.
///
/// Like a real subscriber, the generated one makes no more calls once it is done, that is
/// completed or cancelled; what libraries do with such calls is left to the hand-written probes.
protocol Requesting {
    var isDone: Bool { get }
    func request(_ demand: Subscribers.Demand)
}

extension RecordingSubscriber: Requesting {}

private func attach<Source: Publisher>(
    _ source: Source, _ pipeline: Pipeline, _ recorder: TraceRecorder
) -> any Cancellable & Requesting where Source.Output == Int {
    attach(
        source.tap("tap0", recorder), pipeline.operators[...], stage: 1,
        pipeline, recorder)
}

/// Appends the remaining `operators` to `upstream`, then the recording subscriber.
private func attach<Upstream: Publisher>(
    _ upstream: Upstream, _ operators: ArraySlice<Operator>, stage: Int,
    _ pipeline: Pipeline,
    _ recorder: TraceRecorder
) -> any Cancellable & Requesting where Upstream.Output == Int {
    guard let first = operators.first else {
        let subscriber = RecordingSubscriber<Int, Upstream.Failure>(
            "sink", recorder,
            requesting: pipeline.initialDemand.map(Subscribers.Demand.init),
            returning: {
                Subscribers.Demand(pipeline.returnedDemand(forValueAt: $0))
            })
        upstream.subscribe(subscriber)
        return subscriber
    }
    let rest = operators.dropFirst()
    func next<Next: Publisher>(_ publisher: Next) -> any Cancellable
        & Requesting
    where Next.Output == Int {
        if pipeline.tapsAfterOperators {
            attach(
                publisher.tap("tap\(stage)", recorder), rest, stage: stage + 1,
                pipeline, recorder)
        } else {
            attach(publisher, rest, stage: stage + 1, pipeline, recorder)
        }
    }
    switch first {
    case .map(let amount):
        return next(upstream.map { $0 + amount })
    case .filter(let divisor):
        return next(upstream.filter { $0 % divisor != 0 })
    case .compactMap(let divisor):
        return next(upstream.compactMap { $0 % divisor == 0 ? nil : $0 * 2 })
    case .tryMap(let divisor):
        return next(
            upstream.tryMap { value in
                if value % divisor == 0 { throw ProbeError(value) }
                return value - 1
            })
    case .replaceError(let value):
        return next(upstream.replaceError(with: value))
    }
}
