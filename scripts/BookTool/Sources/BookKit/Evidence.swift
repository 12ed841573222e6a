/// Identifies a `compiles` or `fails` listing by where its directive is.
public struct ListingID: Hashable, Sendable {
    /// The Markdown file's path relative to the repository root.
    public var path: String
    /// The 1-based line of the directive.
    public var line: Int

    /// Creates an identifier for the listing whose directive is at `path:line`.
    public init(path: String, line: Int) {
        self.path = path
        self.line = line
    }
}

/// A listing that needs compiling, and the chapter whose library it compiles against.
public struct ListingRequest: Hashable, Sendable {
    /// Where the listing is.
    public var id: ListingID
    /// The listing's source.
    public var source: String
    /// The Markdown file's chapter number; `nil` means the whole library.
    public var chapter: Int?
}

/// An `output` directive whose product must be run.
public struct OutputRequest: Hashable, Sendable {
    /// The chapter executable, such as `02-just`.
    public var product: String
    /// Where the directive is.
    public var id: ListingID
}

/// Everything the book asks the toolchain to do.
public struct EvidenceRequest: Sendable {
    /// Listings to compile.
    public var listings: [ListingRequest] = []
    /// Products to run, in the order their directives appear.
    public var outputs: [OutputRequest] = []
}

/// What running one chapter executable produced.
public enum ProgramRun: Hashable, Sendable {
    /// It exited with status 0 and wrote nothing to standard error.
    case succeeded(standardOutput: String)
    /// It could not be run, exited non-zero, timed out or wrote to standard error.
    case failed(reason: String)
    /// It was not run, because something reported elsewhere went wrong first.
    case skipped
}

/// The toolchain's answers: compiler messages, program outputs, build failures and its version.
public struct Evidence: Sendable {
    /// The first line of `swift --version` of the toolchain running now.
    public var toolchainVersion: String
    /// The compiler's messages for each listing that could be compiled.
    public var listingMessages: [ListingID: [CompilerMessage]] = [:]
    /// The result of running each requested product.
    public var programRuns: [String: ProgramRun] = [:]
    /// Library snapshots or chapters that do not build, and failed `swift build`s.
    public var buildDiagnostics: [BookDiagnostic] = []

    /// Creates evidence for a toolchain whose version line is `toolchainVersion`.
    public init(toolchainVersion: String) {
        self.toolchainVersion = toolchainVersion
    }
}

/// Something that can answer an `EvidenceRequest`: the real toolchain, or a stand-in in tests.
public protocol EvidenceSource {
    /// Compiles, builds and runs what `request` asks for in the repository `layout` describes.
    func gather(_ request: EvidenceRequest, in layout: RepositoryLayout) -> Evidence
}
