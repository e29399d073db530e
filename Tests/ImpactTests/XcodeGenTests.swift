import Foundation
import Impact
import Testing
import TestSupport

/// The XcodeGen reader on the fixture spec (an include file, local and remote packages, a
/// folder shared by two targets) and selections over it.
@Suite struct XcodeGenTests {
    static func graph() throws -> ModuleGraph {
        try XcodeGenReader().graph(projectDirectory: try Fixtures.path("xcodegen"))
    }

    static func analyze(_ paths: [String]) throws -> ImpactReport {
        try ImpactAnalyzer(graph: try graph()).analyze(ChangeSet(paths: paths))
    }

    // MARK: Reading

    @Test func targetsFromTheSpecAndItsInclude() throws {
        let graph = try Self.graph()
        let modules: [Module] = graph.modules.map(\.withoutDeclarations)
        #expect(modules == [
            Module(name: "DesignKit", paths: ["Packages/DesignKit"]),
            Module(name: "App", paths: ["App", "Shared"], dependencies: ["Networking", "DesignKit"]),
            Module(name: "Networking", paths: ["Networking"]),
            // Paths in the included file are relative to that file.
            Module(name: "Widget", paths: ["Widget", "Shared"], dependencies: ["DesignKit"]),
        ])
        #expect(graph.testSuites == [
            TestSuite(name: "AppTests", module: "App", kind: .unit, paths: ["AppTests"]),
            TestSuite(name: "AppUITests", module: "App", kind: .ui, paths: ["App UI Tests"]),
            TestSuite(name: "WidgetSnapshotTests", module: "Widget", kind: .snapshot, paths: ["WidgetSnapshotTests"]),
        ])
        #expect(graph.runAllPaths == ["xcodegen/extensions.yml"])
        // Where each edge is declared, for dependency rules: the spec or the include file.
        let app: [DependencyDeclaration]? = graph.modules.first { $0.name == "App" }?.declarations
        #expect(app == [
            DependencyDeclaration(target: "Networking", configuration: "target", file: "project.yml", line: 18),
            DependencyDeclaration(target: "DesignKit", configuration: "package", file: "project.yml", line: 19),
        ])
        let widget: DependencyDeclaration? = graph.modules.first { $0.name == "Widget" }?.declarations?.first
        #expect(widget?.file == "xcodegen/extensions.yml")
        #expect(widget?.line == 10)
    }

    // MARK: Selecting

    @Test func fileInTwoTargetsAffectsBothAndIsReported() throws {
        let report = try Self.analyze(["Shared/Formatter.swift"])
        #expect(report.affectedModules == ["App", "Widget"])
        #expect(report.selectedNames == ["AppTests", "AppUITests", "WidgetSnapshotTests"])
        #expect(report.sharedFiles == [SharedFile(file: "Shared/Formatter.swift", owners: ["App", "Widget"])])
    }

    @Test func frameworkChangeSkipsTheWidget() throws {
        let report = try Self.analyze(["Networking/Client.swift"])
        #expect(report.selectedNames == ["AppTests", "AppUITests"])
        #expect(report.skipped == [SuiteDecision(
            name: "WidgetSnapshotTests", module: "Widget", kind: .snapshot, reason: "no change reaches Widget"
        )])
        #expect(report.reason(for: "AppUITests") == "AppUITests → App → Networking ← Networking/Client.swift")
    }

    @Test func localPackageChangeReachesBothApps() throws {
        let report = try Self.analyze(["Packages/DesignKit/Sources/DesignKit/Colors.swift"])
        #expect(report.affectedModules == ["App", "DesignKit", "Widget"])
    }

    @Test func uiTestOnlyChangeInAFolderWithSpaces() throws {
        let report = try Self.analyze(["App UI Tests/CheckoutUITests.swift"])
        #expect(report.selectedNames == ["AppUITests"])
        #expect(report.affectedModules.isEmpty)
    }

    @Test func specAndIncludeChangesRunAll() throws {
        let report = try Self.analyze(["xcodegen/extensions.yml", "project.yml", "README.md"])
        #expect(report.runAll.reasons == [
            RunAllReason(file: "project.yml", trigger: "project.yml"),
            RunAllReason(file: "xcodegen/extensions.yml", trigger: "xcodegen/extensions.yml"),
        ])
        #expect(report.selected.count == 3)
        #expect(report.unownedFiles == ["README.md"])
    }

    @Test func detectedByTheLoader() throws {
        let (graph, kind) = try ModuleGraphLoader().load(projectDirectory: try Fixtures.path("xcodegen"))
        #expect(kind == .xcodeGen)
        #expect(graph == (try Self.graph()))
    }

    @Test func brokenYAMLIsATypedError() throws {
        let folder = try TemporaryDirectory.create("impact-tests").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try write("targets: [unclosed\n", to: "project.yml", in: folder)
        #expect(throws: ImpactError.self) { try XcodeGenReader().graph(projectDirectory: folder) }
        try write("include: [project.yml]\n", to: "project.yml", in: folder)
        #expect(throws: ImpactError.invalidBuildFile(path: "project.yml", reason: "include cycle")) {
            try XcodeGenReader().graph(projectDirectory: folder)
        }
    }
}
