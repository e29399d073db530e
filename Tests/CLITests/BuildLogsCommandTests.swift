import Foundation
import HTTPClient
import Testing

/// `mobile-ops builds logs`: takes a build id like every other `builds` command.
@Suite("mobile-ops builds logs")
struct BuildLogsCommandTests {
    /// One API call to the live server; the JSON answer.
    static func call(_ server: LiveServer, _ method: HTTPMethod, _ path: String, token: String = LiveServer.adminToken, json: String? = nil) async throws -> [String: Any] {
        var headers: HTTPHeaders = ["Authorization": "Bearer \(token)"]
        if json != nil { headers.add(name: "Content-Type", value: "application/json") }
        let response = try await HTTPClient().execute(
            HTTPClient.Request(method: method, url: server.url + path, headers: headers, body: json.map { Array($0.utf8) }))
        return (try? JSONSerialization.jsonObject(with: Data(response.body))) as? [String: Any] ?? ["_status": response.status]
    }

    /// Runs every job of the build on a registered agent, logging "log of <step>".
    static func runJobs(_ server: LiveServer) async throws {
        let registration = try await call(server, .post, "/api/v1/agents/tokens", json: #"{"name": "fleet"}"#)
        let token = try #require(registration["token"] as? String)
        let agent = try await call(server, .post, "/api/v1/agents/register", token: token,
                                   json: #"{"name": "mac-1", "tags": {"platform": "ios", "xcode": "16.2"}, "slots": 1}"#)
        let agentToken = try #require(agent["token"] as? String)
        for _ in 0..<20 {
            let job = try await call(server, .post, "/api/v1/agent/jobs/next?wait=0", token: agentToken)
            guard let id = job["jobID"] as? Int, let step = job["stepKey"] as? String else { return }
            _ = try await call(server, .post, "/api/v1/agent/jobs/\(id)/start", token: agentToken)
            let headers: HTTPHeaders = ["Authorization": "Bearer \(agentToken)", "X-Log-Sequence": "0"]
            _ = try await HTTPClient().execute(HTTPClient.Request(
                method: .post, url: server.url + "/api/v1/agent/jobs/\(id)/log", headers: headers, body: Array("log of \(step)\n".utf8)))
            _ = try await call(server, .post, "/api/v1/agent/jobs/\(id)/finish", token: agentToken,
                               json: #"{"state": "passed", "exitStatus": 0, "commandDurations": [0.1]}"#)
        }
    }

    @Test("logs take the build id; --step and --job pick jobs; --json prints JSON")
    func logsOfABuild() async throws {
        try await LiveServer.run { server in
            let env = ["MOBILE_OPS_SERVER": server.url, "MOBILE_OPS_TOKEN": LiveServer.adminToken]
            _ = try await CLIProcess.run(
                ["repos", "add", "acme/ios-app", "--provider", "github", "--clone-url", "https://github.com/acme/ios-app.git"], environment: env)
            let triggered = try await CLIProcess.run(["builds", "trigger", "--pipeline", "ios-pr", "--commit", "abc123", "--json"], environment: env)
            let build = try #require((try JSONSerialization.jsonObject(with: Data(triggered.stdout.utf8)) as? [String: Any])?["id"] as? Int)
            try await Self.runJobs(server)

            let all = try await CLIProcess.run(["builds", "logs", String(build)], environment: env)
            #expect(all.status == 0, "\(all.stderr)")
            #expect(all.stdout.contains("log of resolve"))
            #expect(all.stdout.contains("log of unit-tests"))

            let step = try await CLIProcess.run(["builds", "logs", String(build), "--step", "resolve"], environment: env)
            #expect(step.stdout == "log of resolve\n")

            let json = try await CLIProcess.run(["builds", "logs", String(build), "--step", "resolve", "--json"], environment: env)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any], "\(json.stdout)")
            #expect(object["build"] as? Int == build)
            let jobs = try #require(object["jobs"] as? [[String: Any]])
            #expect(jobs.count == 1)
            #expect(jobs.first?["log"] as? String == "log of resolve\n")
            let jobID = try #require(jobs.first?["id"] as? Int)

            let one = try await CLIProcess.run(["builds", "logs", String(build), "--job", String(jobID)], environment: env)
            #expect(one.stdout == "log of resolve\n")
            let missing = try await CLIProcess.run(["builds", "logs", String(build), "--step", "nope"], environment: env)
            #expect(missing.status != 0)
            #expect(missing.stderr.contains("has no step 'nope'"))
        }
    }
}
