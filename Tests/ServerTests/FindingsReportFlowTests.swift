import Foundation
import GitHostFakes
import GitHosts
import HTTPTypes
import HummingbirdTesting
import Notifications
import Testing
@testable import Server
import TestSupport

@Suite("Findings reports from the running server")
struct FindingsReportFlowTests {
    static let appToken = "ghs_flow-installation-token"
    static let pullRequestSHA = String(repeating: "2", count: 40)

    /// GitHub's `pull_request` delivery: #7 from `feature/login` at `pullRequestSHA` into `main`.
    static let pullRequest = #"""
        {"action": "opened", "number": 7,
         "pull_request": {"number": 7, "title": "Login", "draft": false, "merged": false, "merged_at": null,
           "html_url": "https://github.com/acme/ios-app/pull/7", "user": {"login": "dev"},
           "head": {"ref": "feature/login", "sha": "\#(pullRequestSHA)",
             "repo": {"id": 3000000001, "full_name": "acme/ios-app", "clone_url": "https://github.com/acme/ios-app.git"}},
           "base": {"ref": "main", "sha": "\#(TestRuns.sha)",
             "repo": {"id": 3000000001, "full_name": "acme/ios-app", "clone_url": "https://github.com/acme/ios-app.git"}}},
         "repository": {"id": 3000000001, "full_name": "acme/ios-app", "clone_url": "https://github.com/acme/ios-app.git"},
         "sender": {"login": "dev"}}
        """#

    @Test("a pull request's finished build gets a check run annotating only the findings its target branch does not have")
    func onlyNewFindingsAnnotated() async throws {
        let github = LoopbackGitHost(FakeGitHubChecks(repository: "acme/ios-app", appToken: Self.appToken))
        try await github.run { baseURL in
            let server = try await TestServer.make(configure: {
                $0.notifier = NotifierConfiguration(githubAPIURL: baseURL, githubToken: Self.appToken, publicURL: "https://ci.example.com")
            })
            defer { try? FileManager.default.removeItem(at: server.directory) }
            try await server.server.makeApplication().test(.live) { client in
                try await WebhookAPITests.register(client)
                let agent = try await AgentAPITests.registerAgent(client)
                // The target branch: a build of main, its report posted by another CI after it ended.
                let base = try await TestRuns.runBuild(client, agent: agent, testReports: [], now: Date())
                let baseReport = FindingsAPITests.swiftLint([("line_length", "Warning", 12), ("force_cast", "Error", 30)])
                #expect(try await FindingsAPITests.post(client, build: base, report: baseReport).status == .created)

                // The pull request: its findings posted while it runs, reported when it finishes.
                let delivery = try await WebhookAPITests.deliver(client, Self.pullRequest, event: "pull_request")
                #expect(delivery.status == .accepted, "\(delivery.body)")
                var pullRequestBuild: Int?
                while let job = try await AgentAPITests.next(client, agent: agent) {
                    let id = try #require(job["jobID"] as? Int)
                    _ = try await client.send(.post, "/api/v1/agent/jobs/\(id)/start", token: agent)
                    if pullRequestBuild == nil {
                        let build = try #require(job["buildID"] as? Int)
                        pullRequestBuild = build
                        // force_cast moved 8 lines down (the same finding); force_try is new.
                        let report = FindingsAPITests.swiftLint([("force_cast", "Error", 38), ("force_try", "Error", 40)])
                        #expect(try await FindingsAPITests.post(client, build: build, report: report).status == .created)
                    }
                    _ = try await client.send(.post, "/api/v1/agent/jobs/\(id)/finish", token: agent, json: #"{"state": "passed", "exitStatus": 0, "commandDurations": [0.1]}"#)
                }
                let build = try #require(pullRequestBuild)

                let deadline = ContinuousClock.now + .seconds(40)
                while ContinuousClock.now < deadline, github.api.runs(named: "mobile-ops/app-ci/findings", on: Self.pullRequestSHA).isEmpty {
                    try await Task.sleep(for: .milliseconds(200))
                }
                let runs = github.api.runs(named: "mobile-ops/app-ci/findings", on: Self.pullRequestSHA)
                #expect(runs.count == 1, "one report for the finish, not one per job or intake")
                let run = try #require(runs.first)
                #expect(run.annotations.map { "\($0.path):\($0.startLine) \($0.title ?? "")" } == ["Sources/App/Login.swift:40 SwiftLint: force_try"])
                #expect(run.conclusion == "failure" && run.title == "1 new finding (1 error)")
                #expect(run.detailsURL == "https://ci.example.com/builds/\(build)")
                #expect(run.summary?.contains("1 new, 1 unchanged, 1 fixed, compared with build \(base) of `main`") == true, "\(run.summary ?? "")")
                #expect(github.api.refusals.isEmpty, "\(github.api.refusals)")

                // The base build's own report went to its commit: everything new there.
                let baseRuns = github.api.runs(named: "mobile-ops/app-ci/findings", on: TestRuns.sha)
                #expect(baseRuns.count == 1 && baseRuns.first?.annotations.count == 2)
                let outbox = try await client.send(.get, "/api/v1/outbox")
                #expect(outbox.body["dead"] as? Int == 0, "\(outbox.body)")
            }
        }
    }
}
