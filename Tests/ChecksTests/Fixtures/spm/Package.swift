// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "ShopKit",
    platforms: [.iOS(.v17)],
    products: [
        .library(name: "AppFeature", targets: ["AppFeature"]),
    ],
    targets: [
        .target(
            name: "AppFeature",
            dependencies: [
                "CartFeature",
                "LoginFeature",
                "CoreKit",
            ]
        ),
        .target(
            name: "LoginFeature",
            dependencies: ["CoreKit", "DesignSystem"]
        ),
        .target(
            name: "CartFeature",
            dependencies: [
                "CoreKit",
                // Should go through an interface module instead.
                .target(name: "LoginFeature"),
            ]
        ),
        .target(
            name: "CoreKit",
            dependencies: [
                "FoundationExtras",
                "DesignSystem",
            ]
        ),
        .target(name: "DesignSystem"),
        .target(name: "FoundationExtras"),
        .target(name: "TestSupport", dependencies: ["CoreKit"]),
        .testTarget(
            name: "CoreKitTests",
            dependencies: ["CoreKit", "TestSupport", "LoginFeature"]
        ),
    ]
)
