extension BookSession {
    /// Puts `text`, what `command` measured, into the text block under the one
    /// `<!-- measurement: COMMAND -->` directive of the page at `path`, and changes nothing else.
    func record(
        _ text: String, by command: String, in path: String,
        writer: AtomicFileWriter = AtomicFileWriter()
    ) -> BookReport {
        var report = BookReport()
        func refuse(_ diagnostics: [BookDiagnostic]) -> BookReport {
            report.diagnostics = diagnostics
            report.summary = "record: wrote nothing"
            return report
        }
        func refuse(at line: Int, _ message: String) -> BookReport {
            refuse([BookDiagnostic(path: path, line: line, message: message)])
        }
        guard let source = layout.sourceText(of: path) else {
            return refuse(at: 1, "no such page")
        }
        if let diagnostic = source.diagnostic { return refuse([diagnostic]) }
        let page = BookPage(path: path, contents: source.text)
        guard page.diagnostics.isEmpty else { return refuse(page.diagnostics) }
        let places = page.directives.filter {
            $0.directive == .measurement(command: command)
        }
        guard places.count == 1, let place = places.first else {
            return refuse(
                at: 1,
                "the page must have exactly one '<!-- measurement: \(command) -->' block, "
                    + "but has \(places.count); nothing was written")
        }
        let measurement = TextLines(text).lines
        var updated = page.text
        updated.lines.replaceSubrange(
            place.block.contentRange, with: measurement)
        // A line that ends the block early would turn the rest of the measurement into prose.
        guard PageRenderer.structureChange(from: page, to: updated) == nil
        else {
            return refuse(
                at: place.lineNumber,
                "the measurement holds a line that would end its block early; nothing was written"
            )
        }
        let outcome = writer.replace([
            .init(url: layout.url(for: path), text: updated.text)
        ])
        if let failure = outcome.failures.values.first {
            return refuse(at: 1, "cannot write the file: \(failure)")
        }
        report.updatedFiles = [path]
        report.summary = "record: updated \(path)"
        return report
    }
}
