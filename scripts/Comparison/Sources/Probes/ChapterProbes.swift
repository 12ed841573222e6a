import ConformanceKit
import Foundation

// Each chapter's demo program (Chapters/NN-*/main.swift), rebuilt with recorders in place of
// prints. Book-only types (ReduceLatest3, TypesChart) have no OpenCombine
// counterpart, so only the Combine-shaped parts of those demos are probed.
#if OPEN_COMBINE
    import OpenCombine
#else
    import MiniCombine
#endif

let chapterProbes = [
    Probe("chapter 1 demo: a hand-written countdown and a listener") {
        recorder in
        let listener = RecordingSubscriber<Int, Never>(
            "listener", recorder, requesting: .max(2),
            returning: { $0 == 1 ? .max(1) : .none })
        Countdown(start: 3, recorder: recorder).subscribe(listener)
    },
    Probe(
        "chapter 2 demo: Just waits for demand, and sends nothing after cancel"
    ) { recorder in
        let greeting = Just("hello")
        let first = RecordingSubscriber<String, Never>("first", recorder)
        greeting.subscribe(first)
        first.request(.max(1))
        let second = RecordingSubscriber<String, Never>("second", recorder)
        greeting.subscribe(second)
        second.cancel()
        second.request(.max(1))
    },
    Probe("chapter 3 demo: a Sink driven by hand, then Just(7).sink") {
        recorder in
        let sink = Subscribers.Sink<Int, Never>(
            receiveCompletion: {
                recorder.record("hand sink: completion \(text($0))")
            },
            receiveValue: { recorder.record("hand sink: value \($0)") })
        sink.receive(
            subscription: RecordingSubscription("first subscription", recorder))
        recorder.record("receive(1) returned \(text(sink.receive(1)))")
        sink.receive(
            subscription: RecordingSubscription("second subscription", recorder)
        )
        var cancellable: AnyCancellable? = AnyCancellable(sink)
        recorder.record("releasing the AnyCancellable")
        cancellable = nil
        _ = cancellable
        recorder.record("receive(2) returned \(text(sink.receive(2)))")
        let token = Just(7).sink(
            receiveCompletion: {
                recorder.record("sink: completion \(text($0))")
            },
            receiveValue: { recorder.record("sink: value \($0)") })
        _ = token
    },
    Probe(
        "chapter 4 demo: map between Just and sink, then a second map",
        differs: .noSpecializedOperators
    ) { recorder in
        let doubled = Just(10).map { value in
            recorder.record("map: \(value) becomes \(value * 2)")
            return value * 2
        }
        let doubledToken = doubled.sink { recorder.record("sink: got \($0)") }
        let labelledToken = doubled.map { "\($0) apples" }.sink(
            receiveCompletion: {
                recorder.record("sink: completion \(text($0))")
            },
            receiveValue: { recorder.record("sink: got \($0)") })
        _ = (doubledToken, labelledToken)
    },
    Probe(
        "chapter 4 demo, with a tap after Just so that both use the general map"
    ) {
        recorder in
        let doubled = Just(10).tap("just", recorder).map { value in
            recorder.record("map: \(value) becomes \(value * 2)")
            return value * 2
        }
        let doubledToken = doubled.sink { recorder.record("sink: got \($0)") }
        let labelledToken = doubled.map { "\($0) apples" }.sink(
            receiveCompletion: {
                recorder.record("sink: completion \(text($0))")
            },
            receiveValue: { recorder.record("sink: got \($0)") })
        _ = (doubledToken, labelledToken)
    },
    Probe("chapter 5 demo: two relays (taps) between a sequence and a sink") {
        recorder in
        let token = [1, 2].publisher.tap("A", recorder).tap("B", recorder)
            .sink { recorder.record("sink: got \($0)") }
        _ = token
    },
    Probe(
        "chapter 5 demo: filter keeps the demand honest",
        differs: .noSpecializedOperators
    ) { recorder in
        let firstThree = RecordingSubscriber<Int, Never>(
            "firstThree", recorder, requesting: .max(3))
        (1...100).publisher
            .map { value in
                recorder.record("map: sent \(value)")
                return value
            }
            .filter { $0 % 10 == 0 }
            .subscribe(firstThree)
    },
    Probe(
        "chapter 5 demo, filter, with a tap after the source: the general operators"
    ) {
        recorder in
        let firstThree = RecordingSubscriber<Int, Never>(
            "firstThree", recorder, requesting: .max(3))
        (1...100).publisher
            .tap("source", recorder)
            .map { value in
                recorder.record("map: sent \(value)")
                return value
            }
            .filter { $0 % 10 == 0 }
            .subscribe(firstThree)
    },
    Probe("chapter 5 demo: tryMap ends the stream early") { recorder in
        let token = ["1", "2", "three", "4"].publisher
            .tap("A", recorder)
            .tryMap { text in
                guard let number = Int(text) else {
                    throw NotANumber(text: text)
                }
                return number
            }
            .sink(
                receiveCompletion: {
                    recorder.record("sink: completion \(text($0))")
                },
                receiveValue: { recorder.record("sink: got \($0)") })
        _ = token
    },
    Probe("chapter 6 demo: the forecast, decoded and assigned on a queue") {
        recorder in
        let delivery = DispatchQueue(label: "delivery")
        let screen = WeatherScreen(recorder)
        let token = StoredPage(url: forecastURL)
            .map { download in download.data }
            .replaceError(with: Data())
            .compactMap { data in
                try? JSONDecoder().decode(Weather.self, from: data)
            }
            .receive(on: scheduler(for: delivery))
            .assign(to: \.weather, on: screen)
        delivery.sync {}
        _ = token
    },
    Probe("chapter 6 demo: the missing page fails through tryMap, on a queue") {
        recorder in
        let delivery = DispatchQueue(label: "delivery")
        let token = StoredPage(url: missingURL)
            .map { download in download.data }
            .tryMap { data in try JSONDecoder().decode(Weather.self, from: data)
            }
            .receive(on: scheduler(for: delivery))
            .sink(
                receiveCompletion: {
                    recorder.record("sink: completion \(text($0))")
                },
                receiveValue: { recorder.record("sink: \($0)") })
        delivery.sync {}
        _ = token
    },
    Probe(
        "chapter 7 demo: the subjects of the reduceLatest example, each with a sink"
    ) {
        recorder in
        // ReduceLatest3 is book-only; what remains is three subjects driven the same way.
        let numbers = PassthroughSubject<Int, Never>()
        let letters = PassthroughSubject<Character, Never>()
        let flags = PassthroughSubject<Bool, Never>()
        let tokens = [
            numbers.sink { recorder.record("numbers: \($0)") },
            letters.sink { recorder.record("letters: \($0)") },
            flags.sink(
                receiveCompletion: {
                    recorder.record("flags: completion \(text($0))")
                },
                receiveValue: { recorder.record("flags: \($0)") }),
        ]
        numbers.send(1)
        numbers.send(2)
        letters.send("A")
        flags.send(false)
        flags.send(completion: .finished)
        flags.send(true)
        letters.send("B")
        tokens[0].cancel()
        numbers.send(3)
    },
    Probe("chapter 7 demo: values sent while nobody has asked are not kept") {
        recorder in
        let first = PassthroughSubject<Int, Never>()
        let patient = RecordingSubscriber<Int, Never>("patient", recorder)
        first.subscribe(patient)
        first.send(1)
        patient.request(.max(1))
        patient.request(.max(1))
        first.send(3)
        first.send(4)
        first.send(5)
        first.send(completion: .finished)
    },
]

