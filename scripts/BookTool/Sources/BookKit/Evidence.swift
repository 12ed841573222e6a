/// Identifies a `compiles` or `fails` listing by where its directive is.
struct ListingID: Hashable, Sendable {
    var path: String
    /// The 1-based line of the directive.
    var line: Int
}

/// A listing that needs compiling, and the chapter whose library it compiles against.
struct ListingRequest: Hashable, Sendable {
    var id: ListingID
    var source: String
    /// The Markdown file's chapter number; `nil` means the whole library.
    var chapter: Int?
}

/// An `output` directive whose product must be run.
struct OutputRequest: Hashable, Sendable {
    /// The chapter executable, such as `02-just`.
    var product: String
    var id: ListingID
}

/// Everything the book asks the toolchain to do.
struct EvidenceRequest: Sendable {
    var listings: [ListingRequest] = []
    /// Products to run, in the order their directives appear.
    var outputs: [OutputRequest] = []
    /// Products to run a second time, with `BOOK_TRACE` set, for the figures drawn from them.
    var traces: [OutputRequest] = []
}

/// Why a chapter program could not be run or traced: it could not start, exited non-zero,
/// timed out, wrote to standard error, or wrote a trace line that is not an event.
struct RunFailure: Error, Hashable, Sendable {
    var reason: String
    init(_ reason: String) { self.reason = reason }
}

/// What one run of a chapter executable printed, or why it failed.
typealias ProgramRun = Result<String, RunFailure>

/// The toolchain's answers: compiler messages, program outputs, build failures and its version.
struct Evidence: Sendable {
    /// The first line of `swift --version` of the toolchain running now.
    var toolchainVersion: String
    /// The compiler's messages for each listing that could be compiled.
    var listingMessages: [ListingID: [CompilerMessage]] = [:]
    /// Each product's run; none for one not run because something failed before it.
    var programRuns: [String: ProgramRun] = [:]
    /// The event trace of each product a figure is drawn from (none if not run, as above).
    var traces: [String: ProgramTrace] = [:]
    /// Library snapshots or chapters that do not build, and failed `swift build`s.
    var buildDiagnostics: [BookDiagnostic] = []
}

/// Something that can answer an `EvidenceRequest`: the real toolchain, or a stand-in in tests.
protocol EvidenceSource {
    func gather(_ request: EvidenceRequest, in layout: RepositoryLayout)
        -> Evidence
}
