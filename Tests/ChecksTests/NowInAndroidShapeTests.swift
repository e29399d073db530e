import Checks
import Foundation
import Impact
import Testing

/// Now in Android's shapes that dependency rules misread: convention plugins that look up the
/// version catalog by name (`libs.findLibrary("…").get()`, a `bom` bound to one), and a
/// `com.android.test` benchmarks module whose `targetProjectPath` is the app that consumes its
/// baseline profile.
@Suite struct NowInAndroidShapeTests {
    static func project() throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("checks-nia-\(UUID().uuidString)").path
        func write(_ text: String, _ relative: String) throws {
            let url = URL(fileURLWithPath: root).appendingPathComponent(relative)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        try write("""
            pluginManagement { includeBuild("build-logic") }
            include(":app")
            include(":benchmarks")
            include(":core:ui")
            include(":feature:foryou")
            """, "settings.gradle.kts")
        try write("""
            [plugins]
            nia-android-feature = { id = "nia.android.feature" }
            """, "gradle/libs.versions.toml")
        try write("""
            gradlePlugin {
                plugins {
                    register("androidFeature") {
                        id = libs.plugins.nia.android.feature.get().pluginId
                        implementationClass = "AndroidFeatureConventionPlugin"
                    }
                }
            }
            """, "build-logic/convention/build.gradle.kts")
        try write("""
            class AndroidFeatureConventionPlugin : Plugin<Project> {
                override fun apply(target: Project) {
                    with(target) {
                        dependencies {
                            val bom = libs.findLibrary("androidx-compose-bom").get()
                            "implementation"(platform(bom))
                            "androidTestImplementation"(platform(bom))
                            add("implementation", project(":core:ui"))
                            "androidTestImplementation"(libs.findLibrary("androidx.lifecycle.runtimeTesting").get())
                            "implementation"(libs.findBundle("compose").get())
                            "testImplementation"(libs.findVersion("junit").get().requiredVersion)
                        }
                    }
                }
            }
            """, "build-logic/convention/src/main/kotlin/AndroidFeatureConventionPlugin.kt")
        try write("plugins { alias(libs.plugins.nia.android.feature) }\n", "feature/foryou/build.gradle.kts")
        try write("dependencies { implementation(libs.androidx.core.ktx) }\n", "core/ui/build.gradle.kts")
        try write("""
            plugins { id("com.android.application") }
            dependencies {
                implementation(projects.feature.foryou)
                baselineProfile(projects.benchmarks)
            }
            """, "app/build.gradle.kts")
        try write("""
            plugins { id("com.android.test") }
            android {
                targetProjectPath = ":app"
            }
            """, "benchmarks/build.gradle.kts")
        return root
    }

    @Test func catalogLookupsAreExternalLibrariesWithoutWarnings() throws {
        let root = try Self.project()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let graph = try GradleProjectReader().graph(projectDirectory: root)
        #expect(graph.warnings.isEmpty)
        let feature = try #require(graph.modules.first { $0.name == ":feature:foryou" })
        #expect(feature.dependencies == [":core:ui"])
    }

    @Test func aTestModulesTargetIsNoCycleUnlessTestsAreIncluded() throws {
        let root = try Self.project()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let graph = try GradleProjectReader().graph(projectDirectory: root)
        // Impact analysis keeps the edge: a change to :app runs the benchmarks.
        #expect(graph.modules.first { $0.name == ":benchmarks" }?.dependencies == [":app"])
        #expect(try check(graph, "rules:\n  - no_cycles: true\n").isEmpty)
        let withTests = try check(graph, "rules:\n  - no_cycles: true\n    include_tests: true\n")
        #expect(chains(withTests) == [":app -> :benchmarks -> :app"])
    }
}
