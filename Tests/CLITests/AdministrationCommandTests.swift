import Foundation
import HTTPClient
import Testing

/// The commands a new user looked for: repos show/remove/rotate-secret, agents remove,
/// builds list --cursor, audit, artifacts list/download, releases start --version.
@Suite("mobile-ops administration commands")
struct AdministrationCommandTests {
    static func json(_ text: String) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] ?? [:]
    }

    @Test("repos show, rotate-secret and remove; builds list pages with --cursor; audit lists what happened")
    func repositoriesBuildsAudit() async throws {
        try await LiveServer.runAsAdmin { server, env in
            let added = try await CLIProcess.run(
                ["repos", "add", "acme/ios-app", "--provider", "github", "--clone-url", "https://github.com/acme/ios-app.git", "--json"], environment: env)
            let firstSecret = try #require(Self.json(added.stdout)["webhookSecret"] as? String)

            let shown = try await CLIProcess.run(["repos", "show", "acme/ios-app"], environment: env)
            #expect(shown.status == 0, "\(shown.stderr)")
            #expect(shown.stdout.contains("clone URL       https://github.com/acme/ios-app.git"))
            let rotated = try await CLIProcess.run(["repos", "rotate-secret", "acme/ios-app", "--json"], environment: env)
            let secret = try #require(Self.json(rotated.stdout)["webhookSecret"] as? String, "\(rotated.stderr)")
            #expect(secret != firstSecret)

            for _ in 0..<3 {
                let triggered = try await CLIProcess.run(["builds", "trigger", "--pipeline", "ios-pr", "--commit", "abc123"], environment: env)
                #expect(triggered.status == 0, "\(triggered.stderr)")
            }
            let page = try await CLIProcess.run(["builds", "list", "--limit", "2"], environment: env)
            #expect(page.stdout.contains("More: mobile-ops builds list --cursor 2"), "\(page.stdout)")
            let next = try await CLIProcess.run(["builds", "list", "--limit", "2", "--cursor", "2", "--json"], environment: env)
            let builds = Self.json(next.stdout)["builds"] as? [[String: Any]]
            #expect(builds?.compactMap { $0["id"] as? Int } == [1])

            let busy = try await CLIProcess.run(["repos", "remove", "acme/ios-app"], environment: env)
            #expect(busy.status == 1)
            #expect(busy.stderr.contains("unfinished build"), "\(busy.stderr)")
            for id in 1...3 { _ = try await CLIProcess.run(["builds", "cancel", String(id)], environment: env) }
            let removed = try await CLIProcess.run(["repos", "remove", "acme/ios-app"], environment: env)
            #expect(removed.status == 0, "\(removed.stderr)")
            #expect((try await CLIProcess.run(["repos", "show", "acme/ios-app"], environment: env)).status == 1)

            let audit = try await CLIProcess.run(["audit", "--limit", "100"], environment: env)
            #expect(audit.status == 0, "\(audit.stderr)")
            #expect(audit.stdout.contains("repository.rotate_secret"))
            #expect(audit.stdout.contains("repository.remove"))
            let auditJSON = try await CLIProcess.run(["audit", "--json"], environment: env)
            #expect(Self.json(auditJSON.stdout)["events"] is [Any])
        }
    }

    @Test("agents remove refuses an online agent and removes a revoked one; artifacts list and download; releases start --version")
    func agentsArtifactsReleases() async throws {
        try await LiveServer.runAsAdmin { server, env in
            _ = try await CLIProcess.run(
                ["repos", "add", "acme/ios-app", "--provider", "github", "--clone-url", "https://github.com/acme/ios-app.git"], environment: env)
            let triggered = try await CLIProcess.run(["builds", "trigger", "--pipeline", "ios-pr", "--commit", "abc123", "--json"], environment: env)
            let build = try #require(Self.json(triggered.stdout)["id"] as? Int)

            let registration = try await BuildLogsCommandTests.call(server, .post, "/api/v1/agents/tokens", json: #"{"name": "fleet"}"#)
            let tokenID = try #require(registration["id"] as? String)
            let token = try #require(registration["token"] as? String)
            let agent = try await BuildLogsCommandTests.call(server, .post, "/api/v1/agents/register", token: token,
                                                            json: #"{"name": "mac-1", "tags": {"platform": "ios", "xcode": "16.2"}, "slots": 1}"#)
            let agentToken = try #require(agent["token"] as? String)
            let agentID = try #require(agent["agentID"] as? Int)
            let job = try await BuildLogsCommandTests.call(server, .post, "/api/v1/agent/jobs/next?wait=0", token: agentToken)
            let jobID = try #require(job["jobID"] as? Int)
            let upload = try await HTTPClient().execute(HTTPClient.Request(
                method: .put, url: server.url + "/api/v1/agent/jobs/\(jobID)/artifacts?path=build/App.ipa",
                headers: ["Authorization": "Bearer \(agentToken)"], body: Array("ipa bytes".utf8)))
            #expect(upload.status == 201, "\(upload.bodyText)")

            let listed = try await CLIProcess.run(["artifacts", "list", String(build)], environment: env)
            #expect(listed.stdout.contains("build/App.ipa"), "\(listed.stdout) \(listed.stderr)")
            let listedJSON = try await CLIProcess.run(["artifacts", "list", String(build), "--json"], environment: env)
            let artifact = try #require((Self.json(listedJSON.stdout)["artifacts"] as? [[String: Any]])?.first)
            let artifactID = try #require(artifact["id"] as? Int)
            let downloaded = try await CLIProcess.run(["artifacts", "download", String(artifactID), "--output", "-"], environment: env)
            #expect(downloaded.stdout == "ipa bytes")

            let online = try await CLIProcess.run(["agents", "remove", String(agentID)], environment: env)
            #expect(online.status == 1)
            #expect(online.stderr.contains("is busy"), "\(online.stderr)")
            _ = try await CLIProcess.run(["agents", "tokens", "revoke", tokenID], environment: env)
            let removed = try await CLIProcess.run(["agents", "remove", String(agentID)], environment: env)
            #expect(removed.status == 0, "\(removed.stderr)")
            let agents = try await CLIProcess.run(["agents", "list", "--json"], environment: env)
            #expect((Self.json(agents.stdout)["agents"] as? [Any])?.isEmpty == true)

            let started = try await CLIProcess.run(["releases", "start", "mobile", "--version", "7.1.0", "--json"], environment: env)
            #expect(started.status == 0, "\(started.stderr)")
            #expect(Self.json(started.stdout)["version"] as? String == "7.1.0")
            let again = try await CLIProcess.run(["releases", "start", "mobile", "--version", "7.1.0"], environment: env)
            #expect(again.status == 1)
            #expect(again.stderr.contains("already has a release 7.1.0"), "\(again.stderr)")
            let bad = try await CLIProcess.run(["releases", "start", "mobile", "--version", "seven"], environment: env)
            #expect(bad.stderr.contains("not a semantic version"), "\(bad.stderr)")
        }
    }
}
