/// A chapter program that runs several experiments prints a header line before each one,
/// such as `-- filter keeps the demand honest`; each header and the lines after it, up to
/// the next header, are one part of its output.
package enum OutputParts {
    /// How a header line begins.
    package static let marker = "-- "

    /// The line ranges of the parts of `lines`, in order; lines before the first header
    /// belong to no part.
    package static func ranges(of lines: [String]) -> [Range<Int>] {
        let starts = lines.indices.filter { lines[$0].hasPrefix(marker) }
        return starts.indices.map { index in
            starts[
                index]..<(index + 1 < starts.count
                ? starts[index + 1] : lines.count)
        }
    }
}
