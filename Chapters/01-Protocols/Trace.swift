// For the book's figures only (scripts/BookTool/README.md, "Figures"): when the
// variable BOOK_TRACE names a file, every subscribe(_:) this chapter's code makes
// goes through stand-ins that write each call they pass on to that file, one
// JSON object a line. Without BOOK_TRACE, subscribe(_:) is exactly the library's.
// What the program prints never changes. Only calls made on the main thread
// are written: figures draw one-thread runs, and a run on several threads
// would add calls in an order that changes from run to run.
import Foundation
import MiniCombine

extension Publisher {
    /// The library's `subscribe(_:)`, traced when the book tool asks for it.
    func subscribe<S: Subscriber>(_ subscriber: S)
    where S.Input == Output, S.Failure == Failure {
        guard let tracer = Tracer.shared else {
            return receive(subscriber: subscriber)
        }
        let pipeline = tracer.enterSubscribe()
        defer { tracer.leaveSubscribe() }
        let publisher = tracer.name(of: self, in: pipeline)
        tracer.record(
            pipeline, from: tracer.caller(in: pipeline), to: publisher,
            call: "subscribe(_:)")
        let traced = TracedSubscriber(
            subscriber, name: tracer.name(of: subscriber, in: pipeline),
            pipeline: pipeline)
        tracer.during(pipeline, caller: publisher) {
            receive(subscriber: traced)
        }
    }
}

/// Writes the trace: the calls in order, each in the pipeline whose subscribe began it.
final class Tracer: @unchecked Sendable {
    /// The tracer, if the book tool asked for a trace.
    static let shared = ProcessInfo.processInfo.environment["BOOK_TRACE"].map(
        Tracer.init)

    /// One line of the trace.
    struct Event: Encodable {
        var pipeline: Int
        var kind: String
        var from: String?
        var to: String?
        var call: String?
        var returns: String?
        var lane: String?
        var value: String?
        var end: String?
    }

    private let file: URL
    private let lock = NSLock()
    private var events: [Event] = []
    private var pipelines = 0
    private var depth = 0
    private var active: [(pipeline: Int, caller: String)] = []
    private var names: [ObjectIdentifier: (pipeline: Int, name: String)] = [:]
    private var keptAlive: [AnyObject] = []

    private init(path: String) {
        file = URL(fileURLWithPath: path)
    }

    /// Starts a new pipeline unless a subscribe is already under way; returns its number.
    func enterSubscribe() -> Int {
        lock.withLock {
            if depth == 0 { pipelines += 1 }
            depth += 1
            return pipelines
        }
    }

    func leaveSubscribe() {
        lock.withLock { depth -= 1 }
    }

    /// Runs `body`, a method of the traced object `caller` in `pipeline`, so that
    /// values seen meanwhile belong to that pipeline and calls made meanwhile come
    /// from `caller`.
    func during<T>(_ pipeline: Int, caller: String, _ body: () -> T) -> T {
        lock.withLock { active.append((pipeline, caller)) }
        defer { lock.withLock { _ = active.popLast() } }
        return body()
    }

    /// The pipeline under way: the innermost traced call's, else the newest.
    var currentPipeline: Int {
        lock.withLock { active.last?.pipeline ?? pipelines }
    }

    /// Who is making a call in `pipeline`: the traced object whose method is running,
    /// innermost first (a publisher in `receive(subscriber:)`, a subscriber in a `receive`,
    /// a subscription in `request` or `cancel`); `nil` when none of that pipeline's is,
    /// as when the program, or a method such as `sink` that it called, subscribes.
    func caller(in pipeline: Int) -> String? {
        lock.withLock {
            guard let last = active.last, last.pipeline == pipeline else {
                return nil
            }
            return last.caller
        }
    }

    /// The type's name without module or generic arguments, plus its `name` property if it has one.
    func name(of thing: Any, in pipeline: Int) -> String {
        var typeName = ""
        var nesting = 0
        for character in String(reflecting: type(of: thing)) {
            if character == "<" { nesting += 1 }
            if nesting == 0 { typeName.append(character) }
            if character == ">" { nesting -= 1 }
        }
        var parts = typeName.split(separator: ".").dropFirst().filter {
            !$0.hasPrefix("(")
        }[...]
        if parts.first == "Publishers" || parts.first == "Subscribers" {
            parts = parts.dropFirst()
        }
        var name = parts.joined(separator: ".")
        if let label = Mirror(reflecting: thing).children.first(where: {
            $0.label == "name"
        }) {
            name =
                name.hasSuffix(".Inner")
                ? "\(label.value)'s Inner" : "\(name) \(label.value)"
        }
        guard type(of: thing) is AnyClass else { return name }
        let object = thing as AnyObject
        return lock.withLock {
            if let known = names[ObjectIdentifier(object)] { return known.name }
            let taken = Set(
                names.values.filter { $0.pipeline == pipeline }.map(\.name))
            var unique = name
            var number = 2
            while taken.contains(unique) {
                unique = "\(name) #\(number)"
                number += 1
            }
            names[ObjectIdentifier(object)] = (pipeline, unique)
            keptAlive.append(object)
            return unique
        }
    }

