import Foundation
import HTTPClient
import Testing

/// `mobile-ops builds retry --job`, `builds list` by pull request and author, and
/// `outbox retry`, against a live server.
@Suite("mobile-ops retry commands")
struct RetryCommandTests {
    @Test("a failed job runs again in its build; a job of another build is refused; the list filters; an unknown dead message is named")
    func retryJob() async throws {
        try await LiveServer.runAsAdmin { server, env in
            let build = try await BuildLogsCommandTests.triggerBuild(env)
            let registration = try await BuildLogsCommandTests.call(server, .post, "/api/v1/agents/tokens", json: #"{"name": "fleet"}"#)
            let agent = try await BuildLogsCommandTests.call(server, .post, "/api/v1/agents/register", token: try #require(registration["token"] as? String),
                                                             json: #"{"name": "mac-1", "tags": {"platform": "ios", "xcode": "16.2"}, "slots": 1}"#)
            let agentToken = try #require(agent["token"] as? String)
            let job = try #require(try await BuildLogsCommandTests.call(server, .post, "/api/v1/agent/jobs/next?wait=0", token: agentToken)["jobID"] as? Int)
            _ = try await BuildLogsCommandTests.call(server, .post, "/api/v1/agent/jobs/\(job)/start", token: agentToken)
            _ = try await BuildLogsCommandTests.call(server, .post, "/api/v1/agent/jobs/\(job)/finish", token: agentToken,
                                                     json: #"{"state": "failed", "exitStatus": 65, "commandDurations": [0.1]}"#)

            let wrong = try await CLIProcess.run(["builds", "retry", String(build + 1), "--job", String(job)], environment: env)
            #expect(wrong.status != 0 && wrong.stderr.contains("job \(job) belongs to build \(build), not to build \(build + 1)"), "\(wrong.stderr)")
            let retried = try await CLIProcess.run(["builds", "retry", String(build), "--job", String(job)], environment: env)
            #expect(retried.status == 0, "\(retried.stderr)")
            #expect(retried.stdout.contains("runs again in build \(build)") && retried.stdout.contains("attempt 2"), "\(retried.stdout)")
            let again = try await CLIProcess.run(["builds", "retry", String(build), "--job", String(job)], environment: env)
            #expect(again.status != 0 && again.stderr.contains("already run again"), "\(again.stderr)")
            let shown = try await BuildLogsCommandTests.call(server, .get, "/api/v1/builds/\(build)")
            #expect(shown["state"] as? String == "pending", "the build is unfinished again: \(shown)")

            let none = try await CLIProcess.run(["builds", "list", "--pull-request", "5", "--json"], environment: env)
            #expect(((try JSONSerialization.jsonObject(with: Data(none.stdout.utf8)) as? [String: Any])?["builds"] as? [Any])?.count == 0, "\(none.stdout)")
            let mine = try await CLIProcess.run(["builds", "list", "--pipeline", "ios-pr", "--json"], environment: env)
            #expect(((try JSONSerialization.jsonObject(with: Data(mine.stdout.utf8)) as? [String: Any])?["builds"] as? [Any])?.count == 1)
            let invalid = try await CLIProcess.run(["builds", "list", "--pull-request", "0"], environment: env)
            #expect(invalid.status != 0 && invalid.stderr.contains("--pull-request"), "\(invalid.stderr)")

            let unknown = try await CLIProcess.run(["outbox", "retry", "999999"], environment: env)
            #expect(unknown.status != 0 && unknown.stderr.contains("no outbox message with id 999999"), "\(unknown.stderr)")
        }
    }
}
