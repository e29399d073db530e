import Foundation
import Impact
import Testing

/// A repository whose root holds a Package.swift for its developer tools and a project.yml for
/// the app: both are read and merged, and `kind` picks one.
@Suite struct MultiDescriptionTests {
    static func project() throws -> String { try Fixtures.path("ios-app") }

    @Test func bothDescriptionsAreDetected() throws {
        #expect(ModuleGraphLoader().detectKinds(projectDirectory: try Self.project()) == [.swiftPackage, .xcodeGen])
    }

    /// The server's policy: Package.swift cannot be read without running it, so it is left out
    /// with a warning and the app is still analyzed.
    @Test func parseOnlyReadsTheAppAndWarnsAboutThePackage() throws {
        let (graph, _) = try ModuleGraphLoader(policy: .parseOnly).load(projectDirectory: try Self.project())
        #expect(graph.testSuites.map(\.name).contains("ShopTests"))
        #expect(graph.warnings.contains { $0.contains("Package.swift was not read") })
        let report = try ImpactAnalyzer(graph: graph).analyze(ChangeSet(paths: ["Shop/Sources/ShopApp.swift"]))
        #expect(report.selectedNames.contains("ShopTests"))
        #expect(report.unownedFiles.isEmpty)
    }

    @Test(.enabled(if: onPath("swift"), "needs swift on PATH"))
    func runManifestsMergesToolsAndApp() throws {
        let copy = try makeTemporaryDirectory()
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
