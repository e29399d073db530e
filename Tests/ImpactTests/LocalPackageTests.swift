import Foundation
import Impact
import Testing
import TestSupport

/// The ios-app fixture's XcodeGen side: test targets defined in an included file (mapping
/// `sources:` relative to that file), and a local package whose own targets and test targets
/// are read from its Package.swift text.
@Suite struct LocalPackageTests {
    static func analyze(_ paths: [String]) throws -> ImpactReport {
        let graph = try XcodeGenReader().graph(projectDirectory: try Fixtures.path("ios-app"))
        return try ImpactAnalyzer(graph: graph).analyze(ChangeSet(paths: paths))
    }

    static let appSuites = ["ShopIntegrationTests", "ShopTests", "ShopUITests"]

    @Test func packageTargetsAndTestTargetsAreRead() throws {
        let graph = try XcodeGenReader().graph(projectDirectory: try Fixtures.path("ios-app"))
        let suites = Dictionary(uniqueKeysWithValues: graph.testSuites.map { ($0.name, $0) })
        #expect(suites["ShopKit:ShopCoreTests"]?.paths == ["Packages/ShopKit/Tests/ShopCoreTests"])
        #expect(suites["ShopKit:ShopCoreTests"]?.module == "ShopKit:ShopCore")
        #expect(suites["ShopKit:ShopUISnapshotTests"]?.kind == .snapshot)
        #expect(suites["ShopUITests"] == TestSuite(
            name: "ShopUITests", module: "Shop", kind: .ui,
            paths: ["UITests/Sources", "UITests/SupportingFiles/Info.plist"]
        ))
        let modules = Dictionary(uniqueKeysWithValues: graph.modules.map { ($0.name, $0) })
        #expect(modules["ShopKit:ShopNetworking"]?.paths == ["Packages/ShopKit/Sources/Networking"])
        #expect(graph.warnings.isEmpty)
    }

    @Test func packageTargetChangeSelectsItsTestsAndTheApp() throws {
        let report = try Self.analyze(["Packages/ShopKit/Sources/Networking/Client.swift"])
        #expect(report.selectedNames == ["ShopIntegrationTests", "ShopKit:ShopNetworkingTests", "ShopTests", "ShopUITests"])
        #expect(report.reason(for: "ShopKit:ShopNetworkingTests") == "ShopKit:ShopNetworkingTests → ShopKit:ShopNetworking ← Packages/ShopKit/Sources/Networking/Client.swift")
        #expect(report.reason(for: "ShopUITests") == "ShopUITests → Shop → ShopKit:ShopNetworking ← Packages/ShopKit/Sources/Networking/Client.swift")
    }

    @Test func coreTargetChangeReachesDependentTargets() throws {
        let report = try Self.analyze(["Packages/ShopKit/Sources/ShopCore/Cart.swift"])
        #expect(report.skipped.isEmpty)
    }

    @Test func manifestChangeSelectsEveryTargetOfThePackage() throws {
        let report = try Self.analyze(["Packages/ShopKit/Package.swift"])
        #expect(report.skipped.isEmpty)
    }

    @Test func includedUITestChangeSelectsOnlyIt() throws {
        let report = try Self.analyze(["UITests/Sources/CheckoutFlowTests.swift"])
        #expect(report.selectedNames == ["ShopUITests"])
    }

    @Test func packageTestChangeSelectsOnlyThatSuite() throws {
        let report = try Self.analyze(["Packages/ShopKit/Tests/ShopCoreTests/ShopCoreTests.swift"])
        #expect(report.selectedNames == ["ShopKit:ShopCoreTests"])
    }

    /// Dependencies the text reader cannot follow widen to every target of the package.
    @Test func unreadableDependenciesWiden() throws {
        let folder = try TemporaryDirectory.create("impact-tests").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try write("packages:\n  Kit:\n    path: Kit\ntargets:\n  App:\n    type: application\n    sources: App\n    dependencies:\n      - package: Kit\n", to: "project.yml", in: folder)
        try write("""
            let shared: [Target.Dependency] = ["A"]
            let package = Package(name: "Kit", targets: [
                .target(name: "A"),
                .target(name: "B"),
                .testTarget(name: "BTests", dependencies: shared + ["B"]),
            ])
            """, to: "Kit/Package.swift", in: folder)
        let graph = try XcodeGenReader().graph(projectDirectory: folder)
        #expect(graph.warnings.count == 1)
        let report = try ImpactAnalyzer(graph: graph).analyze(ChangeSet(paths: ["Kit/Sources/A/A.swift"]))
        #expect(report.selectedNames == ["Kit:BTests"])

        // A computed target list: the package stays one module, with a warning.
        try write("let package = Package(name: \"Kit\", targets: makeTargets())\n", to: "Kit/Package.swift", in: folder)
        let computed = try XcodeGenReader().graph(projectDirectory: folder)
        #expect(computed.modules.map(\.name).sorted() == ["App", "Kit"])
        #expect(computed.warnings.count == 1)
    }
}
