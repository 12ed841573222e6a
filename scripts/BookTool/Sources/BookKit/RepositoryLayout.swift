import Foundation

/// A numbered folder such as `Sources/MiniCombine/02-Just` or `Chapters/02-Just`.
package struct NumberedFolder: Hashable, Sendable {
    package var number: Int
    var path: String
    /// The paths of the folder's `.swift` files relative to the repository root, sorted.
    var swiftFiles: [String]

    var name: String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// The executable a chapter folder builds, as the book's `Package.swift` names it:
    /// `05-OperatorInner` builds `05-operator-inner`.
    package var productName: String { Self.productName(ofFolder: name) }

    /// The executable the chapter folder called `name` builds: `05-OperatorInner` builds
    /// `05-operator-inner`.
    package static func productName(ofFolder name: String) -> String {
        var product = ""
        for character in name {
            if character.isUppercase, let last = product.last,
                last.isLetter || last.isNumber
            {
                product.append("-")
            }
            product.append(character)
        }
        return product.lowercased()
    }
}

/// A repository file as read for parsing.
package struct SourceText: Sendable {
    /// The text, with LF line endings; empty if the file could not be read.
    package var text: String
    /// Whether the file could be read as UTF-8 at all.
    var isReadable: Bool
    /// What is wrong with the file (unreadable, or CRLF line endings), reported at its line 1.
    var diagnostic: BookDiagnostic?
    package var problem: String? { diagnostic?.description }
}

/// Where the book's parts live in a repository, found by listing its folders.
package struct RepositoryLayout: Sendable {
    var root: URL
    /// `Sources/MiniCombine/NN-Name` folders, by number.
    var libraryFolders: [NumberedFolder]
    /// `Chapters/NN-Name` folders, by number.
    package var chapterFolders: [NumberedFolder]
    /// Every `.swift` file under `Sources`, `Chapters` and `Tests`, relative to the root.
    var markedSwiftFiles: [String]
    /// `book/*.md`, relative to the root.
    package var markdownFiles: [String]

    package init(root: URL) {
        let root = root.standardizedFileURL
        self.root = root
        libraryFolders = Self.numberedFolders(
            in: "Sources/MiniCombine", root: root)
        chapterFolders = Self.numberedFolders(in: "Chapters", root: root)
        markedSwiftFiles = ["Sources", "Chapters", "Tests"].flatMap {
            Self.swiftFiles(under: $0, root: root)
        }
        let bookFolder = root.appendingPathComponent("book").path
        let bookNames =
            (try? FileManager.default.contentsOfDirectory(atPath: bookFolder))
            ?? []
        markdownFiles = bookNames.filter { $0.hasSuffix(".md") }.sorted().map {
            "book/\($0)"
        }
    }

    func url(for path: String) -> URL {
        root.appendingPathComponent(path)
    }

    /// Reads the file at `path`, relative to the root, for parsing; `nil` if there is no such file.
    package func sourceText(of path: String) -> SourceText? {
        let url = url(for: path)
        var isDirectory: ObjCBool = false
        guard
            FileManager.default.fileExists(
                atPath: url.path, isDirectory: &isDirectory),
            !isDirectory.boolValue
        else { return nil }
        func failure(_ message: String, line: Int = 1) -> SourceText {
            SourceText(
                text: "", isReadable: false,
                diagnostic: BookDiagnostic(
                    path: path, line: line, message: message))
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            return failure("cannot be read: \(plainReason(error))")
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            let lines = data.split(
                separator: 0x0A, omittingEmptySubsequences: false)
            let bad =
                lines.firstIndex {
                    String(validating: $0, as: UTF8.self) == nil
                } ?? 0
            return failure(
                "cannot be read: this line is not valid UTF-8 text",
                line: bad + 1)
        }
        guard text.contains("\r\n") else {
            return SourceText(text: text, isReadable: true, diagnostic: nil)
        }
        return SourceText(
            text: text.replacingOccurrences(of: "\r\n", with: "\n"),
            isReadable: true,
            diagnostic: BookDiagnostic(
                path: path, line: 1,
                message: "uses CRLF line endings; convert it to LF"))
    }

    /// Turns an absolute path inside the repository into a path relative to the root.
    func relativePath(_ absolutePath: String) -> String {
        let rootPath = root.path.hasSuffix("/") ? root.path : root.path + "/"
        let standardized = URL(fileURLWithPath: absolutePath)
            .standardizedFileURL.path
        return standardized.hasPrefix(rootPath)
            ? String(standardized.dropFirst(rootPath.count)) : absolutePath
    }

    private static func numberedFolders(in parent: String, root: URL)
        -> [NumberedFolder]
    {
        let names =
            (try? FileManager.default.contentsOfDirectory(
                atPath: root.appendingPathComponent(parent).path)) ?? []
        return names.compactMap { name -> NumberedFolder? in
            guard let number = leadingNumber(of: name) else { return nil }
            let path = "\(parent)/\(name)"
            var isDirectory: ObjCBool = false
            guard
                FileManager.default.fileExists(
                    atPath: root.appendingPathComponent(path).path,
                    isDirectory: &isDirectory),
                isDirectory.boolValue
            else { return nil }
            return NumberedFolder(
                number: number, path: path,
                swiftFiles: swiftFiles(under: path, root: root))
        }.sorted { $0.number < $1.number }
    }

    private static func swiftFiles(under folder: String, root: URL)
        -> [String]
    {
        let enumerator = FileManager.default.enumerator(
            atPath: root.appendingPathComponent(folder).path)
        let paths = enumerator?.allObjects as? [String] ?? []
        return paths.filter { $0.hasSuffix(".swift") }.map { "\(folder)/\($0)" }
            .sorted()
    }
}
