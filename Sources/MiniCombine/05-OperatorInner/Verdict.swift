// snippet.verdict
/// What an operator decides to do with one value from its upstream.
enum Verdict<Output, Failure: Error> {
    /// Send this value downstream.
    case send(Output)

    /// Send nothing; the value used up one unit of demand, so ask upstream
    /// for one more.
    case drop

    /// End the stream: cancel upstream and send this failure downstream.
    case fail(Failure)
}
// snippet.end
