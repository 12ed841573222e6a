import Foundation

/// Draws the figures the pages ask for, from the programs' traces or a page's own measurement,
/// compares them with the files on disk, and finds figures no page uses.
struct FigureCheck {
    var layout: RepositoryLayout
    var traces: [String: ProgramTrace]

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
                switch draw(figure, on: page) {
                case .success(let text?): svg = text
                case .success(nil): continue
                case .failure(let problem):
                    report(problem.reason)
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

    /// The SVG for `figure` on `page`, `nil` if its trace was not gathered because of a problem
    /// reported elsewhere, or why it cannot be drawn.
    func draw(_ figure: PlacedFigure, on page: BookPage) -> Result<
        String?, RunFailure
    > {
        let title = figure.altText
        guard let product = figure.spec.product else {
            guard
                let measurement = page.directives.first(where: {
                    if case .measurement = $0.directive { true } else { false }
                }),
                let rows = CostChart.rows(
                    of: Array(page.text.lines[measurement.block.contentRange]))
            else {
                return .failure(
                    RunFailure(
                        "the costs figure needs a '<!-- measurement: COMMAND -->' block on the same page "
                            + "that starts with a table: a header line, then one row per benchmark"
                    ))
            }
            return .success(CostChart.draw(rows, title: title))
        }
        let events: [TraceEvent]
        switch traces[product] {
        case .success(let recorded): events = recorded
        case .failure(let failure):
            return .failure(
                RunFailure("cannot trace \(product): \(failure.reason)"))
        case nil: return .success(nil)
        }
        let number = figure.spec.number
        let kind = figure.spec.kind == .sequence ? "call" : "value"
        let selected = events.filter {
            $0.kind == kind && $0.pipeline == number
        }
        guard !selected.isEmpty else {
            return .failure(
                RunFailure(
                    "\(product)'s trace has no \(kind)s in pipeline \(number)"))
        }
        return .success(
            kind == "call"
                ? SequenceDiagram.draw(selected, title: title)
                : MarbleDiagram.draw(selected, title: title))
    }
}
