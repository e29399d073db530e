// swift-tools-version:6.1
import PackageDescription

/// The framework's ceiling on this machine: a bare Hummingbird "hello" route, built with the
/// same Hummingbird version and in the same release mode as `mobile-ops-server`, so that
/// `run.sh` can put the server's throughput beside it.
let package = Package(
    name: "http-benchmarks",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "bare-hello", targets: ["bare-hello"]),
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
    ],
    targets: [
        .executableTarget(
            name: "bare-hello",
            dependencies: [.product(name: "Hummingbird", package: "hummingbird")],
            swiftSettings: [
                .enableUpcomingFeature("ExistentialAny"),
                .enableUpcomingFeature("MemberImportVisibility"),
            ]
        ),
    ]
)
