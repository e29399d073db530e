import Foundation
@testable import Impact
import Testing
import TestSupport

/// Settings files that include projects by code, written in the shapes large open-source
/// Android and Gradle builds use (each test names the build whose shape it reproduces; the
/// texts are ours, modelled on theirs): evaluated where recognisable, and widening with a
/// warning naming the line where not.
@Suite struct GradleSettingsWalkTests {
    /// A build of 20 modules whose settings include most of them with a recursive helper that
    /// walks folders and includes each one holding a build file (element-x-android's shape).
    static let helperSettings = """
        rootProject.name = "Chat"
        include(":app")

        fun includeProjects(directory: File, path: String, maxDepth: Int = 1) {
            directory.listFiles().orEmpty().forEach { file ->
                if (file.isDirectory) {
                    val newPath = "$path:${file.name}"
                    val buildFile = File(file, "build.gradle.kts")
                    if (buildFile.exists()) {
                        include(newPath)
                    } else if (maxDepth > 0) {
                        includeProjects(file, newPath, maxDepth - 1)
                    }
                }
            }
        }

        includeProjects(File(rootDir, "features"), ":features")
        includeProjects(File(rootDir, "libraries"), ":libraries")
        includeProjects(File(rootDir, "services"), ":services")
        """

    static let features = ["call", "home", "login", "messages", "onboarding", "preferences", "roomlist", "search", "settings"]
    static let libraries = ["designsystem", "matrix/api", "matrix/impl", "network", "push", "testtags", "uistrings"]

    /// Writes the 20-module build: every module uses `:libraries:core`; features have unit
    /// and UI tests; `libraries/matrix` holds two modules but no build file of its own.
    static func helperBuild() throws -> String {
        let root = try TemporaryDirectory.create("impact-tests").path
        try write(helperSettings, to: "settings.gradle.kts", in: root)
        try write("plugins { }\n", to: "build.gradle.kts", in: root)
        func module(_ folder: String, uses: [String], tests: Bool) throws {
            let lines = uses.map { "    implementation(projects.\($0))" }.joined(separator: "\n")
            try write("plugins { id(\"com.android.library\") }\n\ndependencies {\n\(lines)\n}\n", to: folder + "/build.gradle.kts", in: root)
            try write("class Main\n", to: folder + "/src/main/kotlin/Main.kt", in: root)
            if tests {
                try write("class UnitTest\n", to: folder + "/src/test/kotlin/UnitTest.kt", in: root)
                try write("class UiTest\n", to: folder + "/src/androidTest/kotlin/UiTest.kt", in: root)
            }
        }
        try module("libraries/core", uses: [], tests: false)
        for library in libraries { try module("libraries/" + library, uses: ["libraries.core"], tests: false) }
        for feature in features { try module("features/" + feature, uses: ["libraries.core", "libraries.designsystem"], tests: true) }
        try module("services/analytics", uses: ["libraries.core"], tests: false)
        try module("services/toolbox", uses: ["libraries.core"], tests: false)
        try module("app", uses: features.map { "features.\($0)" } + ["libraries.core"], tests: true)
        try write("# Chat\n", to: "docs/README.md", in: root)
        return root
    }

    @Test func aRecursiveHelperIncludesEveryModule() throws {
        let root = try Self.helperBuild()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let (graph, _) = try ModuleGraphLoader().load(projectDirectory: root)
        let names = graph.modules.map(\.name).sorted()
        #expect(names.count == 20)
        #expect(names.contains(":libraries:matrix:impl"))
        #expect(names.contains(":features:login"))
        #expect(graph.modules.first { $0.name == ":libraries:matrix:api" }?.paths == ["libraries/matrix/api"])
        #expect(graph.warnings.isEmpty)
        #expect(graph.unknownModules.isEmpty)
    }

    @Test func aChangeInTheSharedLibrarySelectsItsUsersSuitesUnitAndUI() throws {
        let root = try Self.helperBuild()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let (graph, _) = try ModuleGraphLoader().load(projectDirectory: root)
        let report = try ImpactAnalyzer(graph: graph).analyze(ChangeSet(paths: ["libraries/core/src/main/kotlin/Main.kt"]))
        #expect(!report.runAll.value)
        #expect(report.selectedNames.count == 20)
        #expect(report.selectedNames.contains(":features:login:test"))
        #expect(report.reason(for: ":features:login:androidTest") == ":features:login:androidTest → :features:login → :libraries:core ← libraries/core/src/main/kotlin/Main.kt")
        #expect(report.selectedNames(kind: .unit).count == 10)
        let docs = try ImpactAnalyzer(graph: graph).analyze(ChangeSet(paths: ["docs/README.md"]))
        #expect(docs.selected.isEmpty && docs.unownedFiles == ["docs/README.md"])
    }

