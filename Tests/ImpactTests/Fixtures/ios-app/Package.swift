// swift-tools-version:5.9
// The repository's developer tools (lint, code generation); the app itself is project.yml.
import PackageDescription

let package = Package(
    name: "ShopTools",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "shop-lint", targets: ["ShopLint"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.3.0"),
    ],
    targets: [
        .executableTarget(
            name: "ShopLint",
            dependencies: [.product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: "Tools/ShopLint"
        ),
        .testTarget(
            name: "ShopLintTests",
            dependencies: ["ShopLint"],
            path: "Tools/Tests/ShopLintTests"
        ),
    ]
)