    /// Records a call and returns its index, so that what it returns can be added later;
    /// `from` is `nil` for a call made from outside every traced object.
    @discardableResult
    func record(_ pipeline: Int, from: String?, to: String, call: String)
        -> Int
    {
        append(
            Event(
                pipeline: pipeline, kind: "call", from: from, to: to, call: call
            ))
    }

    /// Records the demand the call at `index` returned.
    func returned(_ demand: Subscribers.Demand, at index: Int) {
        guard index >= 0 else { return }
        lock.withLock { events[index].returns = "\(demand)" }
        write()
    }

    /// Records a value seen on `lane`, or with `end` a completion there.
    func value(_ value: String?, lane: String, end: String? = nil) {
        append(
            Event(
                pipeline: currentPipeline, kind: "value", lane: lane,
                value: value, end: end))
    }

    /// Records `event` and returns its index, or -1 off the main thread.
    @discardableResult
    private func append(_ event: Event) -> Int {
        guard Thread.isMainThread else { return -1 }
        let index = lock.withLock {
            events.append(event)
            return events.count - 1
        }
        write()
        return index
    }

    private func write() {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let lines = lock.withLock {
            events.compactMap { try? encoder.encode($0) }.map {
                String(decoding: $0, as: UTF8.self)
            }
        }
        try? (lines.joined(separator: "\n") + "\n").write(
            to: file, atomically: true, encoding: .utf8)
    }
}

/// Stands in for a subscriber, recording every call it receives before passing it on.
final class TracedSubscriber<Wrapped: Subscriber>: Subscriber {
    typealias Input = Wrapped.Input
    typealias Failure = Wrapped.Failure

    private let wrapped: Wrapped
    private let name: String
    private let pipeline: Int
    private var upstream = "?"

    init(_ wrapped: Wrapped, name: String, pipeline: Int) {
        self.wrapped = wrapped
        self.name = name
        self.pipeline = pipeline
    }

    func receive(subscription: any Subscription) {
        guard let tracer = Tracer.shared else { return }
        // An operator that hands its traced upstream subscription down: trace it once.
        let subscription =
            (subscription as? TracedSubscription)?.wrapped ?? subscription
        upstream = tracer.name(of: subscription, in: pipeline)
        tracer.record(
            pipeline, from: tracer.caller(in: pipeline) ?? upstream,
            to: name, call: "receive(subscription:)")
        let traced = TracedSubscription(
            subscription, name: upstream, subscriber: name, pipeline: pipeline)
        tracer.during(pipeline, caller: name) {
            wrapped.receive(subscription: traced)
        }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        guard let tracer = Tracer.shared else { return .none }
        let index = tracer.record(
            pipeline, from: tracer.caller(in: pipeline) ?? upstream,
            to: name, call: "receive(\(String(reflecting: input)))")
        let demand = tracer.during(pipeline, caller: name) {
            wrapped.receive(input)
        }
        tracer.returned(demand, at: index)
        return demand
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        guard let tracer = Tracer.shared else { return }
        tracer.record(
            pipeline, from: tracer.caller(in: pipeline) ?? upstream,
            to: name, call: "receive(completion: \(completion))")
        tracer.during(pipeline, caller: name) {
            wrapped.receive(completion: completion)
        }
    }
}

/// Stands in for a subscription, recording every request and cancel before passing it on.
final class TracedSubscription: Subscription {
    let wrapped: any Subscription
    private let name: String
    private let subscriber: String
    private let pipeline: Int

    init(
        _ wrapped: any Subscription, name: String, subscriber: String,
        pipeline: Int
    ) {
        self.wrapped = wrapped
        self.name = name
        self.subscriber = subscriber
        self.pipeline = pipeline
    }

    func request(_ demand: Subscribers.Demand) {
        Tracer.shared?.record(
            pipeline, from: subscriber, to: name, call: "request(\(demand))")
        Tracer.shared?.during(pipeline, caller: name) {
            wrapped.request(demand)
        }
    }

    func cancel() {
        Tracer.shared?.record(
            pipeline, from: subscriber, to: name, call: "cancel()")
        Tracer.shared?.during(pipeline, caller: name) { wrapped.cancel() }
    }
}
