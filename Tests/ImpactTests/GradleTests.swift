import Foundation
import Impact
import Testing

/// The Gradle reader on the fixture build (settings, Groovy and Kotlin scripts, type-safe
/// accessors, a catalog, a convention plugin in build-logic) and selections over it.
@Suite struct GradleTests {
    static func graph() throws -> ModuleGraph {
        try GradleProjectReader().graph(projectDirectory: try Fixtures.path("gradle"))
    }

    static func analyze(_ paths: [String]) throws -> ImpactReport {
        try ImpactAnalyzer(graph: try graph()).analyze(ChangeSet(paths: paths))
    }

    // MARK: Reading

    @Test func settingsIncludesAndProjectDirOverrides() throws {
        let graph = try Self.graph()
        let folders = Dictionary(uniqueKeysWithValues: graph.modules.map { ($0.name, $0.paths) })
        #expect(folders == [
            ":app": ["app"], ":core:model": ["core/model"], ":core:data": ["core/data"], ":core:testing": ["core/testing"],
            ":feature:login": ["feature/login"], ":feature:profile": ["features/profile page"], ":design-system": ["design-system"],
        ])
        #expect(graph.runAllPaths == ["build-logic"])
        #expect(graph.warnings.isEmpty)
    }

    @Test func dependenciesFromScriptsAccessorsAndConventionPlugins() throws {
        let deps = Dictionary(uniqueKeysWithValues: try Self.graph().modules.map { ($0.name, $0.dependencies) })
        #expect(deps[":app"] == [":feature:login", ":feature:profile"])
        #expect(deps[":core:data"] == [":core:model"])
        // Own dependencies first, then what the convention plugin adds.
        #expect(deps[":feature:login"] == [":core:data", ":design-system", ":core:model"])
        #expect(deps[":feature:profile"] == [":design-system", ":core:model"])
        #expect(deps[":core:model"] == [])
    }

    @Test func sourceSetsBecomeSuitesWithTestEdges() throws {
        let suites = Dictionary(uniqueKeysWithValues: try Self.graph().testSuites.map { ($0.name, $0) })
        #expect(suites.keys.sorted() == [
            ":app:androidTest", ":core:data:test", ":core:model:test",
            ":feature:login:androidTest", ":feature:login:test", ":feature:profile:androidTest",
        ])
        #expect(suites[":app:androidTest"] == TestSuite(
            name: ":app:androidTest", module: ":app", kind: .ui,
            paths: ["app/src/androidTest"], dependencies: [":core:testing"]
        ))
        // testImplementation from the precompiled plugin the class plugin applies.
        #expect(suites[":feature:login:test"]?.dependencies == [":core:testing"])
        #expect(suites[":feature:profile:androidTest"]?.paths == ["features/profile page/src/androidTest"])
    }

    // MARK: Selecting

    @Test func leafChange() throws {
        let report = try Self.analyze(["app/src/main/kotlin/MainActivity.kt"])
        #expect(report.affectedModules == [":app"])
        #expect(report.selectedNames == [":app:androidTest"])
        #expect(report.reason(for: ":app:androidTest") == ":app:androidTest → :app ← app/src/main/kotlin/MainActivity.kt")
    }

    @Test func coreModuleChangeReachesThroughConventionEdges() throws {
        let report = try Self.analyze(["core/model/src/main/kotlin/Model.kt"])
        #expect(report.affectedModules == [":app", ":core:data", ":core:model", ":core:testing", ":feature:login", ":feature:profile"])
        #expect(report.skipped.isEmpty)
        #expect(report.reason(for: ":feature:profile:androidTest") == ":feature:profile:androidTest → :feature:profile → :core:model ← core/model/src/main/kotlin/Model.kt")
    }

    @Test func testSupportChangeSelectsSuitesThroughTestEdges() throws {
        let report = try Self.analyze(["core/testing/src/main/kotlin/Fakes.kt"])
        #expect(report.affectedModules == [":core:testing"])
        #expect(report.selectedNames == [
            ":app:androidTest", ":core:data:test", ":core:model:test",
            ":feature:login:androidTest", ":feature:login:test", ":feature:profile:androidTest",
        ])
        #expect(report.reason(for: ":app:androidTest") == ":app:androidTest → :core:testing ← core/testing/src/main/kotlin/Fakes.kt")
    }

    @Test func testOnlyChange() throws {
        let report = try Self.analyze(["feature/login/src/test/kotlin/LoginViewModelTest.kt"])
        #expect(report.affectedModules.isEmpty)
        #expect(report.selectedNames == [":feature:login:test"])
    }

    @Test func buildScriptOfAModuleIsProductionCode() throws {
        let report = try Self.analyze(["core/data/build.gradle"])
        #expect(report.affectedModules == [":app", ":core:data", ":feature:login"])
        #expect(report.runAll.value == false)
    }

    @Test(arguments: [
        ("build-logic/convention/src/main/kotlin/AndroidFeatureConventionPlugin.kt", "build-logic/"),
        ("gradle/libs.versions.toml", "gradle/"),
        ("settings.gradle.kts", "settings.gradle.kts"),
        ("build.gradle.kts", "build.gradle.kts"),
    ])
    func buildFilesForceRunAll(file: String, trigger: String) throws {
        let report = try Self.analyze([file, "feature/login/src/main/kotlin/LoginScreen.kt"])
        #expect(report.runAll.reasons == [RunAllReason(file: file, trigger: trigger)])
        #expect(report.selected.count == 6)
        #expect(report.skipped.isEmpty)
    }

    @Test func spacesInFolderNames() throws {
        let report = try Self.analyze(["features/profile page/src/main/kotlin/Profile Screen.kt", "docs/architecture.md"])
        #expect(report.selectedNames == [":app:androidTest", ":feature:profile:androidTest"])
        #expect(report.unownedFiles == ["docs/architecture.md"])
    }

    @Test func customTriggersExtendTheDefaults() throws {
        let analyzer = try ImpactAnalyzer(graph: try Self.graph(), triggers: .default.adding(["ci/**"]))
        let report = analyzer.analyze(ChangeSet(paths: ["ci/scripts/run.sh"]))
        #expect(report.runAll.reasons == [RunAllReason(file: "ci/scripts/run.sh", trigger: "ci/**")])
    }
}
