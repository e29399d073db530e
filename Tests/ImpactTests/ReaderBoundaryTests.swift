import Foundation
import Testing
@testable import Impact
import TestSupport

/// The XcodeGen and Gradle readers open nothing outside the repository (the boundary), and
/// their errors and warnings never carry a file's content or where outside it something is.
///
/// Each test lays out `<scratch>/repo` (the boundary) and `<scratch>/outside` holding a file
/// with a secret-looking line, as a hostile branch would point at the server's own files.
@Suite("Readers stay inside the repository")
struct ReaderBoundaryTests {
    static let secret = "s3cr3t-OUTSIDE-CHECKOUT-value"

    /// `<scratch>`, its `repo` and `outside` folders; `outside/secret.yml` holds the secret.
    static func scratch() throws -> (root: String, repo: String, outside: String) {
        let root = try TemporaryDirectory.create("impact-tests").path
        try write("password: \"\(secret)\"\nname: Leak\n", to: "outside/secret.yml", in: root)
        try write(
            "plugins { id(\"java-library\") }\ndependencies {\n    implementation(project(someVariable + \"\(secret)\"))\n}\n",
            to: "outside/gradleproj/build.gradle.kts", in: root
        )
        try FileManager.default.createDirectory(atPath: root + "/repo", withIntermediateDirectories: true)
        return (root, root + "/repo", root + "/outside")
    }

    /// The error `body` throws, as text (fails the test when it throws none).
    static func failure(_ body: () throws -> Void) -> String {
        do {
            try body()
        } catch {
            return "\(error)"
        }
        Issue.record("no error")
        return ""
    }

    static let spec = "targets:\n  App:\n    type: application\n    sources: App\n"

    @Test("an include that is absolute, climbs with '..' or goes through a symlink is refused without its content")
    func xcodeGenIncludesStayInside() throws {
        let (root, repo, outside) = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let includes = [
            "/proc/self/environ", outside + "/secret.yml", "../outside/secret.yml",
            "App/../../../../../../../../../.." + outside + "/secret.yml", "link/secret.yml",
        ]
        try FileManager.default.createSymbolicLink(atPath: repo + "/link", withDestinationPath: outside)
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "PATH"
        for include in includes {
            try write("include:\n  - \(include)\n" + Self.spec, to: "project.yml", in: repo)
            let message = Self.failure { _ = try ModuleGraphLoader().load(projectDirectory: repo) }
            #expect(message.contains("leads outside the repository"), "\(include): \(message)")
            #expect(!message.contains(Self.secret) && !message.contains(path), "content shown for \(include): \(message)")
        }
    }

    @Test("project.yml committed as a symlink out of the repository is refused, not read")
    func symlinkedSpec() throws {
        let (root, repo, outside) = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createSymbolicLink(atPath: repo + "/project.yml", withDestinationPath: outside + "/secret.yml")
        let message = Self.failure { _ = try ModuleGraphLoader().load(projectDirectory: repo) }
        #expect(message.contains("'project.yml' leads outside the repository"), "\(message)")
        #expect(!message.contains(Self.secret) && !message.contains(outside), "\(message)")
    }

