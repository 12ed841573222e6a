// swift-tools-version: 6.2

import PackageDescription

let package = Package(
    name: "SiteTool",
    products: [
        .executable(name: "site-tool", targets: ["site-tool"])
    ],
    dependencies: [
        // BookKit's Markdown scanner: the book tool and the site read the book the same way.
        .package(path: "../BookTool")
    ],
    targets: [
        .executableTarget(
            name: "site-tool", dependencies: [.product(name: "BookKit", package: "BookTool")]),
        .testTarget(name: "SiteToolTests", dependencies: ["site-tool"]),
    ],
    swiftLanguageModes: [.v6]
)
