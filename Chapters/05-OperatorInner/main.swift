// Chapter 5: operators that stand between their upstream and downstream.
// snippet.two-relays
import MiniCombine

print("-- two relays between a sequence and a sink")
let relayed = [1, 2].publisher.relay("A").relay("B")
print("built the pipeline; nothing has happened yet")
let relayedToken = relayed.sink { value in print("sink: got \(value)") }
// snippet.end

// snippet.first-few
/// Asks for a fixed number of values, once, and keeps what arrives.
final class FirstFew<Input>: Subscriber {
    typealias Failure = Never

    private let count: Int
    private(set) var received: [Input] = []

    init(_ count: Int) {
        self.count = count
    }

    func receive(subscription: any Subscription) {
        subscription.request(.max(count))
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        received.append(input)
        return .none
    }

    func receive(completion: Subscribers.Completion<Never>) {}
}
// snippet.end

// snippet.filter-demand
print("-- filter keeps the demand honest")
var sent: [Int] = []
let firstThree = FirstFew<Int>(3)
(1...100).publisher
    .map { value in
        sent.append(value)
        return value
    }
    .filter { value in value % 10 == 0 }
    .subscribe(firstThree)
print("the subscriber got \(firstThree.received)")
let (first, last) = (sent.first!, sent.last!)
print("the source sent \(sent.count) values, \(first) through \(last)")
// snippet.end

// snippet.keep-upstream-run
print("-- keepUpstreamAndMap keeps each author beside the books")
let shelf = ["Austen": ["Emma", "Persuasion"], "Orwell": ["1984"]]
let shelfToken = ["Austen", "Orwell"].publisher
    .keepUpstreamAndMap { author in shelf[author, default: []] }
    .sink { pair in print("\(pair.original): \(pair.mapped)") }
// snippet.end

// snippet.try-map-failure
print("-- tryMap ends the stream early")
struct NotANumber: Error, CustomStringConvertible {
    let text: String
    var description: String { "\"\(text)\" is not a number" }
}

let parsedToken = ["1", "2", "three", "4"].publisher
    .relay("A")
    .tryMap { text in
        guard let number = Int(text) else { throw NotANumber(text: text) }
        return number
    }
    .sink(
        receiveCompletion: { completion in
            print("sink: completion \(completion)")
        },
        receiveValue: { number in print("sink: got \(number)") }
    )
// snippet.end
