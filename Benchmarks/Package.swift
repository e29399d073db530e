// swift-tools-version:6.1
import PackageDescription

// Benchmarks live in their own package so the root package (and CI) never resolve
// Swinject or package-benchmark. Run from this directory:
//   swift package --disable-sandbox benchmark      (package-benchmark suite)
//   swift run -c release di-compare                (plain side-by-side table)
let package = Package(
    name: "DIBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "mobile-ops", path: ".."),
        .package(url: "https://github.com/Swinject/Swinject.git", from: "2.10.0"),
        .package(url: "https://github.com/apple/swift-crypto.git", from: "3.12.3"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.6.0"),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        // The three workloads, wired with DI, with Swinject and by hand.
        .target(
            name: "BenchmarkFixtures",
            dependencies: [
                .product(name: "DI", package: "mobile-ops"),
                .product(name: "Swinject", package: "Swinject"),
            ],
            path: "Sources/BenchmarkFixtures"
        ),
        // package-benchmark suite: `swift package --disable-sandbox benchmark`.
        .executableTarget(
            name: "DIBenchmarks",
            dependencies: [
                "BenchmarkFixtures",
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "DIBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // The CI loop's goals (issue 4) against a release server: `swift run -c release ci-bench`.
        .executableTarget(
            name: "ci-bench",
            dependencies: [
                .product(name: "Store", package: "mobile-ops"),
                .product(name: "StoreSQLite", package: "mobile-ops"),
                .product(name: "StorePostgres", package: "mobile-ops"),
                .product(name: "Core", package: "mobile-ops"),
                .product(name: "Agent", package: "mobile-ops"),
                .product(name: "ChildProcesses", package: "mobile-ops"),
                .product(name: "HTTPClient", package: "mobile-ops"),
                .product(name: "Crypto", package: "swift-crypto"),
                // Read-only look at the server's own timestamps (runnable → assigned).
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            path: "Sources/ci-bench"
        ),
        // Impact analysis at scale (10k modules / 50k edges / 200k files): `swift run -c release impact-bench`.
        // The generated 10,000-module graph impact-bench and checks-bench share.
        .target(
            name: "ModuleGraphGenerator",
            dependencies: [.product(name: "Impact", package: "mobile-ops")],
            path: "Sources/ModuleGraphGenerator"
        ),
        .executableTarget(
            name: "impact-bench",
            dependencies: ["ModuleGraphGenerator", .product(name: "Impact", package: "mobile-ops")],
            path: "Sources/impact-bench"
        ),
        // Dependency rules on the same graph, against a naive evaluation: `swift run -c release checks-bench`.
        .executableTarget(
            name: "checks-bench",
            dependencies: [
                "ModuleGraphGenerator",
                .product(name: "Impact", package: "mobile-ops"),
                .product(name: "Checks", package: "mobile-ops"),
            ],
            path: "Sources/checks-bench"
        ),
        // Parser throughput on ~50 MB generated logs: `swift run -c release metrics-bench`.
        .executableTarget(
            name: "metrics-bench",
            dependencies: [.product(name: "BuildMetrics", package: "mobile-ops")],
            path: "Sources/metrics-bench"
        ),
        // Streaming SARIF reader on a ~100 MB log against JSONSerialization (issue 23):
        // `swift run -c release findings-bench`.
        .executableTarget(
            name: "findings-bench",
            dependencies: [.product(name: "Findings", package: "mobile-ops")],
            path: "Sources/findings-bench"
        ),
        // Build metrics store (issue 5): ingest rate and query p95 with 1,000,000 builds:
        // `swift run -c release metrics-store-bench`.
        .executableTarget(
            name: "metrics-store-bench",
            dependencies: [
                .product(name: "Store", package: "mobile-ops"),
                .product(name: "StoreSQLite", package: "mobile-ops"),
                .product(name: "StorePostgres", package: "mobile-ops"),
                .product(name: "StoreCopy", package: "mobile-ops"),
                .product(name: "Core", package: "mobile-ops"),
                .product(name: "BuildMetrics", package: "mobile-ops"),
                .product(name: "ChildProcesses", package: "mobile-ops"),
                .product(name: "HTTPClient", package: "mobile-ops"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Sources/metrics-store-bench"
        ),
        // The device queue's scheduling quality on a simulated fleet (issue 35): the server's own
        // DeviceRun, beside static shards and round robin, on a virtual clock (Core for its
        // step, batch and report types): `swift run -c release device-bench`.
        .executableTarget(
            name: "device-bench",
            dependencies: [.product(name: "Devices", package: "mobile-ops"), .product(name: "Core", package: "mobile-ops")],
            path: "Sources/device-bench"
        ),
        // Plain release-mode harness printing one comparison table.
        .executableTarget(
            name: "di-compare",
            dependencies: ["BenchmarkFixtures"],
            path: "Sources/di-compare"
        ),
    ]
)
