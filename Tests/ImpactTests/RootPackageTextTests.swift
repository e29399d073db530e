import Foundation
import Impact
import Testing
import TestSupport

/// A tools `Package.swift` next to an app's `project.yml`, read from its text on the server:
/// what the text says plainly is followed, and everything else widens so that no suite the
/// change can reach is skipped.
@Suite struct RootPackageTextTests {
    /// A one-target app, so the repository is an XcodeGen app with a tools package.
    static let app = """
        name: Shop
        targets:
          Shop:
            type: application
            platform: iOS
            sources: [Shop]
        """

    /// A repository with `manifest` as its root Package.swift.
    static func repository(manifest: String) throws -> String {
        let root = try TemporaryDirectory.create("impact-tests").path
        try write(app, to: "project.yml", in: root)
        try write(manifest, to: "Package.swift", in: root)
        for folder in ["Shop/App.swift", "Sources/Lint/main.swift", "Sources/LintCore/Rules.swift",
                       "Tests/LintCoreTests/RulesTests.swift", "Tools/Codegen/Gen.swift", "BuildTools/Format/Format.swift"] {
            try write("// \(folder)\n", to: folder, in: root)
        }
        return root
    }

    static func analyze(_ manifest: String, _ paths: [String]) throws -> (ImpactReport, ModuleGraph) {
        let root = try repository(manifest: manifest)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let (graph, _) = try ModuleGraphLoader(policy: .parseOnly).load(projectDirectory: root)
        return (try ImpactAnalyzer(graph: graph).analyze(ChangeSet(paths: paths)), graph)
    }

    @Test func literalTargetsAndLocalPackagesAreFollowed() throws {
        let manifest = """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(
                name: "ShopTools",
                dependencies: [
                    .package(path: "BuildTools/Format"),
                    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.3.0"),
                ],
                targets: [
                    .executableTarget(name: "Lint", dependencies: ["LintCore", .product(name: "ArgumentParser", package: "swift-argument-parser")]),
                    .target(name: "LintCore", dependencies: [.product(name: "Format", package: "Format")]),
                    .testTarget(name: "LintCoreTests", dependencies: ["LintCore"]),
                ]
            )
            """
        let (core, graph) = try Self.analyze(manifest, ["Sources/LintCore/Rules.swift"])
        #expect(graph.warnings.isEmpty)
        #expect(core.selectedNames == ["LintCoreTests"])
        // A local package of the tools reaches the suites of targets depending on it.
        #expect(try Self.analyze(manifest, ["BuildTools/Format/Format.swift"]).0.selectedNames == ["LintCoreTests"])
        // The executable has no suite: nothing to run, and nothing skipped that could break.
        #expect(try Self.analyze(manifest, ["Sources/Lint/main.swift"]).0.selectedNames.isEmpty)
    }

    /// A dependency written as a variable: the target depends on every target and local package.
    @Test func unfollowableDependenciesWiden() throws {
        let manifest = """
            import PackageDescription
            let shared: [Target.Dependency] = ["LintCore"]
            let package = Package(
                name: "ShopTools",
                dependencies: [.package(path: "Tools/Codegen")],
                targets: [
                    .target(name: "LintCore"),
                    .target(name: "Lint"),
                    .testTarget(name: "LintCoreTests", dependencies: shared + ["Lint"]),
                ]
            )
            """
        let (report, graph) = try Self.analyze(manifest, ["Tools/Codegen/Gen.swift"])
        #expect(report.selectedNames == ["LintCoreTests"])
        #expect(graph.warnings.contains { $0.contains("Package.swift: target LintCoreTests has dependencies this reader cannot follow") })
    }

    /// `path:` computed: the target owns every file no other module claims.
    @Test func computedPathWidensToUnclaimedFiles() throws {
        let manifest = """
            import PackageDescription
            let root = "Sources"
            let package = Package(
                name: "ShopTools",
                targets: [
                    .target(name: "LintCore", path: root + "/LintCore"),
                    .testTarget(name: "LintCoreTests", dependencies: ["LintCore"]),
                ]
            )
            """
        let (report, graph) = try Self.analyze(manifest, ["Sources/LintCore/Rules.swift"])
        #expect(report.selectedNames == ["LintCoreTests"])
        #expect(graph.warnings.contains { $0.contains("target LintCore has a computed path") })
        // The app's files are still the app's.
        #expect(try Self.analyze(manifest, ["Shop/App.swift"]).0.selectedNames.isEmpty)
    }

    /// A target list built by code: no target is known, so a change where targets live by
    /// default runs every suite.
    @Test func computedTargetListRunsEverything() throws {
        let manifest = """
            import PackageDescription
            let package = Package(name: "ShopTools", targets: [])
            package.targets += ["LintCore"].map { .target(name: $0) }
            """
        let (report, graph) = try Self.analyze(manifest, ["Sources/LintCore/Rules.swift"])
        #expect(report.runAll.value)
        #expect(graph.warnings.contains { $0.contains("Package.swift:") && $0.contains("runs every suite") })
    }
}
