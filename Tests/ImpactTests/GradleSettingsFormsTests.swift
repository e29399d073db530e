import Foundation
@testable import Impact
import Testing
import TestSupport

/// Settings forms that must not widen (repository content filters, helpers that include
/// nothing) and forms that must widen rather than be dropped silently (`?.projectDir`, a
/// recursion deeper than the reader follows).
@Suite struct GradleSettingsFormsTests {
    /// Android Studio's new-project template: `includeGroupByRegex` filters a repository's
    /// content; it includes no project.
    @Test func repositoryContentFiltersAreNoIncludes() {
        let settings = GradleSettings.parse(#"""
            pluginManagement {
                repositories {
                    google {
                        content {
                            includeGroupByRegex("com\\.android.*")
                            includeGroupByRegex("com\\.google.*")
                            includeGroupByRegex("androidx.*")
                        }
                    }
                    mavenCentral()
                    gradlePluginPortal {
                        content {
                            includeGroupAndSubgroups("com.gradle")
                        }
                    }
                }
            }
            dependencyResolutionManagement {
                repositoriesMode.set(RepositoriesMode.FAIL_ON_PROJECT_REPOS)
                repositories {
                    google()
                    mavenCentral()
                    exclusiveContent {
                        forRepository { maven("https://jitpack.io") }
                        filter {
                            includeGroup("com.github.example")
                            includeModule("com.example", "widget")
                            includeModuleByRegex("com\\.example", "widget-.*")
                            includeVersion("com.example", "tools", "1.0")
                            includeVersionByRegex("com\\.example", "tools", "1\\..*")
                        }
                    }
                }
            }

            rootProject.name = "My Application"
            include(":app")
            """#, file: "settings.gradle.kts")
        #expect(settings.projects == [":app"])
        #expect(settings.unfollowed.isEmpty)
        #expect(settings.warnings.isEmpty)
    }

    /// A helper that includes nothing (here it logs) shapes no project, whatever its
    /// arguments; one that includes through another helper does.
    @Test func onlyHelpersThatIncludeAreNotFollowedWhenTheirArgumentsAreUnknown() {
        let settings = GradleSettings.parse("""
            fun note(message: String) {
                println("settings: " + message)
            }
            fun includeAll(names: List<String>) {
                names.forEach { includeOne(it) }
            }
            fun includeOne(name: String) {
                include(name)
            }
            include(":app")
            note(System.getenv("CI_JOB"))
            includeAll(providers.gradleProperty("modules").get().split(","))
            """, file: "settings.gradle.kts")
        #expect(settings.projects == [":app"])
        #expect(settings.unfollowed.map(\.line) == [12])
    }

    @Test func safeCallProjectDirAssignmentsAreFollowed() {
        let settings = GradleSettings.parse("""
            include(":x")
            include(":y")
            findProject(":x")?.projectDir = file("libs/x")
            findProject(":y")?.name = "why"
            """, file: "settings.gradle.kts")
        #expect(settings.directories[":x"] == "libs/x")
        #expect(settings.unfollowed.map(\.line) == [4])
    }

    /// A recursive helper stopped by the call-depth limit may have missed deeper projects.
    @Test func aRecursionCutOffByTheDepthLimitIsNotFollowed() throws {
        let root = try TemporaryDirectory.create("impact-tests").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let deep = (1...(GradleSettingsEvaluator.callLimit + 2)).map { "level\($0)" }.joined(separator: "/")
        try write("x\n", to: "modules/" + deep + "/build.gradle.kts", in: root)
        let settings = GradleSettings.parse("""
            fun includeTree(directory: File, path: String) {
                directory.listFiles().orEmpty().forEach { child ->
                    include("$path:${child.name}")
                    includeTree(child, "$path:${child.name}")
                }
            }
            includeTree(file("modules"), ":modules")
            """, file: "settings.gradle.kts", files: try ProjectFiles(project: root))
        #expect(settings.projects.count == GradleSettingsEvaluator.callLimit)
        #expect(settings.unfollowed.map(\.line) == [4])
    }
}
