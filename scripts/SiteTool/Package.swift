// swift-tools-version: 6.2

import PackageDescription

let package = Package(
    name: "SiteTool",
    products: [
        .executable(name: "site-tool", targets: ["site-tool"])
    ],
    targets: [
        .executableTarget(name: "site-tool")
    ],
    swiftLanguageModes: [.v6]
)
