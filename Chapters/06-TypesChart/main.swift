// Chapter 6: the types that flow down a pipeline, read off the pipeline itself.
// snippet.weather
import Foundation
import MiniCombine

/// What the pretend server's forecast page decodes to.
struct Weather: Decodable {
    let city: String
    let celsius: Int
}

/// Shows a forecast; here, by printing it.
final class WeatherScreen {
    var weather = Weather(city: "nowhere yet", celsius: 0) {
        didSet { print("screen: \(weather.celsius) °C in \(weather.city)") }
    }
}

let forecastURL = URL(string: "https://weather.example/oslo.json")!
let missingURL = URL(string: "https://weather.example/atlantis.json")!
let pages = [forecastURL: Data(#"{"city": "Oslo", "celsius": 4}"#.utf8)]
let delivery = DispatchQueue(label: "delivery")
// snippet.end

// snippet.seed-pipeline
let screen = WeatherScreen()
let forecast = LocalDataTask(url: forecastURL, pages: pages)
    .map { download in download.data }
    .replaceError(with: Data())
    .compactMap { data in try? JSONDecoder().decode(Weather.self, from: data) }
    .receive(on: delivery)

print("-- the forecast pipeline's chart")
print(forecast.typesChart(endingIn: "assign"))
// snippet.end

// snippet.readings
/// Thrown for a reading that is not a whole number.
struct NotANumber: Error {}

print("-- replaceError alone")
var readings: [Int] = []
let readingsToken = ["4", "7", "warm"].publisher
    .tryMap { text in
        guard let celsius = Int(text) else { throw NotANumber() }
        return celsius
    }
    .replaceError(with: 0)
    .sink { celsius in readings.append(celsius) }
print("readings: \(readings)")
// snippet.end

// snippet.failing-pipeline
let loudForecast = LocalDataTask(url: missingURL, pages: pages)
    .map { download in download.data }
    .tryMap { data in try JSONDecoder().decode(Weather.self, from: data) }
    .receive(on: delivery)

print("-- a pipeline that keeps its failure")
print(loudForecast.typesChart(endingIn: "sink"))
// snippet.end

// snippet.patient-reader
/// Asks for nothing until told to, and prints every value and completion,
/// even after its own `cancel()`.
final class PatientReader: Subscriber {
    typealias Input = Int
    typealias Failure = Never

    private var subscription: (any Subscription)?

    func receive(subscription: any Subscription) {
        self.subscription = subscription
    }

    func receive(_ input: Int) -> Subscribers.Demand {
        print("reader: got \(input)")
        return .none
    }

    func receive(completion: Subscribers.Completion<Never>) {
        print("reader: \(completion)")
    }

    func ask(_ demand: Subscribers.Demand) {
        print("reader: asks for \(demand)")
        subscription?.request(demand)
    }

    func cancel() {
        print("reader: cancels")
        subscription?.cancel()
    }
}
// snippet.end

// snippet.waiting-replacement
/// Fails as soon as it is subscribed to, before any request.
struct BrokenThermometer: Publisher {
    typealias Output = Int
    typealias Failure = NotANumber

    func receive<S: Subscriber>(subscriber: S)
    where S.Input == Int, S.Failure == NotANumber {
        subscriber.receive(subscription: Subscriptions.empty)
        subscriber.receive(completion: .failure(NotANumber()))
    }
}

print("-- replaceError waits for a request")
let reader = PatientReader()
BrokenThermometer().replaceError(with: 0).subscribe(reader)
reader.ask(.max(1))
// snippet.end

// snippet.cancel-while-waiting
print("-- a cancel while deliveries wait")
print("the upstream has finished:")
let held = DispatchQueue(label: "held")
held.suspend()
let early = PatientReader()
[1, 2].publisher.receive(on: held).subscribe(early)
early.ask(.unlimited)
early.cancel()
held.resume()
held.sync {}

print("the upstream still has a value:")
held.suspend()
let late = PatientReader()
[1, 2].publisher.receive(on: held).subscribe(late)
late.ask(.max(1))
late.cancel()
held.resume()
held.sync {}
// snippet.end

// snippet.run
print("-- both pipelines, run")
let assignToken = forecast.assign(to: \.weather, on: screen)
let sinkToken = loudForecast.sink(
    receiveCompletion: { completion in
        if case .failure(let error) = completion {
            print("sink: failed with \(type(of: error))")
        }
    },
    receiveValue: { weather in print("sink: \(weather)") }
)
delivery.sync {}
// snippet.end
