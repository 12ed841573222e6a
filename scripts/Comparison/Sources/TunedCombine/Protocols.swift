// The four protocols and the values they pass, as in the book's chapter 1. What differs from the
// book's library: `subscribe(_:)` is always inlined, and `Demand` is one machine word whose
// arithmetic every caller can inline (see the appendix, "What the tuned variant changes").

/// Something that sends values, then at most one completion, to each subscriber it is given.
public protocol Publisher<Output, Failure> {
    /// The type of the values it sends.
    associatedtype Output
    /// The type of the error it may end with.
    associatedtype Failure: Error

    /// Connects `subscriber`; called by `subscribe(_:)`.
    func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure
}

// snippet.tuned-subscribe
extension Publisher {
    /// Connects `subscriber` to this publisher.
    @inlinable @inline(__always)
    public func subscribe<S: Subscriber>(_ subscriber: S)
    where S.Input == Output, S.Failure == Failure {
        receive(subscriber: subscriber)
    }
}
// snippet.end

/// Something that receives a subscription, values and a completion, in that order.
public protocol Subscriber<Input, Failure> {
    /// The type of the values it receives.
    associatedtype Input
    /// The type of the error it may receive.
    associatedtype Failure: Error

    /// Receives the subscription through which it asks for values.
    func receive(subscription: any Subscription)
    /// Receives one value and returns how many more it wants on top of its earlier demand.
    func receive(_ input: Input) -> Subscribers.Demand
    /// Receives the end of the stream.
    func receive(completion: Subscribers.Completion<Failure>)
}

/// The link between one publisher and one subscriber.
public protocol Subscription: Cancellable {
    /// Asks for up to `demand` more values.
    func request(_ demand: Subscribers.Demand)
}

/// Something that can be told to stop.
public protocol Cancellable {
    /// Stops the work; nothing is sent afterwards.
    func cancel()
}

/// A namespace for subscribers and the types they use.
public enum Subscribers {}

/// A namespace for the publishers that operators return.
public enum Publishers {}

extension Subscribers {
    /// How a stream ended.
    public enum Completion<Failure: Error> {
        /// It ended normally.
        case finished
        /// It ended with an error.
        case failure(Failure)
    }

    /// How many more values a subscriber is ready to receive.
    ///
    /// One word: the count, or `UInt(Int.max) + 1` for unlimited, instead of an `Int?`.
    public struct Demand: Sendable, Hashable {
        @usableFromInline let rawValue: UInt

        @inlinable init(rawValue: UInt) {
            self.rawValue = rawValue
        }

        /// The finite count, or `nil` when the demand is unlimited.
        @inlinable public var max: Int? {
            rawValue == Self.unlimited.rawValue ? nil : Int(rawValue)
        }

        /// As many values as the publisher can produce.
        @inlinable public static var unlimited: Demand {
            Demand(rawValue: UInt(Int.max) + 1)
        }

        /// No values at all.
        @inlinable public static var none: Demand { Demand(rawValue: 0) }

        /// A demand for at most `count` values; `count` must not be negative.
        @inlinable public static func max(_ count: Int) -> Demand {
            precondition(count >= 0, "a demand cannot be negative")
            return Demand(rawValue: UInt(count))
        }

        /// The sum; unlimited if either side is, or if the count would overflow.
        @inlinable public static func + (lhs: Demand, rhs: Demand) -> Demand {
            if lhs == .unlimited || rhs == .unlimited { return .unlimited }
            // Both are at most Int.max, so the sum cannot overflow.
            let sum = lhs.rawValue + rhs.rawValue
            return sum > UInt(Int.max) ? .unlimited : Demand(rawValue: sum)
        }

        /// Adds `rhs` to `lhs`.
        @inlinable public static func += (lhs: inout Demand, rhs: Demand) {
            lhs = lhs + rhs
        }

        /// The difference; unlimited stays unlimited, and a negative result traps.
        @inlinable public static func - (lhs: Demand, rhs: Int) -> Demand {
            if lhs == .unlimited { return .unlimited }
            return .max(Int(lhs.rawValue) - rhs)
        }

        /// Subtracts `rhs` from `lhs`.
        @inlinable public static func -= (lhs: inout Demand, rhs: Int) {
            lhs = lhs - rhs
        }

        /// Whether `lhs` is more than the count `rhs`; unlimited is more than any count.
        @inlinable public static func > (lhs: Demand, rhs: Int) -> Bool {
            rhs < 0 || lhs.rawValue > UInt(rhs)
        }
    }
}

extension Subscribers.Completion: Sendable where Failure: Sendable {}
extension Subscribers.Completion: Equatable where Failure: Equatable {}
