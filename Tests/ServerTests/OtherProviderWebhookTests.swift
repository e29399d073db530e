import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing
import Webhooks
@testable import Server

@Suite("GitLab and Bitbucket deliveries over HTTP")
struct OtherProviderWebhookTests {
    static let secret = "provider-secret-0123456789"
    static let sha = String(repeating: "2", count: 40)

    static func post(_ client: some TestClientProtocol, _ path: String, _ body: String, headers: [String: String]) async throws -> (HTTPResponse.Status, [String: Any]) {
        var fields: HTTPFields = [.contentType: "application/json"]
        for (name, value) in headers { fields[HTTPField.Name(name)!] = value }
        return try await client.execute(uri: path, method: .post, headers: fields, body: ByteBuffer(string: body)) { response in
            (response.status, (try? JSONSerialization.jsonObject(with: Data(response.body.readableBytesView))) as? [String: Any] ?? [:])
        }
    }

    @Test("a GitLab push with the right token builds once; a wrong token is 401; the GitHub endpoint refuses it")
    func gitlab() async throws {
        try await TestServer.make().test { client in
            _ = try await client.send(.post, "/api/v1/repositories", json: #"{"name": "acme/ios-app", "provider": "gitlab", "cloneURL": "https://gitlab.com/acme/ios-app.git", "webhookSecret": "\#(Self.secret)"}"#)
            let body = #"{"object_kind": "push", "ref": "refs/heads/main", "before": "\#(String(repeating: "0", count: 39))1", "after": "\#(Self.sha)", "checkout_sha": "\#(Self.sha)", "user_username": "dev", "project": {"id": 15, "path_with_namespace": "acme/ios-app", "git_http_url": "https://gitlab.com/acme/ios-app.git"}, "commits": [{"id": "\#(Self.sha)", "message": "gitlab change", "added": [], "modified": ["a.swift"], "removed": []}], "total_commits_count": 1}"#
            let headers = ["X-Gitlab-Event": "Push Hook", "X-Gitlab-Token": Self.secret, "Idempotency-Key": "gl-1"]
            let (status, answer) = try await Self.post(client, "/api/v1/webhooks/gitlab", body, headers: headers)
            #expect(status == .accepted)
            #expect((answer["builds"] as? [Int])?.count == 1)
            let (again, _) = try await Self.post(client, "/api/v1/webhooks/gitlab", body, headers: headers)
            #expect(again == .ok)
            var wrong = headers
            wrong["X-Gitlab-Token"] = "not-the-secret-value"
            wrong["Idempotency-Key"] = "gl-2"
            #expect(try await Self.post(client, "/api/v1/webhooks/gitlab", body, headers: wrong).0 == .unauthorized)
            let (misrouted, error) = try await Self.post(client, "/api/v1/webhooks/github", TestPipelines.githubPush(), headers: ["X-GitHub-Event": "push", "X-GitHub-Delivery": "x"])
            // Refused like an unknown repository: a stranger must not learn it is registered elsewhere.
            #expect(misrouted == .unauthorized)
            #expect((error["error"] as? [String: Any])?["code"] as? String == "invalid_signature")
        }
    }

    @Test("a signed Bitbucket push builds; an unsigned one is 401")
    func bitbucket() async throws {
        try await TestServer.make().test { client in
            _ = try await client.send(.post, "/api/v1/repositories", json: #"{"name": "acme/ios-app", "provider": "bitbucket", "cloneURL": "https://bitbucket.org/acme/ios-app.git", "webhookSecret": "\#(Self.secret)"}"#)
            let body = #"{"actor": {"display_name": "Dev"}, "repository": {"full_name": "acme/ios-app", "uuid": "{1}"}, "push": {"changes": [{"new": {"type": "branch", "name": "main", "target": {"hash": "\#(Self.sha)", "message": "bb change"}}, "old": {"type": "branch", "name": "main", "target": {"hash": "\#(String(repeating: "3", count: 40))"}}, "created": false, "closed": false}]}}"#
            let signature = WebhookSigner.hmacSHA256Signature(body: Array(body.utf8), secret: Self.secret)
            let (status, answer) = try await Self.post(client, "/api/v1/webhooks/bitbucket", body, headers: ["X-Event-Key": "repo:push", "X-Request-UUID": "bb-1", "X-Hub-Signature": signature])
            #expect(status == .accepted)
            #expect((answer["builds"] as? [Int])?.count == 1)
            #expect(try await Self.post(client, "/api/v1/webhooks/bitbucket", body, headers: ["X-Event-Key": "repo:push", "X-Request-UUID": "bb-2"]).0 == .unauthorized)
        }
    }

    @Test("pipelines reload picks up a new file and reports a broken one with its position")
    func reload() async throws {
        let server = try await TestServer.make()
        let folder = server.directory.appendingPathComponent("pipelines")
        try await server.test { client in
            try "name: second\nsteps:\n  - key: a\n    command: echo a\n".write(to: folder.appendingPathComponent("second.yml"), atomically: true, encoding: .utf8)
            try "name: broken\nstepz: []\n".write(to: folder.appendingPathComponent("broken.yml"), atomically: true, encoding: .utf8)
            let reloaded = try await client.send(.post, "/api/v1/pipelines/reload")
            let names = (reloaded.body["pipelines"] as? [[String: Any]])?.compactMap { $0["name"] as? String }.sorted()
            #expect(names == ["app-ci", "second"])
            let problems = reloaded.body["diagnostics"] as? [String] ?? []
            #expect(problems.contains { $0.contains("broken.yml:2:1") })

            // The problems stay in the listing until fixed, and a pipeline whose file broke
            // says it serves its last good version.
            try "name: second\nstepz: []\n".write(to: folder.appendingPathComponent("second.yml"), atomically: true, encoding: .utf8)
            _ = try await client.send(.post, "/api/v1/pipelines/reload")
            let listed = try await client.send(.get, "/api/v1/pipelines")
            let listedProblems = listed.body["diagnostics"] as? [String] ?? []
            #expect(listedProblems.contains { $0.contains("broken.yml:2:1") }, "\(listed.body)")
            #expect(listedProblems.contains { $0.contains("second.yml:2:1") })
            let second = (listed.body["pipelines"] as? [[String: Any]])?.first { $0["name"] as? String == "second" }
            #expect(second?["served"] as? String == "last_good")
            let appCI = (listed.body["pipelines"] as? [[String: Any]])?.first { $0["name"] as? String == "app-ci" }
            #expect(appCI?["served"] as? String == "current")
        }
    }
}
