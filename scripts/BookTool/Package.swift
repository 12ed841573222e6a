// swift-tools-version: 6.2

import PackageDescription

let package = Package(
    name: "BookTool",
    products: [
        .executable(name: "book-tool", targets: ["book-tool"]),
        .executable(name: "exercise-tool", targets: ["exercise-tool"]),
        // The site tool (scripts/SiteTool) reads the book with the same Markdown scanner.
        .library(name: "BookKit", targets: ["BookKit"]),
    ],
    targets: [
        .target(name: "BookKit"),
        .executableTarget(name: "book-tool", dependencies: ["BookKit"]),
        .target(name: "ExerciseKit", dependencies: ["BookKit"]),
        .executableTarget(name: "exercise-tool", dependencies: ["ExerciseKit"]),
        .testTarget(name: "BookKitTests", dependencies: ["BookKit"]),
        .testTarget(name: "ExerciseKitTests", dependencies: ["ExerciseKit"]),
    ],
    swiftLanguageModes: [.v6]
)
