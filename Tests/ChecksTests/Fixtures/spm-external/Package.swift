// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "NotesServer",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.0.0"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.0.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.5.0"),
    ],
    targets: [
        .executableTarget(
            name: "App",
            dependencies: [
                "HTTP",
                "Storage",
            ]
        ),
        .target(
            name: "HTTP",
            dependencies: [
                "Model",
                .product(name: "Hummingbird", package: "hummingbird"),
            ]
        ),
        .target(
            name: "Storage",
            dependencies: [
                "Model",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        .target(
            name: "Model",
            dependencies: [
                // Should not reach the database.
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "ModelTests",
            dependencies: ["Model", .product(name: "HummingbirdTesting", package: "hummingbird")]
        ),
    ]
)