    @Test("an include outside that does not exist answers exactly like one that does: no existence oracle")
    func noExistenceOracle() throws {
        let (root, repo, outside) = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: root) }
        var answers: [String] = []
        for include in [outside + "/secret.yml", outside + "/does-not-exist.yml"] {
            try write("include: [\(include)]\n" + Self.spec, to: "project.yml", in: repo)
            let message = Self.failure { _ = try ModuleGraphLoader().load(projectDirectory: repo) }.replacingOccurrences(of: include, with: "<include>")
            answers.append(message)
            #expect(!message.contains("exist"), "\(message)")
        }
        #expect(answers[0] == answers[1])
    }

    @Test("a spec that is not YAML: the error gives the line and column, never the text")
    func yamlErrorsWithoutContent() throws {
        let (root, repo, _) = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try write("include:\n  - more.yml\n" + Self.spec, to: "project.yml", in: repo)
        try write("TOKEN=\(Self.secret)\u{01}OTHER=x\n", to: "more.yml", in: repo)
        let message = Self.failure { _ = try ModuleGraphLoader().load(projectDirectory: repo) }
        #expect(message.contains("more.yml") && message.contains("line 1, column"), "\(message)")
        #expect(!message.contains(Self.secret), "\(message)")
    }

    @Test("Gradle projectDir outside: not read, warned without content, and the project widens")
    func gradleProjectDirOutside() throws {
        let (root, repo, outside) = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try write("""
            include(":app", ":core", ":leak")
            project(":leak").projectDir = file("\(outside)/gradleproj")
            """, to: "settings.gradle.kts", in: repo)
        try write("dependencies { implementation(project(\":core\")) }\n", to: "app/build.gradle.kts", in: repo)
        try write("plugins { id(\"java-library\") }\n", to: "core/build.gradle.kts", in: repo)
        let graph = try GradleProjectReader().graph(projectDirectory: repo)
        let text = graph.warnings.joined(separator: "\n")
        #expect(text.contains(":leak: folder '\(outside)/gradleproj' leads outside the repository"), "\(text)")
        #expect(!text.contains(Self.secret) && !text.contains("build.gradle.kts:3"), "\(text)")
        #expect(graph.modules.first { $0.name == ":leak" }?.dependencies.sorted() == [":app", ":core"])
        #expect(graph.modules.first { $0.name == ":app" }?.dependencies == [":core"])
    }

    @Test("includeBuild of a folder outside is never walked: its convention plugins are unknown, so every module widens")
    func includedBuildOutside() throws {
        let (root, repo, outside) = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try write("""
            plugins { `kotlin-dsl` }
            gradlePlugin { plugins { register("x") { id = "acme.feature"; implementationClass = "FeaturePlugin" } } }
            """, to: "plugins/build.gradle.kts", in: outside)
        try write("class FeaturePlugin { fun apply() { dependencies { add(\"implementation\", project(\":core\")) } } }\n",
                  to: "plugins/src/main/kotlin/FeaturePlugin.kt", in: outside)
        for build in ["/usr", outside + "/plugins", "../outside/plugins"] {
            try write("includeBuild(\"\(build)\")\ninclude(\":app\", \":core\")\n", to: "settings.gradle.kts", in: repo)
            try write("plugins { id(\"acme.feature\") }\n", to: "app/build.gradle.kts", in: repo)
            try write("plugins { id(\"java-library\") }\n", to: "core/build.gradle.kts", in: repo)
            let graph = try GradleProjectReader().graph(projectDirectory: repo)
            let text = graph.warnings.joined(separator: "\n")
            #expect(text.contains("included build '\(build)' leads outside the repository"), "\(build): \(text)")
            // Widened, not read: the edge is there, but no declaration from the outside plugin.
            let app = try #require(graph.modules.first { $0.name == ":app" })
            #expect(app.dependencies == [":core"], "\(build)")
            #expect(app.declarations?.isEmpty == true, "\(build): \(String(describing: app.declarations))")
            #expect(graph.modules.first { $0.name == ":core" }?.dependencies == [":app"], "\(build)")
        }
    }

    @Test("a version catalog folder or a convention plugin source that is a symlink out is not read, and widens")
    func symlinkedGradleFiles() throws {
        let (root, repo, outside) = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try write("include(\":app\", \":core\")\n", to: "settings.gradle.kts", in: repo)
        try write("plugins { id(\"java-library\") }\n", to: "app/build.gradle.kts", in: repo)
        try write("plugins { id(\"java-library\") }\n", to: "core/build.gradle.kts", in: repo)
        try FileManager.default.createSymbolicLink(atPath: repo + "/gradle", withDestinationPath: outside)
        let catalog = try GradleProjectReader().graph(projectDirectory: repo)
        #expect(catalog.warnings.contains { $0.contains("'gradle' leads outside the repository") }, "\(catalog.warnings)")
        #expect(catalog.modules.first { $0.name == ":app" }?.dependencies == [":core"])

        try FileManager.default.removeItem(atPath: repo + "/gradle")
        try write("includeBuild(\"build-logic\")\ninclude(\":app\", \":core\")\n", to: "settings.gradle.kts", in: repo)
        try FileManager.default.createDirectory(atPath: repo + "/build-logic/src/main/kotlin", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: repo + "/build-logic/src/main/kotlin/Leak.kt", withDestinationPath: outside + "/secret.yml")
        let plugins = try GradleProjectReader().graph(projectDirectory: repo)
        let text = plugins.warnings.joined(separator: "\n")
        #expect(text.contains("build-logic/src/main/kotlin/Leak.kt: convention plugin source is not read"), "\(text)")
        #expect(!text.contains(Self.secret))
        #expect(plugins.modules.first { $0.name == ":app" }?.dependencies == [":core"])
    }

    @Test("a local Swift package outside the repository is not read; the package stays one module, with a warning")
    func localPackageOutside() throws {
        let (root, repo, outside) = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try write("let package = Package(name: \"Kit\", targets: [.target(name: \"\(Self.secret)\")])\n", to: "Kit/Package.swift", in: outside)
        try write("packages:\n  Kit:\n    path: ../outside/Kit\n" + Self.spec, to: "project.yml", in: repo)
        let graph = try XcodeGenReader().graph(projectDirectory: repo)
        #expect(graph.modules.map(\.name).sorted() == ["App", "Kit"])
        #expect(graph.warnings.contains { $0.contains("package Kit: '../outside/Kit/Package.swift' leads outside the repository") }, "\(graph.warnings)")
        #expect(!graph.warnings.joined().contains(Self.secret))
    }

    @Test("inside the boundary, '..' and symlinks that stay inside still work (the CLI's repository, an agent's workspace)")
    func insideStillWorks() throws {
        let (root, repo, _) = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try write("targets:\n  Shared:\n    type: framework\n    sources: ../common/Sources\n", to: "common/base.yml", in: repo)
        try write("include:\n  - ../common/base.yml\n" + Self.spec, to: "ios/project.yml", in: repo)
        try FileManager.default.createSymbolicLink(atPath: repo + "/ios/linked.yml", withDestinationPath: "../common/base.yml")
        let (graph, _) = try ModuleGraphLoader().load(projectDirectory: repo + "/ios", boundary: repo)
        #expect(graph.modules.map(\.name).sorted() == ["App", "Shared"])
        // Without the repository as the boundary the project folder is the limit.
        let refused = Self.failure { _ = try ModuleGraphLoader().load(projectDirectory: repo + "/ios") }
        #expect(refused.contains("'../common/base.yml' leads outside the repository"), "\(refused)")
        let files = try ProjectFiles(project: repo + "/ios", boundary: repo)
        #expect(files.entry("linked.yml") == .file)
        #expect(files.shown("linked.yml") == "ios/linked.yml")
        #expect(files.entry("../..") == .outside)
        #expect(files.entry("missing/../../..") == .outside)
        #expect(files.entry("missing/x") == .missing)
    }
}
