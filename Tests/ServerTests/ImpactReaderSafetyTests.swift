import ChildProcesses
import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
@testable import Server

/// `POST /api/v1/impact` and `POST /api/v1/checks/deps` read the files a branch's project
/// files name: includes, `projectDir`, included builds. None of them may be read outside the
/// checkout, and no answer may carry a file's content, whatever the branch says (the branches
/// of the 2026-11-28 security probe, rebuilt in a real repository).
@Suite("Impact and dependency checks: readers stay inside the checkout")
struct ImpactReaderSafetyTests {
    static let secret = "s3cr3t-OUTSIDE-CHECKOUT-value"
    static let spec = "targets:\n  App:\n    type: application\n    sources: App\n  AppTests:\n    type: bundle.unit-test\n    sources: Tests\n    dependencies:\n      - target: App\n"

    /// A scratch folder with `outside/` (a secret YAML file and a Gradle project quoting the
    /// secret) and `repo/`, a git repository whose `main` is a plain XcodeGen app and whose
    /// other branches each point a reader somewhere outside.
    static func makeScratch() async throws -> (root: String, repo: String, outside: String) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("impact-readers-\(UUID().uuidString)").path
        let outside = root + "/outside"
        let repo = root + "/repo"
        try write(["secret.yml": "password: \"\(secret)\"\n",
                   "gradleproj/build.gradle.kts": "plugins { id(\"java-library\") }\ndependencies {\n    implementation(project(someVariable + \"\(secret)\"))\n}\n"],
                  in: outside)
        try write(["project.yml": spec, "App/a.swift": "struct A {}", "Tests/t.swift": "struct T {}"], in: repo)
        try await git(["init", "-q", "-b", "main", "."], ["add", "."], ["commit", "-q", "-m", "app"], in: repo)
        let climb = Array(repeating: "..", count: 12).joined(separator: "/")
        let gradle = "include(\":app\", \":core\")\n"
        let branches: [(name: String, files: [String: String], link: String?)] = [
            ("xinc-environ", ["project.yml": "include:\n  - /proc/self/environ\n" + spec], nil),
            ("xinc-symlink", [:], "/proc/self/environ"),
            ("xinc-rel", ["project.yml": "include:\n  - \(climb)\(outside)/secret.yml\n" + spec], nil),
            ("xinc-missing", ["project.yml": "include: [/etc/ssh/does-not-exist]\n" + spec], nil),
            ("gradle-projdir", ["settings.gradle.kts": gradle + "include(\":leak\")\nproject(\":leak\").projectDir = file(\"\(outside)/gradleproj\")\n",
                                "app/build.gradle.kts": "dependencies { implementation(project(\":core\")) }\n",
                                "core/build.gradle.kts": "plugins { id(\"java-library\") }\n"], nil),
            ("gradle-walk", ["settings.gradle.kts": "includeBuild(\"/usr\")\n" + gradle,
                             "app/build.gradle.kts": "dependencies { implementation(project(\":core\")) }\n",
                             "core/build.gradle.kts": "plugins { id(\"java-library\") }\n"], nil),
        ]
        for branch in branches {
            try await git(["checkout", "-q", "-b", branch.name], in: repo)
            if branch.name.hasPrefix("gradle") { try FileManager.default.removeItem(atPath: repo + "/project.yml") }
            try write(branch.files, in: repo)
            if let link = branch.link {
                try FileManager.default.removeItem(atPath: repo + "/project.yml")
                try FileManager.default.createSymbolicLink(atPath: repo + "/project.yml", withDestinationPath: link)
            }
            try await git(["add", "-A", "."], ["commit", "-q", "-m", branch.name], ["checkout", "-q", "main"], in: repo)
        }
        return (root, repo, outside)
    }

    @Test("each hostile branch: a clear refusal or a widened answer, never content, never a server path")
    func hostileBranches() async throws {
        let (root, repo, outside) = try await Self.makeScratch()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let server = try await TestServer.make()
        let serverFolder = server.directory.path
        let environment = ProcessInfo.processInfo.environment
        try await server.test { client in
            try await ImpactRepositorySafetyTests.register(repo, as: "qa/app-a", with: client)
            let normal = try await client.send(.post, "/api/v1/impact", json: #"{"repository": "qa/app-a", "changedFiles": ["App/a.swift"]}"#)
            #expect(normal.status == .ok, "\(normal.body)")
            #expect((normal.body["selected"] as? [[String: Any]])?.map { $0["name"] as? String } == ["AppTests"])

            let refused = ["xinc-environ": "'/proc/self/environ'", "xinc-symlink": "'project.yml'", "xinc-rel": "secret.yml'",
                           "xinc-missing": "'/etc/ssh/does-not-exist'"]
            for (branch, named) in refused {
                let impact = try await client.send(.post, "/api/v1/impact", json: #"{"repository": "qa/app-a", "head": "\#(branch)", "changedFiles": ["App/a.swift"]}"#)
                let checks = try await client.send(
                    .post, "/api/v1/checks/deps", json: #"{"repository": "qa/app-a", "revision": "\#(branch)", "rules": "rules:\n  - no_cycles: true\n"}"#
                )
                for (response, code) in [(impact, "impact_failed"), (checks, "unreadable_project")] {
                    let message = response.body.errorMessage ?? ""
                    #expect(response.status == .badRequest, "\(branch): \(response.body)")
                    #expect(response.body.errorCode == code, "\(branch): \(message)")
                    #expect(message.contains(named) && message.contains("leads outside the repository"), "\(branch): \(message)")
                    #expect(!message.contains("does not exist") && !message.contains("doesn’t exist"), "\(branch): an existence oracle: \(message)")
                    Self.expectNothingLeaked(message, branch: branch, serverFolder: serverFolder, environment: environment)
                }
            }

            for branch in ["gradle-projdir", "gradle-walk"] {
                let impact = try await client.send(.post, "/api/v1/impact", json: #"{"repository": "qa/app-a", "head": "\#(branch)", "changedFiles": ["core/C.kt"]}"#)
                #expect(impact.status == .ok, "\(branch): \(impact.body)")
                let warnings = (impact.body["warnings"] as? [String]) ?? []
                #expect(warnings.contains { $0.contains("leads outside the repository") }, "\(branch): \(warnings)")
                // Widened: the change to :core reaches every module.
                #expect(Set((impact.body["affectedModules"] as? [String]) ?? []).isSuperset(of: [":app", ":core"]), "\(branch): \(impact.body)")
                let checks = try await client.send(
                    .post, "/api/v1/checks/deps", json: #"{"repository": "qa/app-a", "revision": "\#(branch)", "rules": "rules:\n  - no_cycles: true\n"}"#
                )
                #expect(checks.status == .ok, "\(branch): \(checks.body)")
                for response in [impact, checks] {
                    let text = String(decoding: try JSONSerialization.data(withJSONObject: response.body), as: UTF8.self)
                    Self.expectNothingLeaked(text, branch: branch, serverFolder: serverFolder, environment: environment)
                    #expect(!text.contains("gradleproj/build.gradle.kts"), "\(branch): a file outside was opened: \(text)")
                }
            }
            _ = outside
        }
    }

    @Test("two repositories whose names read alike each read their own clone")
    func mirrorsPerRepository() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("impact-mirrors-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Self.write(["project.yml": Self.spec, "App/a.swift": "struct A {}"], in: root + "/app-a")
        try Self.write(["README.md": "no build files"], in: root + "/app-b")
        for folder in ["app-a", "app-b"] {
            try await Self.git(["init", "-q", "-b", "main", "."], ["add", "."], ["commit", "-q", "-m", "one"], in: root + "/" + folder)
        }
        try await TestServer.make().test { client in
            try await ImpactRepositorySafetyTests.register(root + "/app-a", as: "zz/m+1", with: client)
            try await ImpactRepositorySafetyTests.register(root + "/app-b", as: "zz/m_1", with: client)
            // Both orders: whichever clone comes first must not be the other's.
            let plain = try await client.send(.post, "/api/v1/impact", json: #"{"repository": "zz/m_1", "changedFiles": ["README.md"]}"#)
            #expect(plain.status == .badRequest && plain.body.errorCode == "graph_required", "\(plain.body)")
            let app = try await client.send(.post, "/api/v1/impact", json: #"{"repository": "zz/m+1", "changedFiles": ["App/a.swift"]}"#)
            #expect(app.status == .ok, "zz/m+1 read another repository's clone: \(app.body)")
            #expect((app.body["selected"] as? [[String: Any]])?.map { $0["name"] as? String } == ["AppTests"])
        }
    }

    // MARK: Helpers

    static func expectNothingLeaked(_ text: String, branch: String, serverFolder: String, environment: [String: String]) {
        #expect(!text.contains(secret), "\(branch): file content in the answer: \(text)")
        #expect(!text.contains("PATH="), "\(branch): the environment in the answer: \(text)")
        if let home = environment["HOME"], home.count > 4 { #expect(!text.contains("HOME=" + home), "\(branch): \(text)") }
        #expect(!text.contains(serverFolder), "\(branch): a server path in the answer: \(text)")
        #expect(!text.contains("/checkouts/") && !text.contains("/mirrors/"), "\(branch): a server path in the answer: \(text)")
    }

    static func write(_ files: [String: String], in folder: String) throws {
        for (file, text) in files {
            let url = URL(fileURLWithPath: folder + "/" + file)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
    }

    /// Runs each git command in `directory` without holding a cooperative thread.
    static func git(_ commands: [String]..., in directory: String) async throws {
        for arguments in commands {
            let identity = ["-c", "user.name=Test", "-c", "user.email=test@example.com", "-c", "commit.gpgsign=false"]
            let output = try await Command.run(.command("git", identity + arguments, in: directory))
            try #require(output.status.isSuccess, "git \(arguments.joined(separator: " ")): \(output.errorText)")
        }
    }
}
