import Foundation

/// Compiles the library "as it stands at the end of chapter N" (folders 01…N) into a module per N,
/// and type-checks chapters and listings against those modules.
struct SnapshotBuilder: Sendable {
    let layout: RepositoryLayout
    let workspace: URL

    /// The directory holding snapshot `number`'s `MiniCombine.swiftmodule`.
    func moduleDirectory(_ number: Int) -> URL {
        workspace.appendingPathComponent("snapshots/\(number)")
    }

    /// Emits a `MiniCombine` module for every library folder number; a warning fails the snapshot too.
    func buildAll() -> (succeeded: Set<Int>, diagnostics: [BookDiagnostic]) {
        let results = concurrentMap(layout.libraryFolders.map(\.number)) {
            number in
            (number, buildSnapshot(number))
        }
        var build: (succeeded: Set<Int>, diagnostics: [BookDiagnostic]) = (
            [], []
        )
        var reported: Set<String> = []
        for (number, diagnostics) in results.sorted(by: { $0.0 < $1.0 }) {
            if diagnostics.isEmpty {
                build.succeeded.insert(number)
            }
            // An error in folder 01 breaks every later snapshot too; report it at the first.
            let prefix = Self.prefix(
                chapter: number,
                folders: "library folders \(folderRange(upTo: number))")
            build.diagnostics += diagnostics.filter {
                reported.insert(
                    "\($0.path):\($0.line):\($0.message.dropFirst(prefix.count))"
                )
                .inserted
            }
        }
        return build
    }

    /// How chapters and listings are compiled: through SIL, so that the diagnostics SIL passes
    /// emit (a constant used before it is set, a missing return, a Swift 6 data race) are reported
    /// too, which `-typecheck` stops short of; `-o /dev/null` skips LLVM code generation, and
    /// `-wmo` lets one output stand for a chapter of several files.
    private func checkArguments(snapshot: Int?) -> [String] {
        [
            "-emit-sil", "-o", "/dev/null", "-wmo", "-swift-version", "6",
            "-diagnostic-style", "llvm",
        ] + (snapshot.map { ["-I", moduleDirectory($0).path] } ?? [])
    }

    /// Whether the library snapshot `chapter` compiles against built, or it needs none.
    private func canCompile(chapter: Int?, with available: Set<Int>) -> Bool {
        layout.snapshotNumber(forChapter: chapter).map(available.contains)
            ?? true
    }

    /// Compiles each `Chapters/NN-*` folder against the snapshot for chapter NN.
    func compileChapters(availableSnapshots: Set<Int>) -> [BookDiagnostic] {
        let chapters = layout.chapterFolders.filter {
            canCompile(chapter: $0.number, with: availableSnapshots)
        }
        return concurrentMap(chapters) { chapter in
            let snapshot = layout.snapshotNumber(forChapter: chapter.number)
            let arguments =
                checkArguments(snapshot: snapshot)
                + ["-module-name", "Chapter\(twoDigits(chapter.number))"]
                + chapter.swiftFiles.map { layout.url(for: $0).path }
            let result = ProcessRunner.run("swiftc", arguments)
            return diagnostics(
                from: result, chapter: chapter.number, snapshot: snapshot,
                fallbackPath: chapter.swiftFiles.first ?? chapter.path)
        }.flatMap { $0 }
    }

    /// Compiles each listing as a lone `main.swift` with `MiniCombine` imported implicitly.
    func compileListings(
        _ listings: [ListingRequest], availableSnapshots: Set<Int>
    ) -> [ListingID: [CompilerMessage]] {
        let compilable = listings.enumerated().filter {
            canCompile(chapter: $0.element.chapter, with: availableSnapshots)
        }
        let results = concurrentMap(compilable) { position, listing in
            let directory = workspace.appendingPathComponent(
                "listings/\(position)")
            return (listing.id, compile(listing, in: directory))
        }
        return Dictionary(uniqueKeysWithValues: results)
    }

