import Foundation
@testable import Impact
import Testing
import TestSupport

/// Folders with a build file the graph does not know, wherever they sit: nested inside a known
/// module's folder, or named by the graph itself (an XcodeGen include file).
@Suite struct UnknownModuleScanTests {
    /// A module nested in a known module's folder (`app/wear` in `:app`'s) that the settings
    /// include through a helper the reader cannot follow: its files must run everything,
    /// never be owned by `:app` alone; `:app`'s own files still select by the graph.
    @Test func aModuleNestedInAKnownModulesFolderIsUnknown() throws {
        let root = try TemporaryDirectory.create("impact-tests").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try write("""
            include(":app")
            includeWearModules()
            """, to: "settings.gradle.kts", in: root)
        try write("plugins { id(\"com.android.application\") }\n", to: "app/build.gradle.kts", in: root)
        try write("class Main\n", to: "app/src/main/kotlin/Main.kt", in: root)
        try write("class UiTest\n", to: "app/src/androidTest/kotlin/UiTest.kt", in: root)
        try write("plugins { id(\"com.android.application\") }\n", to: "app/wear/build.gradle.kts", in: root)
        try write("class Wear\n", to: "app/wear/src/main/Wear.kt", in: root)
        // A build file under a source root or a build output is no module.
        try write("x\n", to: "app/src/main/assets/build.gradle", in: root)
        try write("x\n", to: "app/build/generated/build.gradle", in: root)
        let (graph, _) = try ModuleGraphLoader().load(projectDirectory: root)
        #expect(graph.unknownModules.contains(UnknownModule(path: "app/wear", source: "app/wear/build.gradle.kts")))
        #expect(!graph.unknownModules.contains { $0.path.hasPrefix("app/src") || $0.path.hasPrefix("app/build") || $0.path == "app" })
        let analyzer = try ImpactAnalyzer(graph: graph)
        let wear = analyzer.analyze(ChangeSet(paths: ["app/wear/src/main/Wear.kt"]))
        #expect(wear.runAll.reasons == [RunAllReason(file: "app/wear/src/main/Wear.kt", trigger: "app/wear/build.gradle.kts")])
        let app = analyzer.analyze(ChangeSet(paths: ["app/src/main/kotlin/Main.kt"]))
        #expect(!app.runAll.value && app.selectedNames == [":app:androidTest"])
    }

    /// An XcodeGen include file is named `project.yml` too; it is part of the spec (a run-all
    /// path), not a second project.
    @Test func anXcodeGenIncludeFileNamedProjectYmlIsNoUnknownModule() throws {
        let root = try TemporaryDirectory.create("impact-tests").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try write("""
            name: Shop
            include: [config/project.yml]
            targets:
              App:
                type: application
                platform: iOS
                sources: [App]
            """, to: "project.yml", in: root)
        try write("""
            options:
              bundleIdPrefix: com.example
            """, to: "config/project.yml", in: root)
        try write("struct App {}\n", to: "App/App.swift", in: root)
        let (graph, _) = try ModuleGraphLoader().load(projectDirectory: root)
        #expect(graph.runAllPaths.contains("config/project.yml"))
        #expect(graph.unknownModules.isEmpty)
        #expect(graph.warnings.isEmpty)
    }
}
