// swift-tools-version: 6.2
import PackageDescription

// The same probe sources, in `Sources/Probes`, are compiled twice: once as `Probes` against the
// book's MiniCombine, once as `ProbesOpenCombine` (a symbolic link to the same folder) against
// OpenCombine 0.14.0, with `OPEN_COMBINE` defined so that the sources import that library.
let package = Package(
    name: "Conformance",
    dependencies: [
        .package(name: "CombineFromScratch", path: "../.."),
        .package(url: "https://github.com/OpenCombine/OpenCombine.git", exact: "0.14.0"),
    ],
    targets: [
        .target(name: "ConformanceKit"),
        .target(
            name: "Probes",
            dependencies: [
                "ConformanceKit",
                .product(name: "MiniCombine", package: "CombineFromScratch"),
            ]
        ),
        .target(
            name: "ProbesOpenCombine",
            dependencies: [
                "ConformanceKit",
                .product(name: "OpenCombine", package: "OpenCombine"),
                .product(name: "OpenCombineDispatch", package: "OpenCombine"),
            ],
            swiftSettings: [.define("OPEN_COMBINE")]
        ),
        .executableTarget(
            name: "conformance",
            dependencies: ["ConformanceKit", "Probes", "ProbesOpenCombine"]
        ),
        .testTarget(
            name: "ConformanceTests",
            dependencies: ["ConformanceKit", "Probes", "ProbesOpenCombine"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
