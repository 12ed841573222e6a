// swift-tools-version: 6.2
import PackageDescription

/// The book's library compared with OpenCombine 0.14.0, for behaviour and for speed.
///
/// `scripts/conformance` and `scripts/benchmark` share this package, so OpenCombine is resolved
/// and built once; it stays out of the book's own package, which depends on nothing.
///
/// MiniCombine and OpenCombine declare types with the same names (`Just`, `Publishers`, …), so
/// code that runs on both is written once and compiled once per library, from a folder and a
/// symbolic link to it, with a condition that picks the `import`.
let package = Package(
    name: "Comparison",
    dependencies: [
        .package(name: "CombineFromScratch", path: "../.."),
        .package(
            url: "https://github.com/OpenCombine/OpenCombine.git",
            exact: "0.14.0"),
    ],
    targets: [
        // Conformance: `Sources/ProbesOpenCombine` is a link to `Sources/Probes`.
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

        // Benchmarks: one workload source in `Sources/MiniCombineBenchmarks`, linked into the
        // other contenders' folders.
        .target(
            name: "MiniCombineBenchmarks",
            dependencies: [
                .product(name: "MiniCombine", package: "CombineFromScratch")
            ]
        ),
        .target(
            name: "OpenCombineBenchmarks",
            dependencies: [
                .product(name: "OpenCombine", package: "OpenCombine")
            ],
            swiftSettings: [.define("OPEN_COMBINE")]
        ),
        // The book's library compiled into the benchmark's own module (`Library` is a link to
        // `Sources/MiniCombine`), to show what the module boundary costs.
        .target(
            name: "MiniCombineSameModuleBenchmarks",
            swiftSettings: [.define("SAME_MODULE")]),
        // A copy of the library's hot path as a performance engineer would write it; the
        // appendix explains each change.
        .target(
            name: "TunedCombine",
            swiftSettings: [.unsafeFlags(["-enforce-exclusivity=unchecked"])]
        ),
        // Optimised even in a debug build: unoptimised code retains a closure for each call
        // anyway, and would hide what these tests check.
        .testTarget(
            name: "TunedCombineTests", dependencies: ["TunedCombine"],
            swiftSettings: [.unsafeFlags(["-O"])]
        ),
        .target(
            name: "TunedCombineBenchmarks",
            dependencies: ["TunedCombine"],
            swiftSettings: [.define("TUNED")]
        ),
        .target(name: "HandLoopBenchmarks"),
        .executableTarget(
            name: "benchmarks",
            dependencies: [
                "MiniCombineBenchmarks", "OpenCombineBenchmarks",
                "MiniCombineSameModuleBenchmarks",
                "TunedCombineBenchmarks", "HandLoopBenchmarks",
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
