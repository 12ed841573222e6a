import Foundation

/// One event a chapter program wrote to its trace: a call between two objects, a value seen on a
/// marble lane.
struct TraceEvent: Decodable, Hashable, Sendable {
    /// The root subscription the event belongs to, counted from 1 in the order the run made them.
    var pipeline: Int
    /// `call` or `value`.
    var kind: String
    /// For a call: the caller and the callee, named as the run names them.
    var from: String?
    var to: String?
    /// For a call: the method with its argument, such as `request(max(2))`.
    var call: String?
    /// For a call that returns demand: what it returned, such as `none`.
    var returns: String?
    /// For a value: the lane it travels on, and the value; `end` marks a completion instead.
    var lane: String?
    var value: String?
    var end: String?
}

/// The event trace of one run of a chapter program, or why there is none.
typealias ProgramTrace = Result<[TraceEvent], RunFailure>

extension ProgramTrace {
    /// The environment variable that asks a chapter program for its trace.
    static var environmentVariable: String { "BOOK_TRACE" }

    /// Parses the JSON-lines text a program wrote; a bad line fails the whole trace.
    init(jsonLines text: String, product: String) {
        var events: [TraceEvent] = []
        for (number, line) in TextLines(text).lines.enumerated()
        where !line.isBlankLine {
            guard
                let event = try? JSONDecoder().decode(
                    TraceEvent.self, from: Data(line.utf8))
            else {
                self = .failure(
                    RunFailure(
                        "line \(number + 1) of \(product)'s trace is not an event: \(line)"
                    ))
                return
            }
            events.append(event)
        }
        self = .success(events)
    }
}
