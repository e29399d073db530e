import BuildMetrics
import Core
import DI
import DistributionFakes
import Foundation
import GitHosts
import HTTPTypes
import HummingbirdTesting
import Notifications
import Store
import Testing
import TestSupport
import Webhooks
@testable import Server

/// Real, non-empty answers of the operations whose schemas describe what the server reports:
/// webhook answers, stored build reports, test results and test health, impact analysis,
/// cache rates, the metrics summary, the dashboard, the feed, regressions, the service graph
/// and release notes.
extension OpenAPIResponseTests {
    @Test("webhook answers: a GitHub push (202), its redelivery and a ping (200), a GitLab and a Bitbucket push (202)")
    func webhookAnswers() async throws {
        let secret = WebhookAPITests.secret
        try await TestServer.make().test { client in
            let document = try await OpenAPITests.document(client)
            for (name, provider) in [("acme/ios-app", "github"), ("acme/gl-app", "gitlab"), ("acme/bb-app", "bitbucket")] {
                _ = try await OpenAPITests.fetch(client, .post, "/api/v1/repositories", json: #"{"name": "\#(name)", "provider": "\#(provider)", "cloneURL": "https://\#(provider).test/\#(name).git", "webhookSecret": "\#(secret)"}"#)
            }
            let push = TestPipelines.githubPush()
            let github = Self.fields([
                "X-GitHub-Event": "push", "X-GitHub-Delivery": "openapi-1",
                "X-Hub-Signature-256": WebhookSigner.hmacSHA256Signature(body: Array(push.utf8), secret: secret),
            ])
            let accepted = try await OpenAPITests.conforming(
                client, document, .post, "/api/v1/webhooks/github", documentedAs: "/api/v1/webhooks/github", status: .accepted, token: nil, json: push, headers: github)
            #expect(accepted["builds"]?.elements?.count == 1)
            let again = try await OpenAPITests.conforming(
                client, document, .post, "/api/v1/webhooks/github", documentedAs: "/api/v1/webhooks/github", status: .ok, token: nil, json: push, headers: github)
            #expect(again == accepted)
            let ping = #"{"zen": "Keep it simple.", "hook_id": 1, "repository": {"full_name": "acme/ios-app"}}"#
            let pinged = Self.fields([
                "X-GitHub-Event": "ping", "X-GitHub-Delivery": "openapi-ping",
                "X-Hub-Signature-256": WebhookSigner.hmacSHA256Signature(body: Array(ping.utf8), secret: secret),
            ])
            try await OpenAPITests.conforming(
                client, document, .post, "/api/v1/webhooks/github", documentedAs: "/api/v1/webhooks/github", status: .ok, token: nil, json: ping, headers: pinged)

            let sha = String(repeating: "2", count: 40)
            let gitlab = #"{"object_kind": "push", "ref": "refs/heads/main", "before": "\#(String(repeating: "0", count: 39))1", "after": "\#(sha)", "checkout_sha": "\#(sha)", "user_username": "dev", "project": {"id": 15, "path_with_namespace": "acme/gl-app", "git_http_url": "https://gitlab.test/acme/gl-app.git"}, "commits": [{"id": "\#(sha)", "message": "gitlab change", "added": [], "modified": ["a.swift"], "removed": []}], "total_commits_count": 1}"#
            let fromGitLab = try await OpenAPITests.conforming(
                client, document, .post, "/api/v1/webhooks/gitlab", documentedAs: "/api/v1/webhooks/gitlab", status: .accepted, token: nil, json: gitlab,
                headers: Self.fields(["X-Gitlab-Event": "Push Hook", "X-Gitlab-Token": secret, "Idempotency-Key": "openapi-gl"]))
            #expect(fromGitLab["builds"]?.elements?.count == 1)

            let bitbucket = #"{"actor": {"display_name": "Dev"}, "repository": {"full_name": "acme/bb-app", "uuid": "{1}"}, "push": {"changes": [{"new": {"type": "branch", "name": "main", "target": {"hash": "\#(sha)", "message": "bb change"}}, "old": {"type": "branch", "name": "main", "target": {"hash": "\#(String(repeating: "3", count: 40))"}}, "created": false, "closed": false}]}}"#
            let signature = WebhookSigner.hmacSHA256Signature(body: Array(bitbucket.utf8), secret: secret)
            let fromBitbucket = try await OpenAPITests.conforming(
                client, document, .post, "/api/v1/webhooks/bitbucket", documentedAs: "/api/v1/webhooks/bitbucket", status: .accepted, token: nil, json: bitbucket,
                headers: Self.fields(["X-Event-Key": "repo:push", "X-Request-UUID": "openapi-bb", "X-Hub-Signature": signature]))
            #expect(fromBitbucket["builds"]?.elements?.count == 1)
        }
    }

    @Test("stored build reports, from anywhere and from an agent's job: new (201) and repeated (200)")
    func storedBuildReports() async throws {
        try await TestServer.make().test { client in
            let document = try await OpenAPITests.document(client)
            let report = MetricsAPITests.report(seconds: 30, ago: 60, id: "openapi-1")
            for status in [HTTPResponse.Status.created, .ok] {
                try await OpenAPITests.conforming(client, document, .post, "/api/v1/metrics/builds", documentedAs: "/api/v1/metrics/builds", status: status, json: report)
            }
            let agent = try await AgentAPITests.registerAgent(client)
            _ = try await AgentAPITests.trigger(client)
            let job = try #require(try await AgentAPITests.next(client, agent: agent))
            let jobID = try #require(job["jobID"] as? Int)
            _ = try await OpenAPITests.fetch(client, .post, "/api/v1/agent/jobs/\(jobID)/start", token: agent)
            let fromJob = #"{"dimensions": {"repository": "agent-guess", "platform": "ios"}, "durationSeconds": 12.5, "outcome": "success", "tasks": [{"name": "App", "outcome": "executed", "durationSeconds": 3}]}"#
            for status in [HTTPResponse.Status.created, .ok] {
                let stored = try await OpenAPITests.conforming(
                    client, document, .post, "/api/v1/agent/jobs/\(jobID)/metrics", documentedAs: "/api/v1/agent/jobs/{id}/metrics", status: status, token: agent, json: fromJob)
                #expect(stored["created"] == .bool(status == .created))
            }
        }
    }

    @Test("a build's test results, and flaky, slowest and regressed tests")
    func testHealth() async throws {
        let start = TestResultsAPITests.start
        try await TestServer.make(clock: ManualClock(at: start), backgroundServices: false).test { client in
            let document = try await OpenAPITests.document(client)
            let agent = try await AgentAPITests.registerAgent(client)
            let failing = try TestRuns.report(xml: TestRuns.gradleXML(rejectsFails: true), finishedAt: start)
            let buildID = try await TestRuns.runBuild(client, agent: agent, testReports: [failing], now: start)
            let results = try await OpenAPITests.conforming(
                client, document, .get, "/api/v1/builds/\(buildID)/tests", documentedAs: "/api/v1/builds/{id}/tests", status: .ok)
            #expect(results["jobs"]?.elements?.contains { $0["tests"]?.elements?.isEmpty == false } == true)

            let day = 86_400.0
            for ago in [10.0, 9, 8] {
                _ = try await MetricsAPITests.post(client, try TestDurationsAPITests.report(["pays": 1.0, "lists": 0.5], finishedAt: start.addingTimeInterval(-ago * day)))
            }
            for (ago, pays) in [(2.0, 2.0), (1, 2.1), (0.1, 1.9)] {
                _ = try await MetricsAPITests.post(client, try TestDurationsAPITests.report(["pays": pays, "lists": 0.52], finishedAt: start.addingTimeInterval(-ago * day)))
            }
            for name in ["flaky", "slowest", "regressed"] {
                let answer = try await OpenAPITests.conforming(
                    client, document, .get, "/api/v1/metrics/tests/\(name)?window=7d", documentedAs: "/api/v1/metrics/tests/\(name)", status: .ok)
                #expect(answer["tests"]?.elements?.isEmpty == false, "\(name)")
            }
        }
    }

    @Test("impact analysis with a selected, a skipped and a run-all file")
    func impact() async throws {
        try await TestServer.make().test { client in
            let document = try await OpenAPITests.document(client)
            let body = #"{"graph": \#(ImpactAPITests.graph), "changedFiles": ["core/Money.swift", "README.md", "ci/config.yml"], "runAll": ["ci/**"]}"#
            let report = try await OpenAPITests.conforming(client, document, .post, "/api/v1/impact", documentedAs: "/api/v1/impact", status: .ok, json: body)
            #expect(report["runAll"]?["reasons"]?.elements?.isEmpty == false)
            let partial = #"{"graph": \#(ImpactAPITests.graph), "changedFiles": ["core/Money.swift", "README.md"]}"#
            let selected = try await OpenAPITests.conforming(client, document, .post, "/api/v1/impact", documentedAs: "/api/v1/impact", status: .ok, json: partial)
            #expect(selected["selected"]?.elements?.isEmpty == false && selected["skipped"]?.elements?.isEmpty == false)
        }
    }

    @Test("cache rates and the metrics summary, grouped, with both windows and the waiting cost priced")
    func cacheAndSummary() async throws {
        try await TestServer.make().test { client in
            let document = try await OpenAPITests.document(client)
            let tasks = #"""
                [{"name": ":app:compileKotlin", "outcome": "executed"}, {"name": ":app:compileKotlin", "outcome": "fromCache", "cacheKind": "remote"},
                 {"name": ":lib:jar", "outcome": "fromCache", "cacheKind": "local"}, {"name": ":lib:test", "outcome": "upToDate"}]
                """#
            let day = 86_400.0
            _ = try await MetricsAPITests.post(client, MetricsAPITests.report(seconds: 10, queue: 2, ago: 3_600, environment: "local", tasks: tasks))
            _ = try await MetricsAPITests.post(client, MetricsAPITests.report(seconds: 20, queue: 1, ago: 2 * day, outcome: "failure"))
            _ = try await MetricsAPITests.post(client, MetricsAPITests.report(seconds: 40, ago: 9 * day))
            let cache = try await OpenAPITests.conforming(client, document, .get, "/api/v1/metrics/cache?window=7d", documentedAs: "/api/v1/metrics/cache", status: .ok)
            #expect(cache["byTask"]?.elements?.isEmpty == false && cache["trend"]?.elements?.isEmpty == false)
            for query in ["window=7d&groupBy=repository&speedup=20", "window=7d"] {
                let summary = try await OpenAPITests.conforming(
                    client, document, .get, "/api/v1/metrics/summary?\(query)", documentedAs: "/api/v1/metrics/summary", status: .ok)
                #expect(summary["groups"]?.elements?.first?["current"]?["run"] != nil, "\(query)")
            }
        }
    }

    @Test("the dashboard, the open regressions and the feed that announces them, with the public URL set")
    func dashboardRegressionsAndFeed() async throws {
        let server = try await TestServer.make(configure: { $0.notifier.publicURL = "https://ci.acme.test" })
        let store = try await server.server.container.resolve((any BuildMetricsStore).self)
        try await server.test { client in
            let document = try await OpenAPITests.document(client)
            _ = try await AgentAPITests.registerAgent(client)
            _ = try await AgentAPITests.trigger(client)
            // Two baseline builds of 100 s, two recent ones of 200 s: a regression with two samples a side.
            for (seconds, ago) in [(100.0, 6 * 86_400.0), (100, 5 * 86_400), (200, 7_200), (200, 3_600)] {
                _ = try await MetricsAPITests.post(client, MetricsAPITests.report(seconds: seconds, ago: ago))
            }
            let opened = try await store.evaluateRegressions(RegressionSettings(duration: RegressionParameters(minimumSamples: 2)), now: DateShift.now)
            #expect(opened.isEmpty == false)
            let dashboard = try await OpenAPITests.conforming(client, document, .get, "/api/v1/dashboard", documentedAs: "/api/v1/dashboard", status: .ok)
            for key in ["recentBuilds", "trends", "regressions"] { #expect(dashboard[key]?.elements?.isEmpty == false, "\(key)") }
            #expect(dashboard["queue"]?["jobs"]?.elements?.isEmpty == false && dashboard["agents"]?["agents"]?.elements?.isEmpty == false)
            let regressions = try await OpenAPITests.conforming(
                client, document, .get, "/api/v1/metrics/regressions", documentedAs: "/api/v1/metrics/regressions", status: .ok)
            #expect(regressions["regressions"]?.elements?.isEmpty == false)
            let feed = try await OpenAPITests.conforming(client, document, .get, "/feed.json", documentedAs: "/feed.json", status: .ok)
            #expect(feed["items"]?.elements?.isEmpty == false && feed["feed_url"] != nil)
        }
    }

    @Test("the service graph as JSON, and release notes from a local clone")
    func graphAndReleaseNotes() async throws {
        let clone = FileManager.default.temporaryDirectory.appendingPathComponent("mobile-ops-openapi-notes-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: clone) }
        try FileManager.default.createDirectory(at: clone, withIntermediateDirectories: true)
        try await ReleaseTrainAPITests.git(["init", "-q", "-b", "main"], in: clone)
        for (index, message) in ["feat: Sign in with passkeys (#12)", "fix: Crash on launch"].enumerated() {
            try "\(index)".write(to: clone.appendingPathComponent("file\(index).txt"), atomically: true, encoding: .utf8)
            try await ReleaseTrainAPITests.git(["add", "."], in: clone)
            try await ReleaseTrainAPITests.git(["-c", "user.name=Dev", "-c", "user.email=dev@acme.test", "commit", "-q", "-m", message], in: clone)
        }
        try await TestServer.make(configure: { ReleaseFiles.install(in: $0, train: nil) }).test { client in
            let document = try await OpenAPITests.document(client)
            let graph = try await OpenAPITests.conforming(client, document, .get, "/api/v1/system/graph", documentedAs: "/api/v1/system/graph", status: .ok)
            #expect(graph["services"]?.elements?.isEmpty == false && graph["edges"]?.elements?.isEmpty == false)
            _ = try await OpenAPITests.fetch(
                client, .post, "/api/v1/repositories", json: #"{"name": "acme/hand", "provider": "github", "cloneURL": "\#(clone.path)", "defaultBranch": "main"}"#)
            _ = try await OpenAPITests.fetch(client, .post, "/api/v1/trains", json: ReleaseTrainAPITests.manualTrain)
            let release = try #require(try await OpenAPITests.fetch(client, .post, "/api/v1/releases", json: #"{"train": "hand-train"}"#).body)
            let notes = try await OpenAPITests.conforming(
                client, document, .get, "/api/v1/releases/\(try Self.integer(release, "id"))/notes", documentedAs: "/api/v1/releases/{id}/notes", status: .ok)
            #expect(notes["pullRequests"]?.elements?.isEmpty == false)
        }
    }

    /// `name: value` header fields.
    static func fields(_ pairs: [String: String]) -> HTTPFields {
        var fields: HTTPFields = [:]
        for (name, value) in pairs {
            if let name = HTTPField.Name(name) { fields[name] = value }
        }
        return fields
    }
}
