import ChildProcesses
import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
@testable import Server

@Suite("POST /api/v1/impact")
struct ImpactAPITests {
    static let graph = #"""
        {"format": "mobile-ops-module-graph", "version": 1,
         "modules": [{"name": "Core", "paths": ["core"]}, {"name": "Checkout", "paths": ["checkout"], "dependencies": ["Core"]},
                     {"name": "Search", "paths": ["search"]}],
         "testSuites": [{"name": "CheckoutUITests", "module": "Checkout", "kind": "ui", "paths": ["checkout-ui"]},
                        {"name": "SearchUITests", "module": "Search", "kind": "ui", "paths": ["search-ui"]}]}
        """#

    @Test("a graph and changed files: the suites reached through the graph, each with its chain")
    func graphInTheRequest() async throws {
        try await TestServer.make().test { client in
            let response = try await client.send(.post, "/api/v1/impact", json: #"{"graph": \#(Self.graph), "changedFiles": ["core/Money.swift", "README.md"]}"#)
            #expect(response.status == .ok)
            let selected = try #require(response.body["selected"] as? [[String: Any]])
            #expect(selected.map { $0["name"] as? String } == ["CheckoutUITests"])
            #expect((selected.first?["reason"] as? String)?.contains("core/Money.swift") == true)
            #expect((response.body["skipped"] as? [[String: Any]])?.map { $0["name"] as? String } == ["SearchUITests"])
            #expect(response.body["unownedFiles"] as? [String] == ["README.md"])
        }
    }

    @Test("a registered repository: the server reads the Gradle project and the diff at the given revisions")
    func repositoryRevisions() async throws {
        let repository = FileManager.default.temporaryDirectory.appendingPathComponent("impact-repo-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: repository) }
        let files = [
            "settings.gradle.kts": #"include(":app", ":core", ":search")"#,
            "app/build.gradle.kts": "dependencies {\n    implementation(project(\":core\"))\n}\n",
            "app/src/main/kotlin/Main.kt": "class Main",
            "app/src/androidTest/kotlin/AppFlowTest.kt": "class AppFlowTest",
            "core/build.gradle.kts": "plugins { id(\"java-library\") }\n",
            "core/src/main/kotlin/Money.kt": "class Money",
            "search/build.gradle.kts": "plugins { id(\"java-library\") }\n",
            "search/src/androidTest/kotlin/SearchTest.kt": "class SearchTest",
        ]
        for (path, text) in files {
            let url = URL(fileURLWithPath: repository + "/" + path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        let base = try await Self.git(["init", "-q", "-b", "main", "."], ["add", "."], ["commit", "-q", "-m", "one"], in: repository)
        try "class Money(val cents: Long)".write(toFile: repository + "/core/src/main/kotlin/Money.kt", atomically: true, encoding: .utf8)
        let head = try await Self.git(["commit", "-q", "-am", "two"], in: repository)

        try await TestServer.make().test { client in
            let created = try await client.send(.post, "/api/v1/repositories", json: #"{"name": "acme/android", "provider": "github", "cloneURL": "file://\#(repository)", "defaultBranch": "main"}"#)
            #expect(created.status == .created)
            let response = try await client.send(.post, "/api/v1/impact", json: #"{"repository": "acme/android", "base": "\#(base)", "head": "\#(head)"}"#)
            #expect(response.status == .ok, "\(response.body)")
            let selected = (response.body["selected"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
            #expect(selected == [":app:androidTest"])
            #expect((response.body["affectedModules"] as? [String])?.contains(":core") == true)

            let badRevision = try await client.send(.post, "/api/v1/impact", json: #"{"repository": "acme/android", "base": "no-such-revision"}"#)
            #expect(badRevision.status == .badRequest)
        }
    }

    @Test("missing inputs, unknown repositories, malformed JSON and no token each get their status")
    func errors() async throws {
        try await TestServer.make().test { client in
            let cases: [(body: String, token: String?, status: HTTPResponse.Status)] = [
                (#"{"changedFiles": ["a"]}"#, TestServer.adminToken, .badRequest),
                (#"{"graph": \#(Self.graph)}"#, TestServer.adminToken, .badRequest),
                (#"{"graph": \#(Self.graph), "base": "main"}"#, TestServer.adminToken, .badRequest),
                (#"{"repository": "nobody/nothing", "changedFiles": []}"#, TestServer.adminToken, .notFound),
                (#"{"graph": {"modules": 3}, "changedFiles": []}"#, TestServer.adminToken, .badRequest),
                ("{nope", TestServer.adminToken, .badRequest),
                ("{}", nil, .unauthorized),
            ]
            for (body, token, status) in cases {
                let response = try await client.send(.post, "/api/v1/impact", token: token, json: body)
                #expect(response.status == status, "\(body)")
            }
        }
    }

    /// Runs git commands in order and answers `HEAD` afterwards.
    static func git(_ commands: [String]..., in directory: String) async throws -> String {
        for arguments in commands + [["rev-parse", "HEAD"]] {
            let output = try await Command.run(.command("git", ["-c", "user.name=Test", "-c", "user.email=test@example.com"] + arguments, in: directory))
            guard output.status.isSuccess else { throw CocoaError(.fileReadUnknown) }
            if arguments == ["rev-parse", "HEAD"] { return output.text.trimmingCharacters(in: .whitespacesAndNewlines) }
        }
        return ""
    }
}
