import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing
import Webhooks
@testable import Server

/// Bodies built to exhaust a parser (JSON nested 100,000 deep, a billion-laughs pipeline)
/// sent through the router to every endpoint that reads a body: each answers a clear 400,
/// stores nothing, and the server keeps answering.
@Suite("Hostile bodies over HTTP")
struct HostileBodyTests {
    /// 100,000 `[` with nothing closed, and 100,000 nested objects.
    static let deepBodies: [(name: String, body: String)] = [
        ("arrays", String(repeating: "[", count: 100_000)),
        ("objects", String(repeating: #"{"a":"#, count: 100_000) + "1" + String(repeating: "}", count: 100_000)),
    ]

    /// Every JSON endpoint a token can reach, by path; each must refuse a deep body with 400.
    static let tokenEndpoints = [
        "/api/v1/repositories", "/api/v1/builds", "/api/v1/impact", "/api/v1/metrics/builds", "/api/v1/tokens",
        "/api/v1/agents/tokens", "/api/v1/releases", "/api/v1/trains",
    ]

    @Test("JSON nested 100,000 deep is 400 on every endpoint that reads JSON with a token", arguments: HostileBodyTests.deepBodies.map(\.name))
    func deepJSONWithToken(_ shape: String) async throws {
        let body = try #require(Self.deepBodies.first { $0.name == shape }?.body)
        try await TestServer.make().test { client in
            for path in Self.tokenEndpoints {
                let answer = try await client.send(.post, path, json: body)
                #expect(answer.status == .badRequest, "\(path): \(answer.status) \(answer.body)")
                #expect(answer.body.errorCode != nil, "\(path) did not say why: \(answer.body)")
            }
            #expect(try await client.send(.get, "/healthz", token: nil).status == .ok)
            #expect((try await client.send(.get, "/api/v1/repositories").body["repositories"] as? [Any])?.isEmpty == true)
            #expect((try await client.send(.get, "/api/v1/builds").body["builds"] as? [Any])?.isEmpty == true)
        }
    }

    @Test("a signed webhook nested 100,000 deep is 400 for GitHub, GitLab and Bitbucket and creates no build", arguments: HostileBodyTests.deepBodies.map(\.name))
    func deepWebhooks(_ shape: String) async throws {
        let body = try #require(Self.deepBodies.first { $0.name == shape }?.body)
        let secret = WebhookAPITests.secret
        let signature = WebhookSigner.hmacSHA256Signature(body: Array(body.utf8), secret: secret)
        let deliveries: [(provider: String, headers: [String: String])] = [
            ("github", ["X-GitHub-Event": "push", "X-GitHub-Delivery": "deep-1", "X-Hub-Signature-256": signature]),
            ("gitlab", ["X-Gitlab-Event": "Push Hook", "X-Gitlab-Token": secret, "Idempotency-Key": "deep-2"]),
            ("bitbucket", ["X-Event-Key": "repo:push", "X-Request-UUID": "deep-3", "X-Hub-Signature": signature]),
        ]
        try await TestServer.make().test { client in
            for delivery in deliveries {
                let registered = try await client.send(
                    .post, "/api/v1/repositories",
                    json: #"{"name": "acme/\#(delivery.provider)", "provider": "\#(delivery.provider)", "cloneURL": "https://example.com/acme/\#(delivery.provider).git", "webhookSecret": "\#(secret)"}"#)
                #expect(registered.status == .created)
                let (status, answer) = try await OtherProviderWebhookTests.post(client, "/api/v1/webhooks/\(delivery.provider)", body, headers: delivery.headers)
                #expect(status == .badRequest, "\(delivery.provider): \(status) \(answer)")
                #expect((answer["error"] as? [String: Any])?["code"] is String, "\(delivery.provider) did not say why: \(answer)")
            }
            #expect(try await WebhookAPITests.buildCount(client) == 0)
            #expect(try await client.send(.get, "/healthz", token: nil).status == .ok)
        }
    }

    @Test("a billion-laughs pipeline file is reported on reload, the others stay served, and the server keeps answering")
    func billionLaughsPipeline() async throws {
        let bomb = BillionLaughsYAML.document(use: "steps: *a8")
        let server = try await TestServer.make()
        let folder = server.directory.appendingPathComponent("pipelines")
        try await server.test { client in
            try bomb.write(to: folder.appendingPathComponent("bomb.yml"), atomically: true, encoding: .utf8)
            let reloaded = try await client.send(.post, "/api/v1/pipelines/reload")
            #expect(reloaded.status == .ok)
            let diagnostics = try #require(reloaded.body["diagnostics"] as? [String])
            #expect(diagnostics.contains { $0.contains("bomb.yml") && $0.contains("expands to more than") }, "\(diagnostics)")
            let names = (reloaded.body["pipelines"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
            #expect(names == ["app-ci"])
            #expect(try await client.send(.get, "/healthz", token: nil).status == .ok)
        }
    }
}
