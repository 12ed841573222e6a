// swift-tools-version: 6.2
import PackageDescription

/// The book's chapters, in reading order: each one is an executable that
/// narrates its step (`swift run 05-operator-inner`) and lives in `Chapters/<folder>`.
let chapters = [
    "01-Protocols",
    "02-Just",
    "03-Sink",
    "04-Map",
    "05-OperatorInner",
    "06-TypesChart",
    "07-ReduceLatest",
]

let package = Package(
    name: "CombineFromScratch",
    products: [
        .library(name: "MiniCombine", targets: ["MiniCombine"])
    ]
        + chapters.map { folder in
            .executable(
                name: productName(ofChapter: folder),
                targets: [targetName(ofChapter: folder)])
        },
    targets: [
        .target(name: "MiniCombine"),
        .testTarget(name: "MiniCombineTests", dependencies: ["MiniCombine"]),
    ]
        + chapters.map { folder in
            .executableTarget(
                name: targetName(ofChapter: folder),
                dependencies: ["MiniCombine"],
                path: "Chapters/\(folder)"
            )
        },
    swiftLanguageModes: [.v6]
)

/// `"02-Just"` becomes `"Chapter02Just"`: a module name must not start with a digit.
func targetName(ofChapter folder: String) -> String {
    "Chapter" + folder.filter { $0 != "-" }
}

/// `"05-OperatorInner"` becomes `"05-operator-inner"`: the command a reader types.
func productName(ofChapter folder: String) -> String {
    var name = ""
    for character in folder {
        if character.isUppercase, let last = name.last,
            last.isLetter || last.isNumber
        {
            name.append("-")
        }
        name.append(character)
    }
    return name.lowercased()
}
