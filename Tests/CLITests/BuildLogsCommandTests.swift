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

    /// Registers acme/ios-app and triggers an `ios-pr` build through the CLI; its id.
    static func triggerBuild(_ env: [String: String]) async throws -> Int {
        _ = try await CLIProcess.run(
            ["repos", "add", "acme/ios-app", "--provider", "github", "--clone-url", "https://github.com/acme/ios-app.git"], environment: env)
        let triggered = try await CLIProcess.run(["builds", "trigger", "--pipeline", "ios-pr", "--commit", "abc123", "--json"], environment: env)
        return try #require((try JSONSerialization.jsonObject(with: Data(triggered.stdout.utf8)) as? [String: Any])?["id"] as? Int)
    }

    @Test("logs take the build id; --step and --job pick jobs; --json prints JSON")
    func logsOfABuild() async throws {
        try await LiveServer.runAsAdmin { server, env in
            let build = try await Self.triggerBuild(env)
            try await Self.runJobs(server)

            // Standard output is a pipe here, as in `builds logs 1 > build.log`: each header
            // must still come right above its own job's log.
            let all = try await CLIProcess.run(["builds", "logs", String(build)], environment: env)
            #expect(all.status == 0, "\(all.stderr)")
            #expect(all.stdout.contains("log of resolve"))
            #expect(all.stdout.contains("log of unit-tests"))
            // (The UI-test shards wait for a simulator agent: headers with no log under them.)
            let lines = all.stdout.split(separator: "\n").map(String.init)
            #expect(lines.first?.hasPrefix("── job ") == true, "\(all.stdout)")
            let logs = lines.indices.filter { lines[$0].hasPrefix("log of ") }
            #expect(logs.count == 3, "\(all.stdout)")
            for index in logs {
                #expect(index > 0 && lines[index - 1].hasPrefix("── job ") && lines[index - 1].hasSuffix("(passed)"), "\(all.stdout)")
            }

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

            // The agent's name, times and the list's repository and duration.
            let shown = try await CLIProcess.run(["builds", "show", String(build)], environment: env)
            #expect(shown.status == 0, "\(shown.stderr)")
            #expect(shown.stdout.contains("mac-1"), "the agent by name: \(shown.stdout)")
            #expect(shown.stdout.contains("queued ") && shown.stdout.contains(", ran ") && shown.stdout.contains(", total "), "\(shown.stdout)")
            #expect(shown.stdout.contains("exit 0"))
            let listed = try await CLIProcess.run(["builds", "list"], environment: env)
            let header = try #require(listed.stdout.split(separator: "\n").first)
            #expect(header.contains("REPOSITORY") && header.contains("PR") && header.contains("DURATION"), "\(listed.stdout)")
            let row = try #require(listed.stdout.split(separator: "\n").dropFirst().first)
            #expect(row.contains("acme/ios-app") && row.contains("manual"), "\(listed.stdout)")

            // Watch: a header, then one aligned line per job; each state starts under STATE.
            _ = try await CLIProcess.run(["builds", "cancel", String(build)], environment: env)
            let watched = try await CLIProcess.run(["builds", "watch", String(build)], environment: env)
            #expect(watched.status == 1, "a canceled build: \(watched.stderr)")
            let watchLines = watched.stdout.split(separator: "\n").map(String.init)
            let watchHeader = try #require(watchLines.first)
            #expect(watchHeader.hasPrefix("JOB") && watchHeader.contains("STATE") && watchHeader.contains("AGENT"), "\(watched.stdout)")
            let stateColumn = try #require(watchHeader.range(of: "STATE")).lowerBound.utf16Offset(in: watchHeader)
            #expect(watchLines.count == 9, "the header, 7 jobs, the outcome: \(watched.stdout)")
            for line in watchLines.dropFirst().dropLast() {
                let state = line.dropFirst(stateColumn).prefix { $0 != " " }
                #expect(state == "passed" || state == "canceled", "aligned under STATE: \(watched.stdout)")
            }
            #expect(watchLines.last == "Build \(build) canceled.")
        }
    }

    @Test("logs --follow says why a waiting job waits (on stderr), keeps following, and ends with the job")
    func followWaitingJob() async throws {
        try await LiveServer.runAsAdmin { server, env in
            let build = try await Self.triggerBuild(env)

            // No agent: the job waits. The follower must neither return nor stay silent: it is
            // stopped (124) once it has said why, still running.
            let waiting = try await CLIProcess.runUntil(
                stderrHolds: "waits: no agent is online", ["builds", "logs", String(build), "--step", "resolve", "--follow"], environment: env)
            #expect(waiting.status == 124, "it returned while the job waits: \(waiting.stdout) \(waiting.stderr)")
            #expect(waiting.stderr.contains("waits: no agent is online"), "\(waiting.stderr)")
            #expect(waiting.stdout.isEmpty, "notices stay out of the log: \(waiting.stdout)")

            // Handed to an agent that has not started it (the user's stopped agent): still waiting.
            let registration = try await Self.call(server, .post, "/api/v1/agents/tokens", json: #"{"name": "fleet"}"#)
            let agent = try await Self.call(server, .post, "/api/v1/agents/register", token: try #require(registration["token"] as? String),
                                            json: #"{"name": "mac-1", "tags": {"platform": "ios", "xcode": "16.2"}, "slots": 1}"#)
            let agentToken = try #require(agent["token"] as? String)
            let assigned = try await Self.call(server, .post, "/api/v1/agent/jobs/next?wait=0", token: agentToken)
            #expect(assigned["stepKey"] as? String == "resolve", "\(assigned)")
            let held = try await CLIProcess.runUntil(
                stderrHolds: "waits: handed to agent", ["builds", "logs", String(build), "--step", "resolve", "--follow"], environment: env)
            #expect(held.status == 124, "it returned while the job is assigned: \(held.stdout) \(held.stderr)")
            #expect(held.stderr.contains("waits: handed to agent"), "\(held.stderr)")

            // Once the job ends, so does the follower: the build is canceled, and the agent (this
            // test) hears it when it starts the job and finishes it as canceled.
            async let following = CLIProcess.run(["builds", "logs", String(build), "--step", "resolve", "--follow"], environment: env)
            _ = try await CLIProcess.run(["builds", "cancel", String(build)], environment: env)
            let jobID = try #require(assigned["jobID"] as? Int)
            let started = try await Self.call(server, .post, "/api/v1/agent/jobs/\(jobID)/start", token: agentToken)
            #expect(started["cancel"] as? Bool == true, "\(started)")
            _ = try await Self.call(
                server, .post, "/api/v1/agent/jobs/\(jobID)/finish", token: agentToken,
                json: #"{"state": "canceled", "commandDurations": []}"#)
            let ended = try await following
            #expect(ended.status == 0, "\(ended.stderr)")
        }
    }
}
