// swift-tools-version: 6.2

import PackageDescription

// The book's tools: the book tool, the exercise tool and the site tool, sharing BookKit.
let package = Package(
    name: "BookTool",
    products: [
        .executable(name: "book-tool", targets: ["book-tool"]),
        .executable(name: "exercise-tool", targets: ["exercise-tool"]),
        .executable(name: "site-tool", targets: ["site-tool"]),
    ],
    targets: [
        .target(name: "BookKit"),
        .executableTarget(name: "book-tool", dependencies: ["BookKit"]),
        .target(name: "ExerciseKit", dependencies: ["BookKit"]),
        .executableTarget(name: "exercise-tool", dependencies: ["ExerciseKit"]),
        .executableTarget(name: "site-tool", dependencies: ["BookKit"]),
        .testTarget(name: "BookKitTests", dependencies: ["BookKit"]),
        .testTarget(name: "ExerciseKitTests", dependencies: ["ExerciseKit"]),
        .testTarget(name: "SiteToolTests", dependencies: ["site-tool"]),
    ],
    swiftLanguageModes: [.v6]
)
