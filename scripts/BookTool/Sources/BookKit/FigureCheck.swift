import Foundation

/// Compares the figures on disk with what the tool draws now, and finds figures no page uses.
struct FigureCheck {
    var layout: RepositoryLayout
    var renderer: FigureRenderer

    /// The folder the figures live in, relative to the repository root.
    static let folder = "book/figures"

    /// The problems found, and the figures `sync` must write.
    func check(_ pages: [BookPage]) -> (
        diagnostics: [BookDiagnostic], stale: [(path: String, svg: String)]
    ) {
        var diagnostics: [BookDiagnostic] = []
        var drawn: [String: (svg: String, place: String)] = [:]
        var stale: [(path: String, svg: String)] = []
        for page in pages {
            for figure in page.figures {
                let place = "\(page.path):\(figure.lineNumber)"
                func report(
                    _ message: String, _ kind: BookDiagnostic.Kind = .error
                ) {
                    diagnostics.append(
                        BookDiagnostic(
                            path: page.path, line: figure.lineNumber,
                            message: message, kind: kind))
                }
                guard figure.imagePath.hasPrefix(Self.folder + "/") else {
                    report(
                        "a figure's image must be in \(Self.folder), not \(figure.imagePath)"
                    )
                    continue
                }
                let svg: String
                switch renderer.draw(figure, on: page) {
                case .svg(let text): svg = text
                case .problem(let message):
                    report(message)
                    continue
                case .skipped:
                    continue
                }
                if let earlier = drawn[figure.imagePath] {
                    if earlier.svg != svg {
                        report(
                            "\(figure.imagePath) is drawn differently at \(earlier.place); give each figure its own file"
                        )
                    }
                    continue
                }
                drawn[figure.imagePath] = (svg, place)
                let onDisk = try? Data(
                    contentsOf: layout.url(for: figure.imagePath))
                guard let onDisk else {
                    report(
                        "figure \(figure.imagePath) is missing; run scripts/book sync",
                        .staleness)
                    stale.append((figure.imagePath, svg))
                    continue
                }
                if onDisk != Data(svg.utf8) {
                    report(
                        "figure \(figure.imagePath) differs from what '\(figure.spec.spelling)' draws now "
                            + "(edited by hand, or its run changed); run scripts/book sync",
                        .staleness)
                    stale.append((figure.imagePath, svg))
                }
            }
        }
        let used = Set(pages.flatMap { $0.figures.map(\.imagePath) })
        let names =
            (try? FileManager.default.contentsOfDirectory(
                atPath: layout.url(for: Self.folder).path))
            ?? []
        for name in names.sorted() where !name.hasPrefix(".") {
            let path = "\(Self.folder)/\(name)"
            guard !used.contains(path) else { continue }
            diagnostics.append(
                BookDiagnostic(
                    path: path, line: 1,
                    message:
                        "figure is not used by any page; add '<!-- figure: … -->' and its image "
                        + "line to a page, or delete the file"))
        }
        return (diagnostics, stale)
    }
}
