import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
import Webhooks
@testable import Server

/// How deliveries are recognised as the same one: by provider, repository and delivery id,
/// or by the body's digest when the host sends no id.
@Suite("Webhook delivery keys")
struct DeliveryKeyTests {
    @Test("a GitHub delivery without X-GitHub-Delivery is keyed by its body: a resend builds nothing more")
    func githubWithoutID() async throws {
        try await TestServer.make().test { client in
            try await WebhookAPITests.register(client)
            let first = try await WebhookAPITests.deliver(client, TestPipelines.githubPush(), id: nil)
            #expect(first.status == .accepted)
            let again = try await WebhookAPITests.deliver(client, TestPipelines.githubPush(), id: nil)
            #expect(again.status == .ok)
            #expect(again.body["builds"] as? [Int] == first.body["builds"] as? [Int])
            #expect(try await WebhookAPITests.buildCount(client) == 1)

            // Different bytes are a different delivery.
            let other = try await WebhookAPITests.deliver(client, TestPipelines.githubPush(after: String(repeating: "3", count: 40)), id: nil)
            #expect(other.status == .accepted)
            #expect(try await WebhookAPITests.buildCount(client) == 2)
        }
    }

    @Test("GitLab and Bitbucket deliveries without their id header are keyed by their body too")
    func otherProvidersWithoutID() async throws {
        try await TestServer.make().test { client in
            let secret = OtherProviderWebhookTests.secret
            let sha = OtherProviderWebhookTests.sha
            _ = try await client.send(.post, "/api/v1/repositories", json: #"{"name": "acme/ios-app", "provider": "gitlab", "cloneURL": "https://gitlab.com/acme/ios-app.git", "webhookSecret": "\#(secret)"}"#)
            let gitlab = #"{"object_kind": "push", "ref": "refs/heads/main", "before": "\#(String(repeating: "0", count: 39))1", "after": "\#(sha)", "checkout_sha": "\#(sha)", "user_username": "dev", "project": {"id": 15, "path_with_namespace": "acme/ios-app", "git_http_url": "https://gitlab.com/acme/ios-app.git"}, "commits": [{"id": "\#(sha)", "message": "gitlab change", "added": [], "modified": ["a.swift"], "removed": []}], "total_commits_count": 1}"#
            let headers = ["X-Gitlab-Event": "Push Hook", "X-Gitlab-Token": secret]
            #expect(try await OtherProviderWebhookTests.post(client, "/api/v1/webhooks/gitlab", gitlab, headers: headers).0 == .accepted)
            #expect(try await OtherProviderWebhookTests.post(client, "/api/v1/webhooks/gitlab", gitlab, headers: headers).0 == .ok)
            #expect(try await WebhookAPITests.buildCount(client) == 1)

            _ = try await client.send(.post, "/api/v1/repositories", json: #"{"name": "acme/web", "provider": "bitbucket", "cloneURL": "https://bitbucket.org/acme/web.git", "webhookSecret": "\#(secret)"}"#)
            let bitbucket = #"{"actor": {"display_name": "Dev"}, "repository": {"full_name": "acme/web", "uuid": "{1}"}, "push": {"changes": [{"new": {"type": "branch", "name": "main", "target": {"hash": "\#(sha)", "message": "bb change"}}, "old": {"type": "branch", "name": "main", "target": {"hash": "\#(String(repeating: "3", count: 40))"}}, "created": false, "closed": false}]}}"#
            let signature = WebhookSigner.hmacSHA256Signature(body: Array(bitbucket.utf8), secret: secret)
            let bbHeaders = ["X-Event-Key": "repo:push", "X-Hub-Signature": signature]
            #expect(try await OtherProviderWebhookTests.post(client, "/api/v1/webhooks/bitbucket", bitbucket, headers: bbHeaders).0 == .accepted)
            #expect(try await OtherProviderWebhookTests.post(client, "/api/v1/webhooks/bitbucket", bitbucket, headers: bbHeaders).0 == .ok)
            #expect(try await WebhookAPITests.buildCount(client) == 2)
        }
    }

    @Test("a signed push for repository B with A's delivery id is B's own delivery and builds")
    func sameIDOtherRepository() async throws {
        try await TestServer.make().test { client in
            try await WebhookAPITests.register(client)
            let other = #"{"name": "acme/android-app", "provider": "github", "cloneURL": "https://github.com/acme/android-app.git", "webhookSecret": "\#(WebhookAPITests.secret)"}"#
            #expect(try await client.send(.post, "/api/v1/repositories", json: other).status == .created)
            let first = try await WebhookAPITests.deliver(client, TestPipelines.githubPush(), id: "shared-id")
            #expect(first.status == .accepted)
            let forB = TestPipelines.githubPush().replacingOccurrences(of: "acme/ios-app", with: "acme/android-app")
            let second = try await WebhookAPITests.deliver(client, forB, id: "shared-id")
            #expect(second.status == .accepted)
            #expect(second.body["builds"] as? [Int] != first.body["builds"] as? [Int])
            #expect(try await WebhookAPITests.buildCount(client) == 2)
            // B's redelivery is still a duplicate of B's delivery.
            #expect(try await WebhookAPITests.deliver(client, forB, id: "shared-id").status == .ok)
            #expect(try await WebhookAPITests.buildCount(client) == 2)
        }
    }
}