    private func compile(_ listing: ListingRequest, in directory: URL)
        -> [CompilerMessage]
    {
        let file = directory.appendingPathComponent("main.swift")
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true)
            try Data(listing.source.utf8).write(to: file)
        } catch {
            return [CompilerMessage(severity: .error, message: "\(error)")]
        }
        let snapshot = layout.snapshotNumber(forChapter: listing.chapter)
        let imports =
            snapshot == nil
            ? []
            : ["-Xfrontend", "-import-module", "-Xfrontend", "MiniCombine"]
        let arguments =
            checkArguments(snapshot: snapshot) + imports + [file.path]
        let result = ProcessRunner.run("swiftc", arguments, in: directory)
        let messages = CompilerMessage.parse(
            result.standardError + result.standardOutput
        )
        .filter {
            $0.file == nil || $0.file == file.path || $0.file == "main.swift"
        }
        if !result.succeeded
            && !messages.contains(where: { $0.severity == .error })
        {
            return messages + [
                CompilerMessage(
                    severity: .error,
                    message: result.failureReason(program: "swiftc"))
            ]
        }
        return messages
    }

    private func buildSnapshot(_ number: Int) -> [BookDiagnostic] {
        let folders = layout.libraryFolders.filter { $0.number <= number }
        let files = folders.flatMap(\.swiftFiles)
        let directory = moduleDirectory(number)
        let fallback =
            folders.last.map { $0.swiftFiles.first ?? $0.path }
            ?? "Sources/MiniCombine"
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true)
        } catch {
            return [
                BookDiagnostic(
                    path: fallback, line: 1,
                    message: "cannot create \(directory.path): \(error)")
            ]
        }
        let arguments =
            [
                "-emit-module", "-module-name", "MiniCombine",
                "-parse-as-library",
                "-swift-version", "6",
                "-diagnostic-style", "llvm", "-emit-module-path",
                directory.appendingPathComponent("MiniCombine.swiftmodule")
                    .path,
            ] + files.map { layout.url(for: $0).path }
        let result = ProcessRunner.run("swiftc", arguments, in: directory)
        return diagnostics(
            from: result, chapter: number, snapshot: number,
            fallbackPath: fallback)
    }

    private func diagnostics(
        from result: ProcessResult, chapter: Int, snapshot: Int?,
        fallbackPath: String
    ) -> [BookDiagnostic] {
        let folders =
            snapshot.map { "library folders \(folderRange(upTo: $0))" }
            ?? "no library folders"
        let prefix = Self.prefix(chapter: chapter, folders: folders)
        var messages = CompilerMessage.parse(
            result.standardError + result.standardOutput
        ).filter(
            \.failsBuild)
        // "emit-module command failed" and the like only repeat the errors that have a place.
        if messages.contains(where: { $0.file != nil }) {
            messages.removeAll { $0.file == nil }
        }
        var diagnostics = messages.map { message in
            let label = message.severity == .warning ? "warning: " : ""
            return BookDiagnostic(
                path: message.file.map(layout.relativePath) ?? fallbackPath,
                line: message.line ?? 1,
                message: prefix + label + message.message)
        }
        if !result.succeeded && diagnostics.isEmpty {
            diagnostics.append(
                BookDiagnostic(
                    path: fallbackPath, line: 1,
                    message: prefix + result.failureReason(program: "swiftc")))
        }
        return diagnostics
    }

    private static func prefix(chapter: Int, folders: String) -> String {
        "chapter \(chapter) does not build with \(folders) alone: "
    }

    private func folderRange(upTo number: Int) -> String {
        let first = layout.libraryFolders.first?.number ?? number
        return "\(twoDigits(first))…\(twoDigits(number))"
    }
}

/// `n` with at least two digits, as chapter folders are numbered.
package func twoDigits(_ number: Int) -> String {
    number < 10 ? "0\(number)" : "\(number)"
}
