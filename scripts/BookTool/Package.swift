// swift-tools-version: 6.2

import PackageDescription

let package = Package(
    name: "BookTool",
    products: [
        .executable(name: "book-tool", targets: ["book-tool"])
    ],
    targets: [
        .target(name: "BookKit"),
        .executableTarget(name: "book-tool", dependencies: ["BookKit"]),
        .testTarget(name: "BookKitTests", dependencies: ["BookKit"]),
    ],
    swiftLanguageModes: [.v6]
)
