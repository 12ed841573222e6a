// swift-tools-version: 6.2
import PackageDescription

/// The book's chapters, in reading order: each one is an executable that
/// narrates its step (`swift run 02-just`) and lives in `Chapters/<folder>`.
let chapters = [
    "01-Protocols",
    "02-Just",
    "03-Sink",
    "04-Map",
    "05-OperatorInner",
]

let package = Package(
    name: "CombineFromScratch",
    products: [
        .library(name: "MiniCombine", targets: ["MiniCombine"])
    ]
        + chapters.map { folder in
            .executable(name: folder.lowercased(), targets: [targetName(ofChapter: folder)])
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