    @Test func aModuleFolderTheSettingsDoNotIncludeRunsEverything() throws {
        let root = try Self.helperBuild()
        defer { try? FileManager.default.removeItem(atPath: root) }
        // `legacy/` has a build file but the helper walks only features, libraries and services.
        try write("plugins { }\n", to: "legacy/payments/build.gradle.kts", in: root)
        let (graph, _) = try ModuleGraphLoader().load(projectDirectory: root)
        #expect(graph.unknownModules == [UnknownModule(path: "legacy/payments", source: "legacy/payments/build.gradle.kts")])
        #expect(graph.warnings.contains { $0.hasPrefix("legacy/payments/build.gradle.kts: a build file of no module the graph knows") })
        let report = try ImpactAnalyzer(graph: graph).analyze(ChangeSet(paths: ["legacy/payments/src/main/kotlin/Pay.kt"]))
        #expect(report.runAll.reasons == [RunAllReason(file: "legacy/payments/src/main/kotlin/Pay.kt", trigger: "legacy/payments/build.gradle.kts")])
        #expect(report.skipped.isEmpty)
    }

    @Test func settingsTheReaderCannotFollowRunEverythingForUnownedFilesNamingTheLine() throws {
        let root = try Self.helperBuild()
        defer { try? FileManager.default.removeItem(atPath: root) }
        // glean's and android-components' shape: the project list lives in a YAML file.
        try write("""
            include(":app")
            def yaml = new Yaml()
            def buildconfig = yaml.load(new File(rootDir, '.buildconfig.yml').newInputStream())
            buildconfig.projects.each { project ->
                setupProject(project.key, project.value)
            }
            def setupProject(name, props) {
                settings.include(":$name")
                project(":$name").projectDir = new File(rootDir, props.path)
            }
            """, to: "settings.gradle", in: root)
        try FileManager.default.removeItem(atPath: root + "/settings.gradle.kts")
        let (graph, _) = try ModuleGraphLoader().load(projectDirectory: root)
        #expect(graph.unknownModules.first == UnknownModule(path: "", source: "settings.gradle:5"))
        #expect(graph.warnings.contains { $0.hasPrefix("settings.gradle:5: cannot follow `setupProject(project.key, project.value)`") })
        let analyzer = try ImpactAnalyzer(graph: graph)
        // Outside every known module: it may belong to a project the settings include by YAML.
        let unowned = analyzer.analyze(ChangeSet(paths: ["docs/README.md"]))
        #expect(unowned.runAll.reasons == [RunAllReason(file: "docs/README.md", trigger: "settings.gradle:5")])
        // In a folder with a build file: that build file is the reason.
        let library = analyzer.analyze(ChangeSet(paths: ["libraries/core/src/main/kotlin/Main.kt"]))
        #expect(library.runAll.reasons == [RunAllReason(file: "libraries/core/src/main/kotlin/Main.kt", trigger: "libraries/core/build.gradle.kts")])
        // A file of a module it does know still selects by the graph.
        let owned = analyzer.analyze(ChangeSet(paths: ["app/src/main/kotlin/Main.kt"]))
        #expect(!owned.runAll.value && owned.selectedNames == [":app:androidTest", ":app:test"])
    }

    // MARK: Other shapes

    @Test func groovyDirectoryWalksWithFlatNamesAndNamedBuildFiles() throws {
        // duckduckgo/Android's shape: top-level folders with a build file, else their children
        // under a flat name with projectDir; then a named build file for one project.
        let root = try TemporaryDirectory.create("impact-tests").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try write("""
            rootDir.eachFile(groovy.io.FileType.DIRECTORIES) { File parent ->
                String[] ignoreFolders = ["buildSrc", "fastlane", "gradle", "build"]
                if (!parent.name.startsWith(".") && !ignoreFolders.contains(parent.name)) {
                    Boolean shouldAddProject = false
                    parent.eachFile {
                        if (it.name.contains("build.gradle")) {
                            shouldAddProject = true
                            return
                        }
                    }
                    if (shouldAddProject) {
                        include ":${parent.name}"
                    } else {
                        parent.eachFile(groovy.io.FileType.DIRECTORIES) { child ->
                            Boolean shouldAddSubProject = false
                            child.eachFile {
                                if (it.name.contains("build.gradle")) {
                                    shouldAddSubProject = true
                                    return
                                }
                            }
                            if (shouldAddSubProject) {
                                include ":${child.name}"; project(":${child.name}").projectDir = new File("${parent.name}/${child.name}")
                            }
                        }
                    }
                }
            }
            rootProject.children.each { subproject ->
                if (subproject.name == "vpn") {
                    subproject.buildFileName = "${subproject.name}-build.gradle"
                }
            }
            """, to: "settings.gradle", in: root)
        try write("dependencies { implementation project(':common-ui') }\n", to: "app/build.gradle", in: root)
        try write("dependencies { implementation project(':common-ui') }\n", to: "vpn/vpn-build.gradle", in: root)
        try write("dependencies { }\n", to: "common/common-ui/build.gradle", in: root)
        try write("fastlane\n", to: "fastlane/Fastfile", in: root)
        let graph = try GradleProjectReader().graph(projectDirectory: root)
        let modules = Dictionary(uniqueKeysWithValues: graph.modules.map { ($0.name, $0) })
        #expect(modules.keys.sorted() == [":app", ":common-ui", ":vpn"])
        #expect(modules[":common-ui"]?.paths == ["common/common-ui"])
        #expect(modules[":vpn"]?.dependencies == [":common-ui"])
        #expect(graph.warnings.isEmpty)
    }

