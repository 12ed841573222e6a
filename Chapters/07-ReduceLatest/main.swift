// Chapter 7: ReduceLatest3, a publisher that combines three others and is
// safe to use from several threads.
// snippet.show
import Foundation
import MiniCombine

/// Writes an optional as the original post does: its value, or `nil`.
func show<Value>(_ value: Value?) -> String {
    value.map { "\($0)" } ?? "nil"
}
// snippet.end

// snippet.seed-example
print("-- the example from the Shareup post")
let numbers = PassthroughSubject<Int, Never>()
let letters = PassthroughSubject<Character, Never>()
let flags = PassthroughSubject<Bool, Never>()

let combined =
    numbers
    .reduceLatest(letters, flags) { number, letter, flag in
        "(\(show(number)), \(show(letter)), \(show(flag)))"
    }
    .sink { result in print("sink: \(result)") }

numbers.send(1)
numbers.send(2)
letters.send("A")
flags.send(false)
flags.send(completion: .finished)
letters.send("B")
combined.cancel()
// snippet.end

// snippet.patient
/// Asks for one result when told to, and prints what arrives.
final class OneAtATime<Failure: Error>: Subscriber {
    typealias Input = String

    private var subscription: (any Subscription)?

    func receive(subscription: any Subscription) {
        self.subscription = subscription
    }

    func receive(_ input: String) -> Subscribers.Demand {
        print("subscriber: got \(input)")
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        print("subscriber: completion \(completion)")
    }

    func askForOne() {
        print("subscriber: request(max(1))")
        subscription?.request(.max(1))
    }
}
// snippet.end

// snippet.demand
print("-- values that arrive while nobody has asked")
let first = PassthroughSubject<Int, Never>()
let second = PassthroughSubject<Int, Never>()
let third = PassthroughSubject<Int, Never>()
let patient = OneAtATime<Never>()
first.reduceLatest(second, third) { one, two, three in
    "(\(show(one)), \(show(two)), \(show(three)))"
}
.subscribe(patient)

first.send(1)
second.send(2)
print("two values sent, nothing asked for, nothing delivered")
patient.askForOne()
patient.askForOne()
print("third sends 3")
third.send(3)
// snippet.end

// snippet.demand-end
print("-- first sends 4, nothing asked for")
first.send(4)
print("all three finish")
first.send(completion: .finished)
second.send(completion: .finished)
third.send(completion: .finished)
// snippet.end

// snippet.one-fails
/// The failure that ends part 4's run.
struct Offline: Error, CustomStringConvertible {
    var description: String { "offline" }
}

print("-- one upstream fails")
let item = PassthroughSubject<Int, Offline>()
let download = PassthroughSubject<Int, Offline>()
let upload = PassthroughSubject<Int, Offline>()
let watcher = OneAtATime<Offline>()
item.reduceLatest(download, upload) { one, two, three in
    "(\(show(one)), \(show(two)), \(show(three)))"
}
.subscribe(watcher)

watcher.askForOne()
item.send(1)
print("download sends 2, nothing asked for")
download.send(2)
print("item fails")
item.send(completion: .failure(Offline()))
print("download sends 3")
download.send(3)
watcher.askForOne()
// snippet.end

// snippet.request-inside
/// Asks for one result, and inside the first runs the action it was made
/// with.
///
/// What it prints is indented by the `receive(_:)` calls already running.
/// Use it from one thread.
final class ActsFromInside<Failure: Error>: Subscriber {
    typealias Input = String

    private let summary: String
    private var action: ((any Subscription) -> Void)?
    private var subscription: (any Subscription)?
    private var callsRunning = 0

    /// Makes a subscriber that, inside its first `receive(_:)`, prints
    /// `summary`, then runs `action` with its subscription.
    init(
        announcing summary: String,
        action: @escaping (any Subscription) -> Void
    ) {
        self.summary = summary
        self.action = action
    }

    private var indent: String {
        String(repeating: "  ", count: callsRunning)
    }

    func receive(subscription: any Subscription) {
        self.subscription = subscription
        subscription.request(.max(1))
    }

    func receive(_ input: String) -> Subscribers.Demand {
        print("\(indent)subscriber: begins \(input)")
        callsRunning += 1
        if let subscription, let action = action.take() {
            print("\(indent)\(summary)")
            action(subscription)
        }
        callsRunning -= 1
        print("\(indent)subscriber: ends \(input)")
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        print("\(indent)subscriber: completion \(completion)")
    }
}

print("-- a request from inside receive(_:)")
let left = PassthroughSubject<Int, Never>()
let middle = PassthroughSubject<Int, Never>()
let right = PassthroughSubject<Int, Never>()
let asker = ActsFromInside<Never>(
    announcing: "sends 2, then request(max(1))"
) { subscription in
    middle.send(2)
    subscription.request(.max(1))
}
left.reduceLatest(middle, right) { one, two, three in
    "(\(show(one)), \(show(two)), \(show(three)))"
}
.subscribe(asker)
left.send(1)
// snippet.end

// snippet.failure-inside
print("-- a failure from inside receive(_:)")
let north = PassthroughSubject<Int, Offline>()
let south = PassthroughSubject<Int, Offline>()
let west = PassthroughSubject<Int, Offline>()
let quitter = ActsFromInside<Offline>(
    announcing: "sends 2, then request(max(1)), then north fails"
) { subscription in
    south.send(2)
    subscription.request(.max(1))
    north.send(completion: .failure(Offline()))
}
north.reduceLatest(south, west) { one, two, three in
    "(\(show(one)), \(show(two)), \(show(three)))"
}
.subscribe(quitter)
north.send(1)
// snippet.end

// snippet.three-threads
/// Counts the calls that arrive while another call is still running.
final class OverlapCounter: Subscriber {
    private let lock = NSLock()
    private var callsRunning = 0
    private var overlaps = 0
    private var last = ""

    func receive(subscription: any Subscription) {
        subscription.request(.unlimited)
    }

    func receive(_ input: String) -> Subscribers.Demand {
        lock.withLock {
            if callsRunning > 0 { overlaps += 1 }
            callsRunning += 1
            last = input
        }
        lock.withLock { callsRunning -= 1 }
        return .none
    }

    func receive(completion: Subscribers.Completion<Never>) {
        let (overlaps, last) = lock.withLock { (self.overlaps, self.last) }
        print("subscriber: \(last), then \(completion)")
        print("calls that overlapped another: \(overlaps)")
    }
}

/// Sends 0 to 999 and a finish into three subjects, one `Thread` each.
func sendOnThreeThreads(to counter: OverlapCounter) {
    let subjects = (0..<3).map { _ in PassthroughSubject<Int, Never>() }
    subjects[0].reduceLatest(subjects[1], subjects[2]) { one, two, three in
        "(\(show(one)), \(show(two)), \(show(three)))"
    }
    .subscribe(counter)
    let allDone = DispatchGroup()
    for subject in subjects {
        allDone.enter()
        Thread {
            for value in 0..<1_000 { subject.send(value) }
            subject.send(completion: .finished)
            allDone.leave()
        }.start()
    }
    allDone.wait()
}

print("-- three threads each send 0 to 999, then finish")
sendOnThreeThreads(to: OverlapCounter())
// snippet.end
