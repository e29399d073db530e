import Core
import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing
import Webhooks
@testable import Server

@Suite("Webhook intake over HTTP")
struct WebhookAPITests {
    static let secret = "webhook-secret-0123456789"

    /// Registers acme/ios-app with a known secret.
    static func register(_ client: some TestClientProtocol) async throws {
        let body = #"{"name": "acme/ios-app", "provider": "github", "cloneURL": "https://github.com/acme/ios-app.git", "webhookSecret": "\#(secret)"}"#
        let created = try await client.send(.post, "/api/v1/repositories", json: body)
        #expect(created.status == .created)
    }

    /// Posts a GitHub delivery, signed with `secret` unless told otherwise.
    static func deliver(
        _ client: some TestClientProtocol, _ payload: String, event: String = "push", id: String? = UUID().uuidString, secret: String? = WebhookAPITests.secret
    ) async throws -> (status: HTTPResponse.Status, body: [String: Any]) {
        var headers: HTTPFields = [.contentType: "application/json"]
        headers[HTTPField.Name("X-GitHub-Event")!] = event
        if let id { headers[HTTPField.Name("X-GitHub-Delivery")!] = id }
        if let secret {
            headers[HTTPField.Name("X-Hub-Signature-256")!] = WebhookSigner.hmacSHA256Signature(body: Array(payload.utf8), secret: secret)
        }
        return try await client.execute(uri: "/api/v1/webhooks/github", method: .post, headers: headers, body: ByteBuffer(string: payload)) { response in
            let object = (try? JSONSerialization.jsonObject(with: Data(response.body.readableBytesView))) as? [String: Any] ?? [:]
            return (response.status, object)
        }
    }

    static func buildCount(_ client: some TestClientProtocol) async throws -> Int {
        let list = try await client.send(.get, "/api/v1/builds")
        return (list.body["builds"] as? [Any])?.count ?? -1
    }

    @Test("a signed push is stored and builds (202); a redelivery answers 200 with the first answer")
    func pushAndRedelivery() async throws {
        try await TestServer.make().test { client in
            try await Self.register(client)
            let first = try await Self.deliver(client, TestPipelines.githubPush(), id: "delivery-1")
            #expect(first.status == .accepted)
            let builds = try #require(first.body["builds"] as? [Int])
            #expect(builds.count == 1)
            #expect(first.body["delivery"] is Int)

            let again = try await Self.deliver(client, TestPipelines.githubPush(), id: "delivery-1")
            #expect(again.status == .ok)
            #expect(again.body["builds"] as? [Int] == builds)
            #expect(try await Self.buildCount(client) == 1)

            let build = try await client.send(.get, "/api/v1/builds/\(builds[0])")
            #expect(build.body["pipeline"] as? String == "app-ci")
            #expect(build.body["commitSHA"] as? String == String(repeating: "1", count: 40))
            #expect(build.body["message"] as? String == "Fix the build ✅")
            let jobs = try #require(build.body["jobs"] as? [[String: Any]])
            #expect(jobs.map { $0["stepKey"] as? String } == ["build", "test", "test"])
            #expect(jobs[1]["pendingReason"] as? String == "waiting for step build")
        }
    }

    @Test("bad or missing signatures are 401 and store nothing")
    func badSignatures() async throws {
        try await TestServer.make().test { client in
            try await Self.register(client)
            let wrong = try await Self.deliver(client, TestPipelines.githubPush(), secret: "another-secret-value")
            #expect(wrong.status == .unauthorized)
            #expect((wrong.body["error"] as? [String: Any])?["code"] as? String == "invalid_signature")
            let missing = try await Self.deliver(client, TestPipelines.githubPush(), secret: nil)
            #expect(missing.status == .unauthorized)
            #expect(try await Self.buildCount(client) == 0)
        }
    }

    @Test("an unsigned stranger cannot tell registered repositories: unknown, another provider's and a wrong secret answer alike")
    func noRegistrationOracle() async throws {
        try await TestServer.make().test { client in
            try await Self.register(client)
            _ = try await client.send(.post, "/api/v1/repositories", json: #"{"name": "acme/lab", "provider": "gitlab", "cloneURL": "https://gitlab.com/acme/lab.git", "webhookSecret": "\#(Self.secret)"}"#)
            let push = TestPipelines.githubPush()
            let payloads = [
                "registered, wrong secret": push,
                "not registered": push.replacingOccurrences(of: "acme/ios-app", with: "acme/nope").replacingOccurrences(of: "github.com/acme", with: "github.com/nope"),
                "another provider's": push.replacingOccurrences(of: "acme/ios-app", with: "acme/lab").replacingOccurrences(of: "github.com/acme/lab", with: "gitlab.com/acme/lab"),
            ]
            var answers: [String: String] = [:]
            for (name, payload) in payloads {
                for secret in ["another-secret-value", nil] as [String?] {
                    let (status, body) = try await Self.deliver(client, payload, secret: secret)
                    #expect(status == .unauthorized, "\(name): \(body)")
                    let error = body["error"] as? [String: Any]
                    let message = error?["message"] as? String ?? ""
                    #expect(!message.contains("acme/"), "\(name): names a repository: \(message)")
                    answers["\(name) \(secret == nil ? "unsigned" : "signed")"] = "\(status.code) \(error?["code"] ?? "") \(message)"
                }
            }
            #expect(Set(answers.filter { $0.key.hasSuffix(" signed") }.values).count == 1, "\(answers)")
            #expect(Set(answers.filter { $0.key.hasSuffix("unsigned") }.values).count == 1, "\(answers)")
            #expect(try await Self.buildCount(client) == 0)
        }
    }

    @Test("unknown repositories are 401 like a wrong signature, malformed JSON 400, oversized bodies 413; nothing is stored")
    func rejectedDeliveries() async throws {
        try await TestServer.make(configure: { $0.maxBodySize = 4096 }).test { client in
            try await Self.register(client)
            let unknown = TestPipelines.githubPush()
                .replacingOccurrences(of: "acme/ios-app", with: "acme/other").replacingOccurrences(of: "github.com/acme", with: "github.com/other")
            #expect(try await Self.deliver(client, unknown).status == .unauthorized)
            #expect(try await Self.deliver(client, #"{"repository": "#).status == .badRequest)
            let huge = TestPipelines.githubPush().replacingOccurrences(of: "Fix the build", with: String(repeating: "x", count: 8000))
            #expect(try await Self.deliver(client, huge).status == .contentTooLarge)
            #expect(try await Self.buildCount(client) == 0)
        }
    }

    @Test("branch deletion, other branches and other events are stored and build nothing; ping answers 200")
    func nonTriggering() async throws {
        try await TestServer.make().test { client in
            try await Self.register(client)
            let deletion = try await Self.deliver(client, TestPipelines.githubPush(deleted: true))
            #expect(deletion.status == .accepted)
            #expect(deletion.body["builds"] as? [Int] == [])
            let feature = try await Self.deliver(client, TestPipelines.githubPush(branch: "feature/x"))
            #expect(feature.body["builds"] as? [Int] == [])
            let star = try await Self.deliver(client, #"{"action": "started", "repository": {"full_name": "acme/ios-app"}}"#, event: "watch")
            #expect(star.status == .accepted)
            let ping = try await Self.deliver(client, #"{"zen": "Keep it simple.", "hook_id": 1, "repository": {"full_name": "acme/ios-app"}}"#, event: "ping")
            #expect(ping.status == .ok)
            #expect(try await Self.buildCount(client) == 0)
        }
    }
}