    @Test func childrenLoopsMoveFoldersAndNameBuildFiles() throws {
        // gradle/gradle's shape: literal includes, then every child moved under subprojects/.
        let root = try TemporaryDirectory.create("impact-tests").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try write("""
            include("core")
            include("launcher")
            for (project in rootProject.children) {
                project.projectDir = file("subprojects/${project.name}")
                project.buildFileName = "${project.name}.gradle.kts"
            }
            """, to: "settings.gradle.kts", in: root)
        try write("dependencies { implementation(project(\":core\")) }\n", to: "subprojects/launcher/launcher.gradle.kts", in: root)
        try write("dependencies { }\n", to: "subprojects/core/core.gradle.kts", in: root)
        let graph = try GradleProjectReader().graph(projectDirectory: root)
        #expect(graph.modules.map(\.paths) == [["subprojects/core"], ["subprojects/launcher"]])
        #expect(graph.modules.last?.dependencies == [":core"])
        #expect(graph.warnings.isEmpty)
    }

    @Test func nestedEachDirWalksWithPathsThatDifferFromFolders() throws {
        // keiyoushi/extensions-source's shape: a `File.eachDir` extension, a one-level walk,
        // a two-level walk with a path prefix unlike the folder, and a CI branch whose chunking
        // the reader cannot follow (a warning, and the graph may miss projects).
        let root = try TemporaryDirectory.create("impact-tests").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try write("""
            include(":core")
            File(rootDir, "lib").eachDir { include("lib:${it.name}") }
            if (System.getenv("CI") == null) {
                loadAllIndividualExtensions()
            } else {
                File(rootDir, "src").getChunk(chunk, chunkSize)?.forEach {
                    val name = ":extensions:individual:${it.parentFile.name}:${it.name}"
                    include(name)
                }
            }
            fun loadAllIndividualExtensions() {
                File(rootDir, "src").eachDir { dir ->
                    dir.eachDir { subdir ->
                        val name = ":extensions:individual:${dir.name}:${subdir.name}"
                        include(name)
                        project(name).projectDir = File("src/${dir.name}/${subdir.name}")
                    }
                }
            }
            fun File.eachDir(block: (File) -> Unit) {
                listFiles()?.filter { it.isDirectory }?.forEach { block(it) }
            }
            """, to: "settings.gradle.kts", in: root)
        for folder in ["core", "lib/cookies", "lib/i18n", "src/en/alpha", "src/en/beta", "src/fr/gamma"] {
            try write("dependencies { }\n", to: folder + "/build.gradle.kts", in: root)
        }
        let graph = try GradleProjectReader().graph(projectDirectory: root)
        let folders = Dictionary(uniqueKeysWithValues: graph.modules.map { ($0.name, $0.paths) })
        #expect(folders == [
            ":core": ["core"], ":lib:cookies": ["lib/cookies"], ":lib:i18n": ["lib/i18n"],
            ":extensions:individual:en:alpha": ["src/en/alpha"], ":extensions:individual:en:beta": ["src/en/beta"],
            ":extensions:individual:fr:gamma": ["src/fr/gamma"],
        ])
        #expect(graph.unknownModules == [UnknownModule(path: "", source: "settings.gradle.kts:8")])
    }

    @Test func fileTreePatternsAreNoProjects() throws {
        // spring-security's shape: `include` inside fileTree filters files; the computed
        // include after it is not followed.
        let settings = GradleSettings.parse("""
            def buildFiles = fileTree(rootDir) {
                include '**/*.gradle', '**/*.gradle.kts'
                exclude 'build', '**/gradle', 'settings.gradle', 'buildSrc'
            }
            buildFiles.each { File buildFile ->
                String projectPath = buildFile.parentFile.absolutePath.replace(rootDirPath, '')
                include projectPath
            }
            """, file: "settings.gradle")
        #expect(settings.projects.isEmpty)
        #expect(settings.unfollowed.map(\.line) == [7])
    }

    @Test func nameFilteredWalksAndLiteralLists() throws {
        // spring-boot's `eachDirMatch`, android10's `walk().maxDepth(1)`, a literal list.
        let root = try TemporaryDirectory.create("impact-tests").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        for folder in ["starters/starter-web", "starters/starter-jdbc", "starters/parent", "lint", "tools/docs"] {
            try write("x\n", to: folder + "/build.gradle", in: root)
        }
        let settings = GradleSettings.parse("""
            file("${rootDir}/starters").eachDirMatch(~/starter-.*/) {
                include "starters:${it.name}"
            }
            rootDir.walk().maxDepth(1).filter { it.name != "buildSrc" && it.isDirectory && file("${it.absolutePath}/build.gradle").exists() }.forEach { include(":${it.name}") }
            include([':a', ':b'])
            """, file: "settings.gradle", files: try ProjectFiles(project: root))
        #expect(settings.projects == [":starters:starter-jdbc", ":starters:starter-web", ":lint", ":a", ":b"])
        #expect(settings.unfollowed.isEmpty)
    }
}
