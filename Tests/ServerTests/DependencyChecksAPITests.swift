import ChildProcesses
import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
@testable import Server

/// `POST /api/v1/checks/deps` on a real git repository: rules read at the revision, a baseline
/// from the default branch, and the errors a caller can make.
@Suite("POST /api/v1/checks/deps")
struct DependencyChecksAPITests {
    static let rules = """
        rules:
          - name: feature-isolation
            forbid: {from: ":feature:**", to: ":feature:**"}
          - layers: [":app", ":feature:**", ":core"]
        """

    /// A repository whose main branch already has one violation (cart → login), and a branch
    /// `work` that fixes it and adds another (core → login). Answers the repository's folder.
    static func repository() async throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("checks-repo-\(UUID().uuidString)").path
        let files = [
            "settings.gradle.kts": "include(\":app\", \":feature:login\", \":feature:cart\", \":core\")\n",
            "app/build.gradle.kts": "dependencies {\n    implementation(projects.feature.login)\n    implementation(projects.feature.cart)\n}\n",
            "feature/login/build.gradle.kts": "dependencies {\n    implementation(projects.core)\n}\n",
            "feature/cart/build.gradle.kts": "dependencies {\n    implementation(projects.core)\n    implementation(project(\":feature:login\"))\n}\n",
            "core/build.gradle.kts": "plugins { id(\"java-library\") }\n",
            "mobile-ops-checks.yml": rules,
        ]
        for (path, text) in files { try write(text, to: path, in: folder) }
        _ = try await ImpactAPITests.git(["init", "-q", "-b", "main", "."], ["add", "."], ["commit", "-q", "-m", "one"], in: folder)
        try write("dependencies {\n    implementation(projects.core)\n}\n", to: "feature/cart/build.gradle.kts", in: folder)
        try write("dependencies {\n    implementation(project(\":feature:login\"))\n}\n", to: "core/build.gradle.kts", in: folder)
        _ = try await ImpactAPITests.git(["checkout", "-q", "-b", "work"], ["commit", "-q", "-am", "two"], ["checkout", "-q", "main"], in: folder)
        return folder
    }

    static func write(_ text: String, to path: String, in folder: String) throws {
        let url = URL(fileURLWithPath: folder + "/" + path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    static func register(_ folder: String, _ client: some TestClientProtocol) async throws {
        let created = try await client.send(.post, "/api/v1/repositories", json: #"{"name": "acme/android", "provider": "github", "cloneURL": "file://\#(folder)", "defaultBranch": "main"}"#)
        #expect(created.status == .created)
    }

    @Test("violations at a revision, with file and line; with a baseline only the new one is new and the fixed one is listed")
    func revisionAndBaseline() async throws {
        let folder = try await Self.repository()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try await TestServer.make().test { client in
            try await Self.register(folder, client)
            let document = try await OpenAPITests.document(client)
            let main = try await OpenAPITests.conforming(client, document, .post, "/api/v1/checks/deps", documentedAs: "/api/v1/checks/deps", status: .ok, json: #"{"repository": "acme/android"}"#)
            #expect(main["summary"]?["violations"] == .int(1))
            #expect(main["violations"]?.elements?.first?["file"]?.string == "feature/cart/build.gradle.kts")
            #expect(main["violations"]?.elements?.first?["line"] == .int(3))

            // The default branch against itself: its one violation is known, nothing is new.
            let itself = try await client.send(.post, "/api/v1/checks/deps", json: #"{"repository": "acme/android", "baseline": true}"#)
            let summary = itself.body["summary"] as? [String: Any]
            #expect(summary?["violations"] as? Int == 1 && summary?["new"] as? Int == 0, "\(itself.body)")

            let work = try await client.send(.post, "/api/v1/checks/deps", json: #"{"repository": "acme/android", "revision": "work", "baseline": true}"#)
            #expect(work.status == .ok, "\(work.body)")
            let violations = try #require(work.body["violations"] as? [[String: Any]])
            #expect(violations.map { $0["chain"] as? [String] } == [[":core", ":feature:login"]])
            #expect(violations.first?["new"] as? Bool == true)
            let fixed = try #require(work.body["fixed"] as? [[String: Any]])
            #expect(fixed.map { $0["chain"] as? [String] } == [[":feature:cart", ":feature:login"]])
            _ = try await OpenAPITests.conforming(
                client, document, .post, "/api/v1/checks/deps", documentedAs: "/api/v1/checks/deps", status: .ok,
                json: #"{"repository": "acme/android", "revision": "work", "baseline": true}"#
            )
        }
    }

    @Test("unknown repository 404, rules with a typo 422 naming the line, unreadable project and bad input 400")
    func errors() async throws {
        let folder = try await Self.repository()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try await TestServer.make().test { client in
            try await Self.register(folder, client)
            let typo = try await client.send(.post, "/api/v1/checks/deps", json: #"{"repository": "acme/android", "rules": "---\nrules:\n  - no_cycles: true\n  - max_dept: 3\n"}"#)
            #expect(typo.status == .unprocessableContent)
            let message = (typo.body["error"] as? [String: Any])?["message"] as? String ?? ""
            #expect(message.contains("request body 'rules':4:"), "\(message)")
            #expect(message.contains("unknown key 'max_dept'"))

            let cases: [(body: String, status: HTTPResponse.Status, code: String)] = [
                (#"{"repository": "nobody/nothing"}"#, .notFound, "not_found"),
                (#"{"repository": "acme/android", "project": "feature", "rules": "rules: [{no_cycles: true}]"}"#, .badRequest, "unreadable_project"),
                (#"{"repository": "acme/android", "project": "feature"}"#, .badRequest, "missing_rules"),
                (#"{"repository": "acme/android", "project": "../etc"}"#, .badRequest, "invalid_project"),
                (#"{"repository": "acme/android", "revision": "no-such-branch"}"#, .badRequest, "invalid_revision"),
                (#"{"repository": "acme/android", "rulesFile": "missing.yml"}"#, .badRequest, "invalid_rulesFile"),
                (#"{"repository": "acme/android", "rules": "rules: []", "rulesFile": "x.yml"}"#, .badRequest, "invalid_rules"),
                (#"{"repository": "acme/android", "baseline": 1}"#, .badRequest, "invalid_baseline"),
                (#"{"revision": "main"}"#, .badRequest, "missing_repository"),
            ]
            for (body, status, code) in cases {
                let response = try await client.send(.post, "/api/v1/checks/deps", json: body)
                #expect(response.status == status, "\(body): \(response.body)")
                #expect((response.body["error"] as? [String: Any])?["code"] as? String == code, "\(body): \(response.body)")
            }
        }
    }
}
