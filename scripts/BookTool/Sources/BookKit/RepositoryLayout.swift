import Foundation

/// A numbered folder such as `Sources/MiniCombine/02-Just` or `Chapters/02-Just`.
public struct NumberedFolder: Hashable, Sendable {
    /// The number the folder name starts with.
    public var number: Int
    /// The folder's path relative to the repository root.
    public var path: String
    /// The paths of the folder's `.swift` files relative to the repository root, sorted.
    public var swiftFiles: [String]

    /// The folder's own name, such as `02-Just`.
    public var name: String { path.split(separator: "/").last.map(String.init) ?? path }

    /// The executable a chapter folder builds, as the book's `Package.swift` names it:
    /// `05-OperatorInner` builds `05-operator-inner`.
    public var productName: String {
        var product = ""
        for character in name {
            if character.isUppercase, let last = product.last, last.isLetter || last.isNumber {
                product.append("-")
            }
            product.append(character)
        }
        return product.lowercased()
    }
}

/// Where the book's parts live in a repository, found by listing its folders.
public struct RepositoryLayout: Sendable {
    /// The repository root.
    public var root: URL
    /// `Sources/MiniCombine/NN-Name` folders, by number.
    public var libraryFolders: [NumberedFolder]
    /// `Chapters/NN-Name` folders, by number.
    public var chapterFolders: [NumberedFolder]
    /// Every `.swift` file under `Sources`, `Chapters` and `Tests`, relative to the root.
    public var markedSwiftFiles: [String]
    /// `book/*.md`, relative to the root.
    public var markdownFiles: [String]

    /// Lists the repository at `root`.
    public init(root: URL) {
        let root = root.standardizedFileURL
        self.root = root
        libraryFolders = Self.numberedFolders(in: "Sources/MiniCombine", root: root)
        chapterFolders = Self.numberedFolders(in: "Chapters", root: root)
        markedSwiftFiles = ["Sources", "Chapters", "Tests"].flatMap {
            Self.files(under: $0, root: root, withExtension: "swift")
        }
        let bookFolder = root.appendingPathComponent("book").path
        let bookNames = (try? FileManager.default.contentsOfDirectory(atPath: bookFolder)) ?? []
        markdownFiles = bookNames.filter { $0.hasSuffix(".md") }.sorted().map { "book/\($0)" }
    }

    /// The absolute URL of `path`, a path relative to the root.
    public func url(for path: String) -> URL {
        root.appendingPathComponent(path)
    }

    /// The text of the file at `path`, relative to the root, or `nil` if it cannot be read.
    public func contents(of path: String) -> String? {
        try? String(contentsOf: url(for: path), encoding: .utf8)
    }

    /// The library snapshot a chapter's listings compile against: the highest library folder
    /// number not above `chapter`, or the highest of all when `chapter` is `nil`.
    public func snapshotNumber(forChapter chapter: Int?) -> Int? {
        libraryFolders.map(\.number).filter { chapter == nil || $0 <= chapter! }.max()
    }

    /// The library folders that make up snapshot `number`.
    public func libraryFolders(upTo number: Int) -> [NumberedFolder] {
        libraryFolders.filter { $0.number <= number }
    }

    /// Turns an absolute path inside the repository into a path relative to the root.
    public func relativePath(_ absolutePath: String) -> String {
        let rootPath = root.path.hasSuffix("/") ? root.path : root.path + "/"
        let standardized = URL(fileURLWithPath: absolutePath).standardizedFileURL.path
        return standardized.hasPrefix(rootPath)
            ? String(standardized.dropFirst(rootPath.count)) : absolutePath
    }

    private static func numberedFolders(in parent: String, root: URL) -> [NumberedFolder] {
        let names =
            (try? FileManager.default.contentsOfDirectory(
                atPath: root.appendingPathComponent(parent).path)) ?? []
        return names.compactMap { name -> NumberedFolder? in
            guard let number = leadingNumber(of: name) else { return nil }
            let path = "\(parent)/\(name)"
            var isDirectory: ObjCBool = false
            guard
                FileManager.default.fileExists(
                    atPath: root.appendingPathComponent(path).path, isDirectory: &isDirectory),
                isDirectory.boolValue
            else { return nil }
            return NumberedFolder(
                number: number, path: path,
                swiftFiles: files(under: path, root: root, withExtension: "swift"))
        }.sorted { $0.number < $1.number }
    }

    private static func files(under folder: String, root: URL, withExtension fileExtension: String)
        -> [String]
    {
        guard
            let enumerator = FileManager.default.enumerator(
                atPath: root.appendingPathComponent(folder).path)
        else {
            return []
        }
        var paths: [String] = []
        while let relative = enumerator.nextObject() as? String {
            if relative.hasSuffix(".\(fileExtension)") {
                paths.append("\(folder)/\(relative)")
            }
        }
        return paths.sorted()
    }
}
