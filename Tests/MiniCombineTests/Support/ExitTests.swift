import Testing

/// What the child process of an exit test wrote to standard error, as text.
///
/// A trap test checks the trap's message, so that a process that stops for
/// another reason (a body not written yet, say) does not pass it.
func standardError(of exit: ExitTest.Result?) -> String {
    exit.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
}