/// Publishes `start`, `start - 1`, … down to 1, then finishes: chapter 1's countdown.
private struct Countdown: Publisher {
    typealias Output = Int
    typealias Failure = Never

    let start: Int
    let recorder: TraceRecorder

    func receive<S: Subscriber>(subscriber: S)
    where S.Input == Int, S.Failure == Never {
        subscriber.receive(
            subscription: CountdownSubscription(
                next: start, recorder: recorder, subscriber: subscriber))
    }
}

private final class CountdownSubscription<S: Subscriber>: Subscription
where S.Input == Int, S.Failure == Never {
    private var next: Int
    private let recorder: TraceRecorder
    private var subscriber: S?
    private var demand = Subscribers.Demand.none

    init(next: Int, recorder: TraceRecorder, subscriber: S) {
        self.next = next
        self.recorder = recorder
        self.subscriber = subscriber
    }

    func request(_ more: Subscribers.Demand) {
        demand += more
        recorder.record("countdown: demand is now \(text(demand))")
        while demand > 0, next > 0, let subscriber {
            demand -= 1
            let value = next
            next -= 1
            demand += subscriber.receive(value)
        }
        if next <= 0, let subscriber = subscriber.take() {
            subscriber.receive(completion: .finished)
        }
    }

    func cancel() {
        subscriber = nil
    }
}

private struct NotANumber: Error, CustomStringConvertible {
    let text: String
    var description: String { "\"\(text)\" is not a number" }
}

private struct Weather: Decodable {
    let city: String
    let celsius: Int
}

private final class WeatherScreen {
    private let recorder: TraceRecorder
    var weather = Weather(city: "nowhere yet", celsius: 0) {
        didSet {
            recorder.record(
                "screen: shows \(weather.celsius) °C in \(weather.city)")
        }
    }

    init(_ recorder: TraceRecorder) {
        self.recorder = recorder
    }
}

private let forecastURL = "https://weather.example/oslo.json"
private let missingURL = "https://weather.example/atlantis.json"

/// Chapter 6's stand-in for a data task: one download on the first request, or a failure.
private struct StoredPage: Publisher {
    typealias Output = (data: Data, url: String)
    typealias Failure = ProbeError

    let url: String

    func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == ProbeError {
        subscriber.receive(
            subscription: Download(url: url, downstream: subscriber))
    }

    private final class Download<Downstream: Subscriber>: Subscription
    where Downstream.Input == Output, Downstream.Failure == ProbeError {
        private let url: String
        private var downstream: Downstream?

        init(url: String, downstream: Downstream) {
            self.url = url
            self.downstream = downstream
        }

        func request(_ demand: Subscribers.Demand) {
            guard let downstream = downstream.take() else { return }
            guard url == forecastURL else {
                return downstream.receive(completion: .failure(ProbeError(404)))
            }
            _ = downstream.receive(
                (data: Data(#"{"city": "Oslo", "celsius": 4}"#.utf8), url: url))
            downstream.receive(completion: .finished)
        }

        func cancel() {
            downstream = nil
        }
    }
}
