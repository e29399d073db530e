import Core
import Foundation
import Testing
import Webhooks

/// Bad input gets a `WebhookError` or a less detailed event, never a crash.
@Suite("Robustness")
struct RobustnessTests {
    static let samples: [(GitProvider, String, String)] = [
        (.github, "push", GitHubFixtures.pushToBranch),
        (.github, "pull_request", GitHubFixtures.pullRequest(action: "opened", headRepository: GitHubFixtures.forkRepository)),
        (.gitlab, "Push Hook", GitLabFixtures.push),
        (.gitlab, "Merge Request Hook", GitLabFixtures.mergeRequest(action: "update", oldrev: "abc")),
        (.bitbucket, "repo:push", BitbucketFixtures.pushSeveralChanges),
        (.bitbucket, "pullrequest:updated", BitbucketFixtures.pullRequest(state: "OPEN")),
    ]

    // MARK: Bodies that are not payloads

    @Test("empty and blank bodies", arguments: GitProvider.allCases)
    func emptyBody(provider: GitProvider) {
        let adapter = WebhookProviders.adapter(for: provider)
        for body in ["", "  \n\t"] {
            let request = TestSupport.request(provider, event: "push", body: body)
            #expect(throws: WebhookError.emptyBody) { try adapter.repositoryIdentity(request) }
            #expect(throws: WebhookError.emptyBody) { try adapter.parseEvents(request) }
        }
    }

