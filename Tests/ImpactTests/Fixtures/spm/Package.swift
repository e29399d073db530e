// swift-tools-version:6.1
import PackageDescription

// Fixture for ImpactTests: a small app package. Not built; read through dump-package.
let package = Package(
    name: "ShopApp",
    products: [
        .library(name: "AppFeature", targets: ["AppFeature"]),
    ],
    dependencies: [
        .package(path: "Packages/Analytics"),
    ],
    targets: [
        .target(name: "Core"),
        .target(name: "Networking", dependencies: ["Core"]),
        .target(name: "OnboardingFeature", dependencies: [.target(name: "Core")]),
        .target(
            name: "DesignSystem",
            path: "Sources/Design System",
            sources: ["Components", "Theme.swift"]
        ),
        .target(
            name: "AppFeature",
            dependencies: [
                "OnboardingFeature", "Networking", "DesignSystem",
                .product(name: "Analytics", package: "Analytics"),
            ]
        ),
        .testTarget(name: "CoreTests", dependencies: ["Core"]),
        .testTarget(name: "AppFeatureTests", dependencies: ["AppFeature"]),
        .testTarget(name: "AppFeatureSnapshotTests", dependencies: ["AppFeature", "DesignSystem"]),
        .testTarget(name: "ShopUITests", dependencies: ["AppFeature"], path: "UITests/Shop"),
    ]
)
