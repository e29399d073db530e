import Foundation
import Impact
import Testing
import TestSupport

/// The android fixture, in nowinandroid's shapes: convention plugins registered in
/// build-logic with ids taken from the version catalog, Kotlin plugin classes adding
/// `"implementation"(project(…))`, a `com.android.test` benchmarks module; and widening where
/// a build file says something the reader cannot follow.
@Suite struct GradleConventionTests {
    static func graph(_ root: String? = nil) throws -> ModuleGraph {
        try GradleProjectReader().graph(projectDirectory: try root ?? Fixtures.path("android"))
    }

    static func analyze(_ paths: [String], root: String? = nil) throws -> ImpactReport {
        try ImpactAnalyzer(graph: try graph(root)).analyze(ChangeSet(paths: paths))
    }

    @Test func catalogIDRegistrationsAddTheirEdges() throws {
        let graph = try Self.graph()
        let deps = Dictionary(uniqueKeysWithValues: graph.modules.map { ($0.name, $0.dependencies) })
        #expect(deps[":feature:foryou:impl"] == [":feature:foryou:api", ":core:ui", ":core:designsystem"])
        #expect(deps[":feature:foryou:api"] == [":core:model"])
        #expect(graph.testSuites.first { $0.name == ":feature:foryou:impl:androidTest" }?.dependencies == [":core:testing"])
        #expect(graph.warnings.isEmpty)
    }

    @Test func coreUIChangeSelectsTheFeatureSuites() throws {
        let report = try Self.analyze(["core/ui/src/main/kotlin/NewsCard.kt"])
        #expect(report.selectedNames == [":benchmarks:androidTest", ":core:ui:test", ":feature:foryou:impl:androidTest", ":feature:foryou:impl:test"])
        #expect(report.reason(for: ":feature:foryou:impl:test") == ":feature:foryou:impl:test → :feature:foryou:impl → :core:ui ← core/ui/src/main/kotlin/NewsCard.kt")
    }

    @Test func androidTestModuleRunsWhenItsAppIsAffected() throws {
        let report = try Self.analyze(["app/src/main/kotlin/MainActivity.kt"])
        #expect(report.selectedNames == [":benchmarks:androidTest"])
        let benchmark = try #require(report.selected.first)
        #expect(benchmark.chain == [":benchmarks:androidTest", ":benchmarks", ":app"])
        #expect(benchmark.kind == .benchmark)
        // Its own code changing selects only it.
        #expect(try Self.analyze(["benchmarks/src/main/kotlin/StartupBenchmark.kt"]).selectedNames == [":benchmarks:androidTest"])
    }

    /// Computed project paths and calls the reader cannot follow widen the module to every
    /// other module, with a warning naming file and line: recall stays 100%.
    @Test func unknownConstructsWidenAndWarn() throws {
        let copy = try TemporaryDirectory.create("impact-tests").path
        defer { try? FileManager.default.removeItem(atPath: copy) }
        try FileManager.default.copyItem(atPath: try Fixtures.path("android"), toPath: copy + "/android")
        let root = copy + "/android"
        try write("""
            plugins {
                alias(libs.plugins.acme.android.feature.api)
            }

            val shared = listOf("designsystem")
            dependencies {
                shared.forEach { name -> implementation(project(":core:$name")) }
            }
            """, to: "feature/foryou/api/build.gradle.kts", in: root)
        try write("""
            plugins {
                alias(libs.plugins.acme.android.library)
            }

            dependencies {
                addTestingDependencies()
            }
            """, to: "core/testing/build.gradle.kts", in: root)
        let graph = try Self.graph(root)
        #expect(graph.warnings.contains { $0.hasPrefix("feature/foryou/api/build.gradle.kts:7: cannot follow") })
        #expect(graph.warnings.contains { $0.hasPrefix("core/testing/build.gradle.kts:6: cannot follow `addTestingDependencies()`") })
        // :core:designsystem reaches :feature:foryou:api only through the computed path.
        let report = try ImpactAnalyzer(graph: graph).analyze(ChangeSet(paths: ["core/designsystem/src/main/kotlin/Theme.kt"]))
        #expect(report.affectedModules.contains(":feature:foryou:api"))
        #expect(report.skipped.isEmpty)
    }

    @Test func understoodDeclarationsDoNotWiden() throws {
        let copy = try TemporaryDirectory.create("impact-tests").path
        defer { try? FileManager.default.removeItem(atPath: copy) }
        try FileManager.default.copyItem(atPath: try Fixtures.path("android"), toPath: copy + "/android")
        let root = copy + "/android"
        try write("""
            dependencies {
                implementation(platform(libs.androidx.compose.bom))
                implementation(libs.findLibrary("junit4").get()) { exclude(group = "org.hamcrest") }
                "implementation"(project(":core:model"))
                add("testImplementation", project(path = ":core:testing"))
                testImplementation(kotlin("test"))
                implementation(fileTree(mapOf("dir" to "libs", "include" to listOf("*.jar"))))
                api("com.squareup.okhttp3:okhttp:4.12.0")
            }
            """, to: "core/designsystem/build.gradle.kts", in: root)
        #expect(try Self.graph(root).warnings.isEmpty)
    }
}
