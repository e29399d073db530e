import Foundation
import Impact
import Testing
import TestSupport

/// A repository whose root holds a Package.swift for its developer tools and a project.yml for
/// the app: both are read and merged, and `kind` picks one.
@Suite struct MultiDescriptionTests {
    static func project() throws -> String { try Fixtures.path("ios-app") }

    @Test func bothDescriptionsAreDetected() throws {
        #expect(ModuleGraphLoader().detectKinds(projectDirectory: try Self.project()) == [.xcodeGen, .swiftPackage])
        #expect(ModuleGraphLoader().detectKind(projectDirectory: try Self.project()) == .xcodeGen)
    }

    /// The server's policy: Package.swift is never run, so the tools package is read from its
    /// text; the repository is the app, and the tools' suites are still selected.
    @Test func parseOnlyReadsTheAppAndTheToolsPackageText() throws {
        let (graph, kind) = try ModuleGraphLoader(policy: .parseOnly).load(projectDirectory: try Self.project())
        #expect(kind == .xcodeGen)
        #expect(Set(graph.testSuites.map(\.name)).isSuperset(of: ["ShopLintTests", "ShopTests"]))
        #expect(graph.warnings.isEmpty)
        let analyzer = try ImpactAnalyzer(graph: graph)
        let app = analyzer.analyze(ChangeSet(paths: ["Shop/Sources/ShopApp.swift"]))
        #expect(app.selectedNames.contains("ShopTests"))
        #expect(!app.selectedNames.contains("ShopLintTests"))
        #expect(app.unownedFiles.isEmpty)
        #expect(analyzer.analyze(ChangeSet(paths: ["Tools/ShopLint/main.swift"])).selectedNames == ["ShopLintTests"])
    }

    @Test(.enabled(if: onPath("swift"), "needs swift on PATH"))
    func runManifestsMergesToolsAndApp() throws {
        let copy = try TemporaryDirectory.create("impact-tests").path
        defer { try? FileManager.default.removeItem(atPath: copy) }
        let project = copy + "/ios-app"
        try FileManager.default.copyItem(atPath: try Self.project(), toPath: project)
        let (graph, _) = try ModuleGraphLoader(policy: .runManifests).load(projectDirectory: project)
        let names = Set(graph.testSuites.map(\.name))
        #expect(names.isSuperset(of: ["ShopLintTests", "ShopTests"]))
        let analyzer = try ImpactAnalyzer(graph: graph)
        #expect(analyzer.analyze(ChangeSet(paths: ["Tools/ShopLint/main.swift"])).selectedNames == ["ShopLintTests"])
        #expect(analyzer.analyze(ChangeSet(paths: ["Shop/Sources/ShopApp.swift"])).selectedNames.contains("ShopTests"))
    }

    @Test func kindPicksOneDescription() throws {
        let loader = ModuleGraphLoader(policy: .parseOnly)
        let (graph, kind) = try loader.load(projectDirectory: try Self.project(), kind: .xcodeGen)
        #expect(kind == .xcodeGen)
        #expect(graph.warnings.isEmpty)
        // Asking for the package alone on the server still needs a graph.
        #expect(throws: ImpactError.graphRequired(directory: try Self.project(), kind: .swiftPackage)) {
            try loader.load(projectDirectory: try Self.project(), kind: .swiftPackage)
        }
        #expect(throws: ImpactError.unknownProjectKind(directory: try Self.project())) {
            try loader.load(projectDirectory: try Self.project(), kind: .gradle)
        }
        #expect(ProjectKind.named("XcodeGen") == .xcodeGen)
        #expect(ProjectKind.named("spm") == .swiftPackage)
        #expect(ProjectKind.named("bazel") == nil)
    }

    /// The same name in two descriptions is one module owning both sets of paths.
    @Test func mergeUnitesModulesOfTheSameName() throws {
        let spm = ModuleGraph(modules: [Module(name: "Core", paths: ["Sources/Core"])])
        let xcodegen = ModuleGraph(
            modules: [Module(name: "Core", paths: ["Core"]), Module(name: "App", paths: ["App"], dependencies: ["Core"])],
            testSuites: [TestSuite(name: "AppTests", module: "App", kind: .unit, paths: ["AppTests"])]
        )
        let report = try ImpactAnalyzer(graph: ModuleGraph.merging([spm, xcodegen])).analyze(ChangeSet(paths: ["Sources/Core/A.swift"]))
        #expect(report.selectedNames == ["AppTests"])
    }
}
