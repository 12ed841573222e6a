/// The error every probe and generated pipeline fails with, printed the same way by both sides.
public struct ProbeError: Error, Equatable, CustomStringConvertible {
    /// Tells one failure from another in a trace.
    public let code: Int

    /// Creates the error with the given code.
    public init(_ code: Int) {
        self.code = code
    }

    /// `ProbeError(code)`.
    public var description: String {
        "ProbeError(\(code))"
    }
}
