import Foundation
@testable import Impact
import Testing

/// The Gradle text readers and run-all patterns on small inputs, one form at a time.
@Suite struct BuildScriptParsingTests {
    @Test func commentsGoButStringsStay() {
        let text = BuildScriptText.strippingComments("a(\"https://x\") // gone\n/* gone\n too */ b('/*kept*/')")
        #expect(text == "a(\"https://x\") \n\n  b('/*kept*/')")
    }

    @Test(arguments: [
        ("a/b", "a/b"), ("./a/b/", "a/b"), ("a//b", "a/b"), ("a/./b", "a/b"), (".", ""), ("./", ""),
        ("a/.", "a"), ("/abs//x", "/abs/x"), ("a/.hidden/b", "a/.hidden/b"), ("a/../b", "a/../b"), ("", ""),
    ])
    func pathsNormalize(path: String, expected: String) {
        #expect(ProjectPath.normalize(path) == expected)
    }

    @Test func groovySettingsWithoutParentheses() {
        let settings = GradleSettings.parse("include ':app', ':lib'\ninclude 'core'\nincludeBuild 'plugins'\nproject(':lib').projectDir = new File(settingsDir, 'libs/lib')", file: "settings.gradle")
        #expect(settings.projects == [":app", ":lib", ":core"])
        #expect(settings.directories[":lib"] == "libs/lib")
        #expect(settings.directories[":core"] == "core")
        #expect(settings.includedBuilds == ["plugins"])
    }

    @Test func computedIncludesAreNotFollowedAndSaySo() {
        let settings = GradleSettings.parse("include(\":app\")\ninclude(\":feature:${name}\")", file: "s.kts")
        #expect(settings.projects == [":app"])
        #expect(settings.unfollowed.map(\.line) == [2])
        #expect(settings.warnings == ["s.kts:2: cannot follow `include(\":feature:${name}\")`; the build may include projects the graph does not know, so a changed file no known module owns runs every suite"])
    }

    @Test func dependencyForms() {
        let script = GradleBuildScript.parse("""
            dependencies {
                implementation(project(":a"))
                api project(path: ':b')
                testImplementation(projects.featureLogin)
                "androidTestImplementation"(project(":c"))
                add("kapt", project(":d"))
                implementation(platform(project(":bom")))
                implementation("com.squareup:okhttp:4.12.0")
            }
            """)
        #expect(script.dependencies.map(\.configuration) == ["implementation", "api", "testImplementation", "androidTestImplementation", "kapt", "implementation"])
        #expect(script.dependencies.map(\.target) == [.path(":a"), .path(":b"), .accessor("featureLogin"), .path(":c"), .path(":d"), .path(":bom")])
    }

    @Test func configurationsClassify() {
        #expect(GradleSourceSetKind(configuration: "implementation") == .production)
        #expect(GradleSourceSetKind(configuration: "latestImplementation") == .production)
        #expect(GradleSourceSetKind(configuration: "testFixturesApi") == .production)
        #expect(GradleSourceSetKind(configuration: "testDebugImplementation") == .unit)
        #expect(GradleSourceSetKind(configuration: "androidTestImplementation") == .ui)
        #expect(GradleSourceSetKind(sourceSet: "commonTest") == .unit)
        #expect(GradleSourceSetKind(sourceSet: "androidInstrumentedTest") == .ui)
        #expect(GradleSourceSetKind(sourceSet: "screenshotTest") == .snapshot)
    }

    @Test func accessorsMatchKebabProjects() {
        let table = GradleProjectReader.accessorTable(for: [":feature-login", ":core:data"])
        #expect(table["featureLogin"] == ":feature-login")
        #expect(table["core.data"] == ":core:data")
    }

    @Test(arguments: [
        ("**/*.versions.toml", "gradle/libs.versions.toml", true),
        ("**/*.versions.toml", "libs.versions.toml", true),
        ("build.gradle.kts", "app/build.gradle.kts", false),
        ("gradle/", "gradle/wrapper/gradle-wrapper.properties", true),
        ("**/*.xcodeproj/", "ios/Shop.xcodeproj/project.pbxproj", true),
        ("Package@swift-*.swift", "Package@swift-5.9.swift", true),
        ("src/?ain/**", "src/main/a.kt", true),
    ])
    func globPatterns(pattern: String, path: String, matches: Bool) {
        #expect(GlobPattern(pattern).matches(path) == matches)
    }
}
