import Foundation
import GitHosts
import HTTPTypes
import HummingbirdTesting
import Notifications
import Testing
@testable import Server

@Suite("Commit statuses from the running server")
struct CommitStatusFlowTests {
    @Test("a pushed build's status reaches the git host, retried after the host first fails")
    func statusReachesFakeGitHub() async throws {
        let github = FakeGitHubStatuses(failures: 1)
        try await github.run { baseURL in
            let server = try await TestServer.make(configure: {
                $0.notifier = NotifierConfiguration(githubAPIURL: baseURL, githubToken: "gh-test-token")
            })
            defer { try? FileManager.default.removeItem(at: server.directory) }
            // `.live` runs the whole application, background services included.
            try await server.server.makeApplication().test(.live) { client in
                try await WebhookAPITests.register(client)
                let delivery = try await WebhookAPITests.deliver(client, TestPipelines.githubPush())
                #expect(delivery.status == .accepted)

                let deadline = ContinuousClock.now + .seconds(40)
                while ContinuousClock.now < deadline, !github.requests.contains(where: { $0.status == 201 }) {
                    try await Task.sleep(for: .milliseconds(200))
                }
                let requests = github.requests
                #expect(requests.first?.status == 500)
                let delivered = try #require(requests.first { $0.status == 201 })
                #expect(delivered.path == "/repos/acme/ios-app/statuses/\(String(repeating: "1", count: 40))")
                #expect(delivered.authorization == "Bearer gh-test-token")
                #expect(delivered.state == "pending")
                #expect(delivered.context == "mobile-ops/app-ci")

                let outbox = try await client.send(.get, "/api/v1/outbox")
                #expect(outbox.status == .ok)
                #expect(outbox.body["dead"] as? Int == 0)
            }
        }
    }
}
