// swift-tools-version: 6.2
import PackageDescription

/// The book's benchmarks, kept out of the book's own package so that the book depends on nothing.
///
/// MiniCombine and OpenCombine declare types with the same names (`Just`, `Publishers`, …), so
/// each library is driven from its own module; the `benchmarks` executable runs them side by
/// side with a hand-written loop doing the same work. Run it with `scripts/benchmark`.
let package = Package(
    name: "Benchmarks",
    dependencies: [
        .package(name: "CombineFromScratch", path: "../.."),
        .package(url: "https://github.com/OpenCombine/OpenCombine.git", exact: "0.14.0"),
    ],
    targets: [
        .target(
            name: "MiniCombineBenchmarks",
            dependencies: [.product(name: "MiniCombine", package: "CombineFromScratch")]
        ),
        // `Sources/OpenCombineBenchmarks` is a link to `Sources/MiniCombineBenchmarks`: the same
        // workload source, compiled against OpenCombine.
        .target(
            name: "OpenCombineBenchmarks",
            dependencies: [.product(name: "OpenCombine", package: "OpenCombine")],
            swiftSettings: [.define("OPEN_COMBINE")]
        ),
        // The book's library compiled into the benchmark's own module (`Library` is a link to
        // `Sources/MiniCombine`, and the workloads are the same linked file), to show what the
        // module boundary costs.
        .target(name: "MiniCombineSameModuleBenchmarks", swiftSettings: [.define("SAME_MODULE")]),
        .target(name: "HandLoopBenchmarks"),
        .executableTarget(
            name: "benchmarks",
            dependencies: [
                "MiniCombineBenchmarks", "OpenCombineBenchmarks", "MiniCombineSameModuleBenchmarks",
                "HandLoopBenchmarks",
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
