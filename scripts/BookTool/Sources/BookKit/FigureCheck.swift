import Foundation

/// Draws the figures the pages ask for, from the programs' traces or a page's own measurement,
/// compares them with the files on disk, and finds figures no page uses.
struct FigureCheck {
    var layout: RepositoryLayout
    var traces: [String: ProgramTrace]

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
                let path = figure.imagePath
                func report(_ message: String, _ kind: BookDiagnostic.Kind) {
                    diagnostics.append(
                        BookDiagnostic(
                            path: page.path, line: figure.lineNumber,
                            message: message, kind: kind))
                }
                guard path.hasPrefix(Self.folder + "/") else {
                    report(
                        "a figure's image must be in \(Self.folder), not \(path)",
                        .error)
                    continue
                }
                let result = draw(figure, on: page)
                if case .failure(let problem) = result {
                    report(problem.reason, .error)
                }
                guard case .success(let svg?) = result else { continue }
                if let earlier = drawn[path] {
                    if earlier.svg != svg {
                        report(
                            "\(path) is drawn differently at \(earlier.place); "
                                + "give each figure its own file", .error)
                    }
                    continue
                }
                drawn[path] = (svg, "\(page.path):\(figure.lineNumber)")
                let onDisk = try? Data(contentsOf: layout.url(for: path))
                if onDisk != Data(svg.utf8) {
                    report(
                        onDisk == nil
                            ? "figure \(path) is missing; run scripts/book sync"
                            : "figure \(path) differs from what '\(figure.spec.spelling)' "
                                + "draws now (edited by hand, or its run changed); "
                                + "run scripts/book sync", .staleness)
                    stale.append((path, svg))
                }
            }
        }
        let names =
            (try? FileManager.default.contentsOfDirectory(
                atPath: layout.url(for: Self.folder).path)) ?? []
        let used = Set(pages.flatMap { $0.figures.map(\.imagePath) })
        for name in names.sorted()
        where !name.hasPrefix(".")
            && !used.contains("\(Self.folder)/\(name)")
        {
            diagnostics.append(
                BookDiagnostic(
                    path: "\(Self.folder)/\(name)", line: 1,
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
        guard let product = figure.spec.product else {
            let table = page.directives.first {
                if case .measurement = $0.directive { true } else { false }
            }.flatMap {
                CostChart.rows(
                    of: Array(page.text.lines[$0.block.contentRange]))
            }
            return table.map {
                .success(CostChart.draw($0, title: figure.altText))
            }
                ?? .failure(
                    RunFailure(
                        "the costs figure needs a '<!-- measurement: COMMAND -->' block on the "
                            + "same page that starts with a table: a header line, then one row "
                            + "per benchmark"))
        }
        switch traces[product] {
        case nil: return .success(nil)
        case .failure(let failure):
            return .failure(
                RunFailure("cannot trace \(product): \(failure.reason)"))
        case .success(let events):
            let kind = figure.spec.kind == .sequence ? "call" : "value"
            let selected = events.filter {
                $0.kind == kind && $0.pipeline == figure.spec.number
            }
            guard !selected.isEmpty else {
                return .failure(
                    RunFailure(
                        "\(product)'s trace has no \(kind)s in pipeline \(figure.spec.number)"
                    ))
            }
            return .success(
                kind == "call"
                    ? SequenceDiagram.draw(selected, title: figure.altText)
                    : MarbleDiagram.draw(selected, title: figure.altText))
        }
    }
}
