// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "ShopKit",
    platforms: [.iOS(.v16), .macOS(.v13)],
    products: [
        .library(name: "ShopCore", targets: ["ShopCore"]),
        .library(name: "ShopUI", targets: ["ShopUI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.17.0"),
    ],
    targets: [
        .target(name: "ShopCore"),
        .target(
            name: "ShopNetworking",
            dependencies: ["ShopCore"],
            path: "Sources/Networking"
        ),
        .target(
            name: "ShopUI",
            dependencies: [.target(name: "ShopCore")],
            resources: [.process("Resources")]
        ),
        .testTarget(name: "ShopCoreTests", dependencies: ["ShopCore"]),
        .testTarget(
            name: "ShopUISnapshotTests",
            dependencies: [
                "ShopUI",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ]
        ),
        .testTarget(name: "ShopNetworkingTests", dependencies: ["ShopNetworking"]),
    ]
)