    @Test("malformed JSON, non-object JSON, invalid UTF-8", arguments: GitProvider.allCases)
    func malformed(provider: GitProvider) {
        let adapter = WebhookProviders.adapter(for: provider)
        let bodies: [[UInt8]] = [
            Array(#"{"ref": "refs/heads/main""#.utf8),
            Array("payload=%7B%22ref%22%3A%22x%22%7D".utf8),  // form-encoded hook
            Array("[1, 2]".utf8),
            Array(#""just a string""#.utf8),
            Array("null".utf8),
            Array(repeating: UInt8(ascii: "["), count: 100_000),
            Array(#"{"a": {"b": [1, 2, tru]}}"#.utf8),
        ]
        for body in bodies {
            let request = WebhookRequest(headers: [TestSupport.eventHeader(provider): "push"], body: body)
            do {
                _ = try adapter.repositoryIdentity(request)
                Issue.record("expected an error for \(body.prefix(20)) (\(body.count) bytes)")
            } catch {
                guard case .malformedJSON(let detail) = error else {
                    Issue.record("expected malformedJSON, got \(error)")
                    continue
                }
                #expect(!detail.isEmpty)
                #expect(error.code == "malformed_json")
            }
        }
    }

    @Test("invalid UTF-8 inside a string value")
    func invalidUTF8() throws {
        let body = Array(#"{"ref": "refs/heads/main", "after": "abc", "repository": {"full_name": "acme/ios-app"}, "head_commit": {"id": "abc", "message": "bad "#.utf8)
            + [0xFF, 0xFE] + Array(#""}}"#.utf8)
        let request = WebhookRequest(headers: ["X-GitHub-Event": "push"], body: body)
        #expect(try GitHubWebhookAdapter().repositoryIdentity(request).fullName == "acme/ios-app")
        let push = try #require(try GitHubWebhookAdapter().parseEvent(request).push)
        #expect(push.headCommit?.message == "bad \u{FFFD}\u{FFFD}")
    }

    @Test("a GitHub push whose unread commit list is malformed is still refused")
    func malformedCommitList() {
        let body = Array(#"{"ref": "refs/heads/main", "after": "abc", "repository": {"full_name": "acme/ios-app"}, "commits": [{"id": "abc", "added": [}], "head_commit": null}"#.utf8)
        let request = WebhookRequest(headers: ["X-GitHub-Event": "push"], body: body)
        #expect(throws: WebhookError.self) { try GitHubWebhookAdapter().parseEvent(request) }
    }

    // MARK: Awkward values

    @Test("a form-encoded hook is named as such")
    func formEncoded() {
        let request = WebhookRequest(headers: ["X-GitHub-Event": "push"], body: "payload=%7B%22ref%22%3A%22x%22%7D")
        #expect(throws: WebhookError.malformedJSON("it is form-encoded (payload=…)")) {
            try GitHubWebhookAdapter().repositoryIdentity(request)
        }
    }

    @Test("ids beyond 2^31, 2^63 and Double range do not fail a delivery")
    func hugeIDs() throws {
        let body = #"""
        {"action": "opened", "number": 5000000000, "repository": {"id": 123456789012345678901234567890, "full_name": "acme/ios-app"},
         "pull_request": {"id": 1e400, "number": 5000000000, "title": "big",
          "head": {"ref": "a", "sha": "abc", "repo": {"id": 18446744073709551616, "full_name": "acme/ios-app"}},
          "base": {"ref": "main", "sha": "def", "repo": {"id": 9223372036854775807, "full_name": "acme/ios-app"}}}}
        """#
        let identity = try GitHubWebhookAdapter().repositoryIdentity(TestSupport.request(.github, event: "pull_request", body: body))
        #expect(identity.fullName == "acme/ios-app")
        let pullRequest = try #require(try TestSupport.event(.github, event: "pull_request", body: body).pullRequest)
        #expect(pullRequest.number == 5_000_000_000)
        #expect(!pullRequest.isFromFork)  // ids unusable, names equal
    }

    @Test("fields of unexpected types degrade instead of failing")
    func wrongTypes() throws {
        let body = #"""
        {"ref": "refs/heads/main", "before": 12, "after": "abc123", "deleted": "false", "created": 0,
         "forced": null, "commits": "none", "head_commit": ["x"], "pusher": "zoe",
         "repository": {"full_name": "acme/ios-app", "pushed_at": 1557933657, "created_at": "2019-05-15T15:19:25Z"}}
        """#
        let push = try #require(try TestSupport.event(.github, event: "push", body: body).push)
        #expect(push.before == "")
        #expect(!push.isDeletion)
        #expect(push.headCommit == nil)
        #expect(push.pusher == nil)
        #expect(push.buildTrigger?.commitSHA == "abc123")
    }

    // MARK: Damaged deliveries

    @Test("every truncation of every sample gives an event or a WebhookError")
    func truncations() {
        for (provider, event, body) in Self.samples {
            let adapter = WebhookProviders.adapter(for: provider)
            let bytes = Array(body.utf8)
            for length in stride(from: 0, to: bytes.count, by: 7) {
                let request = TestSupport.request(provider, event: event, body: String(decoding: bytes.prefix(length), as: UTF8.self))
                // Typed throws: anything thrown is a WebhookError; reaching here means no crash.
                _ = try? adapter.repositoryIdentity(request)
                _ = try? adapter.parseEvents(request)
            }
        }
    }

    @Test("every sample with any one value nulled still parses")
    func nulledValues() throws {
        for (provider, event, body) in Self.samples {
            let adapter = WebhookProviders.adapter(for: provider)
            // Replace each string value in turn with null: covers every optional the adapters read.
            let pattern = try Regex(#": "[^"\\]*""#)
            for match in body.matches(of: pattern) {
                var damaged = body
                damaged.replaceSubrange(match.range, with: ": null")
                let events = try adapter.parseEvents(TestSupport.request(provider, event: event, body: damaged))
                #expect(!events.isEmpty)
            }
        }
    }

    // MARK: Requests and model

    @Test("header names are case-insensitive and values trimmed")
    func headers() {
        let request = WebhookRequest(headers: ["X-GITHUB-EVENT": " push \r\n", "x-github-delivery": "id-1"], body: "{}")
        #expect(request.header("X-GitHub-Event") == "push")
        #expect(request.headers["x-github-event"] == "push")
        #expect(GitHubWebhookAdapter().deliveryID(request) == "id-1")
        #expect(WebhookProviders.detectProvider(request) == .github)
        #expect(WebhookProviders.detectProvider(WebhookRequest(headers: [:], body: [])) == nil)
    }

    @Test("events survive a JSON round trip, for storing with the delivery")
    func codable() throws {
        for (provider, event, body) in Self.samples {
            for parsed in try TestSupport.events(provider, event: event, body: body) {
                let data = try JSONEncoder().encode(parsed)
                #expect(try JSONDecoder().decode(WebhookEvent.self, from: data) == parsed)
            }
        }
    }

    @Test("errors explain what to do")
    func errorMessages() {
        #expect(WebhookError.emptyBody.description.contains("application/json"))
        #expect(WebhookError.missingRepository(.gitlab).description.contains("gitlab"))
        #expect(WebhookError.missingHeader("X-Event-Key").code == "missing_header")
        #expect(WebhookProviders.adapter(named: "GitHub")?.provider == .github)
        #expect(WebhookProviders.adapter(named: "gitea") == nil)
        #expect(WebhookProviders.all.map(\.provider) == GitProvider.allCases)
    }
}
