import Core
import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing
@testable import Server

/// `POST /api/v1/agent/jobs/{id}/findings`: the findings a `reports:` step's agent read in its
/// checkout, stored under the job and answered against the target branch.
@Suite("Findings from agents over HTTP")
struct AgentFindingsAPITests {
    /// A finding as the agent sends it; the fingerprint is `mark` repeated to 64 hex digits.
    static func finding(_ rule: String, _ level: String, mark: Character, line: Int? = 12, path: String? = "app/src/Main.kt", tool: String = "detekt") -> String {
        let fingerprint = String(repeating: mark, count: 64)
        let location = (path.map { #""path": "\#($0)", "#} ?? "") + (line.map { #""line": \#($0), "# } ?? "")
        return #"{"tool": "\#(tool)", "ruleID": "\#(rule)", "level": "\#(level)", "message": "\#(rule) here", \#(location)"fingerprint": "\#(fingerprint)"}"#
    }

    static func body(
        _ findings: [String], source: String = "build/detekt.sarif", failOn: String = "error", format: String = "sarif", mergeBase: String? = nil
    ) -> String {
        let mergeBase = mergeBase.map { #", "mergeBase": \#($0)"# } ?? ""
        return #"{"source": "\#(source)", "format": "\#(format)", "failOn": "\#(failOn)", "findings": [\#(findings.joined(separator: ", "))]\#(mergeBase)}"#
    }

    /// A full commit id, for merge bases.
    static let commitA = String(repeating: "a", count: 40)

    /// `count` times ``commitA``, quoted and comma-separated: a JSON array's members.
    static func quotedCommits(_ count: Int) -> String {
        Array(repeating: "\"" + commitA + "\"", count: count).joined(separator: ", ")
    }

    static func post(_ client: some TestClientProtocol, job: Int, agent: String?, _ body: String) async throws -> (status: HTTPResponse.Status, body: [String: Any], headers: HTTPFields) {
        try await client.send(.post, "/api/v1/agent/jobs/\(job)/findings", token: agent, json: body)
    }

    /// A second agent, for the "not held" answers.
    static func otherAgent(_ client: some TestClientProtocol) async throws -> String {
        let token = try #require(try await client.send(.post, "/api/v1/agents/tokens", json: #"{"name": "others"}"#).body["token"] as? String)
        let registered = try await client.send(.post, "/api/v1/agents/register", token: token, json: #"{"name": "mac-2", "tags": {"platform": "ios"}, "slots": 1}"#)
        return try #require(registered.body["token"] as? String)
    }

    /// Takes and starts the next job; its id and build.
    static func startNext(_ client: some TestClientProtocol, agent: String) async throws -> (job: Int, build: Int) {
        let job = try #require(try await AgentAPITests.next(client, agent: agent))
        let id = try #require(job["jobID"] as? Int)
        #expect(try await client.send(.post, "/api/v1/agent/jobs/\(id)/start", token: agent).status == .ok)
        return (id, try #require(job["buildID"] as? Int))
    }

    static func finish(_ client: some TestClientProtocol, job: Int, agent: String) async throws {
        let finished = try await client.send(.post, "/api/v1/agent/jobs/\(job)/finish", token: agent, json: #"{"state": "passed", "exitStatus": 0, "commandDurations": [0.1]}"#)
        #expect(finished.status == .ok, "\(finished.body)")
    }

    @Test("a pull request's report: stored under its job, only what main lacks is new, fail_on decides; posting again replaces")
    func comparedWithTheTargetBranch() async throws {
        try await TestServer.make(backgroundServices: false).test { client in
            try await WebhookAPITests.register(client)
            let agent = try await AgentAPITests.registerAgent(client)

            // main: A (error) and B (warning), sent by the build step's agent.
            #expect(try await client.send(.post, "/api/v1/builds", json: #"{"pipeline": "app-ci", "branch": "main", "commit": "\#(TestRuns.sha)"}"#).status == .created)
            let (baseJob, base) = try await Self.startNext(client, agent: agent)
            let stored = try await Self.post(client, job: baseJob, agent: agent, Self.body([Self.finding("A", "error", mark: "a"), Self.finding("B", "warning", mark: "b")]))
            #expect(stored.status == .ok, "\(stored.body)")
            #expect(stored.body["base"] == nil && stored.body["newCount"] as? Int == 2 && stored.body["fails"] as? Bool == true, "no baseline: everything is new")
            try await Self.finish(client, job: baseJob, agent: agent)
            while let job = try await AgentAPITests.next(client, agent: agent) {
                let id = try #require(job["jobID"] as? Int)
                _ = try await client.send(.post, "/api/v1/agent/jobs/\(id)/start", token: agent)
                try await Self.finish(client, job: id, agent: agent)
            }

            // The pull request: A again, C (error) and D (warning) new, B fixed.
            #expect(try await WebhookAPITests.deliver(client, FindingsReportFlowTests.pullRequest, event: "pull_request").status == .accepted)
            let (job, build) = try await Self.startNext(client, agent: agent)
            let findings = [Self.finding("A", "error", mark: "a", line: 40), Self.finding("C", "error", mark: "c"), Self.finding("D", "warning", mark: "d", line: nil, path: nil)]
            let answer = try await Self.post(client, job: job, agent: agent, Self.body(findings))
            #expect(answer.status == .ok, "\(answer.body)")
            let baseline = try #require(answer.body["base"] as? [String: Any])
            #expect(baseline["buildID"] as? Int == base && baseline["branch"] as? String == "main" && baseline["number"] as? Int == 1, "\(baseline)")
            #expect(answer.body["buildID"] as? Int == build && answer.body["failOn"] as? String == "error" && answer.body["fails"] as? Bool == true)
            #expect(answer.body["total"] as? Int == 3 && answer.body["newCount"] as? Int == 2)
            #expect(answer.body["unchanged"] as? Int == 1 && answer.body["fixed"] as? Int == 1, "\(answer.body)")
            let new = try #require(answer.body["new"] as? [[String: Any]])
            #expect(new.map { $0["ruleID"] as? String } == ["C", "D"])
            #expect(new.first?["path"] as? String == "app/src/Main.kt" && new.first?["line"] as? Int == 12 && new.last?["path"] == nil)
            // What GET answers for the whole build agrees.
            let whole = try await client.send(.get, "/api/v1/builds/\(build)/findings")
            #expect(whole.body["total"] as? Int == 3 && whole.body["newCount"] as? Int == 2 && whole.body["fixed"] as? Int == 1, "\(whole.body)")

            // Only a new warning: fails under warning, not under error or never.
            let onlyWarning = [Self.finding("A", "error", mark: "a"), Self.finding("D", "warning", mark: "d")]
            #expect(try await Self.post(client, job: job, agent: agent, Self.body(onlyWarning)).body["fails"] as? Bool == false)
            #expect(try await Self.post(client, job: job, agent: agent, Self.body(onlyWarning, failOn: "never")).body["fails"] as? Bool == false)
            let warning = try await Self.post(client, job: job, agent: agent, Self.body(onlyWarning, failOn: "warning"))
            #expect(warning.body["fails"] as? Bool == true && warning.body["failOn"] as? String == "warning" && warning.body["total"] as? Int == 2)
            // Each post replaced the report's findings; another report of the job adds its own,
            // and is answered for itself: the detekt report's new error does not fail it.
            #expect(try await client.send(.get, "/api/v1/builds/\(build)/findings").body["total"] as? Int == 2)
            let failing = [Self.finding("A", "error", mark: "a"), Self.finding("C", "error", mark: "c")]
            #expect(try await Self.post(client, job: job, agent: agent, Self.body(failing)).body["fails"] as? Bool == true)
            let swiftLint = try await Self.post(client, job: job, agent: agent, Self.body([Self.finding("E", "note", mark: "e", tool: "SwiftLint")], source: "swiftlint.json", format: "swiftLintJSON"))
            #expect(swiftLint.body["total"] as? Int == 1 && swiftLint.body["newCount"] as? Int == 1 && swiftLint.body["unchanged"] as? Int == 0, "\(swiftLint.body)")
            #expect(swiftLint.body["fails"] as? Bool == false && swiftLint.body["fixed"] as? Int == 0, "\(swiftLint.body)")
            #expect((swiftLint.body["new"] as? [[String: Any]])?.map { $0["ruleID"] as? String } == ["E"])
            #expect(try await client.send(.get, "/api/v1/builds/\(build)/findings").body["total"] as? Int == 3)

            // Only the holder, only while the job runs.
            let other = try await Self.otherAgent(client)
            let notHeld = try await Self.post(client, job: job, agent: other, Self.body([]))
            #expect(notHeld.status == .conflict && notHeld.body.errorCode == "job_not_held")
            #expect(try await Self.post(client, job: 999_999, agent: agent, Self.body([])).body.errorCode == "job_not_held")
            #expect(try await Self.post(client, job: job, agent: nil, Self.body([])).status == .unauthorized)
            #expect(try await Self.post(client, job: job, agent: TestServer.adminToken, Self.body([])).status == .unauthorized, "API tokens are not agents")
            try await Self.finish(client, job: job, agent: agent)
            #expect(try await Self.post(client, job: job, agent: agent, Self.body([])).body.errorCode == "job_not_held")
            #expect(try await client.send(.get, "/api/v1/builds/\(build)/findings").body["total"] as? Int == 3, "refused posts change nothing")
        }
    }

    @Test("bodies the route refuses get 400 with the field at fault, and store nothing")
    func strictBodies() async throws {
        try await TestServer.make(backgroundServices: false).test { client in
            let agent = try await AgentAPITests.registerAgent(client)
            _ = try await AgentAPITests.trigger(client)
            let (job, build) = try await Self.startNext(client, agent: agent)
            let good = Self.finding("A", "error", mark: "a")
            let cases: [(body: String, code: String, message: String)] = [
                ("{", "invalid_json", "not valid JSON"),
                (#"{"source": "a.sarif", "format": "sarif", "failOn": "error"}"#, "invalid_json", "missing field 'findings'"),
                (Self.body([good], source: ""), "invalid_source", "source must be 1 to"),
                (Self.body([good], source: "/work/app/a.sarif"), "invalid_source", "relative to the checkout"),
                (Self.body([good], source: "lint/../../a.sarif"), "invalid_source", "without '..'"),
                (Self.body([good], source: "a\\u0001.sarif"), "invalid_source", "without control characters"),
                (Self.body([good], format: "pmd"), "invalid_format", "format must be one of sarif, checkstyle, androidLint, swiftLintJSON"),
                (Self.body([good], failOn: "sometimes"), "invalid_fail_on", "failOn must be error, warning or never"),
                (Self.body([good, Self.finding("B", "fatal", mark: "b")]), "invalid_finding", "findings[1]: level must be error, warning, note or none, not 'fatal'"),
                (Self.body([good.replacingOccurrences(of: String(repeating: "a", count: 64), with: "")]), "invalid_finding", "findings[0]: fingerprint must be 64 lowercase hex digits"),
                (Self.body([good.replacingOccurrences(of: String(repeating: "a", count: 64), with: String(repeating: "A", count: 64))]), "invalid_finding", "fingerprint must be"),
                (Self.body([good.replacingOccurrences(of: #""tool": "detekt""#, with: #""tool": """#)]), "invalid_finding", "findings[0]: tool must be 1 to 256"),
                // A NUL is refused where every JSON body is decoded, before the route's own checks.
                (Self.body([good.replacingOccurrences(of: #""ruleID": "A""#, with: #""ruleID": "A\u0000""#)]), "invalid_findings", "'findings[0].ruleID' holds a NUL character"),
                (Self.body([good.replacingOccurrences(of: "A here", with: "A\\u0000here")]), "invalid_findings", "'findings[0].message' holds a NUL character"),
                (Self.body([good.replacingOccurrences(of: "A here", with: String(repeating: "x", count: 8_193))]), "invalid_finding", "message must be at most"),
                (Self.body([good.replacingOccurrences(of: #""line": 12"#, with: #""line": 0"#)]), "invalid_finding", "findings[0]: line must be absent or from 1"),
                (Self.body([good.replacingOccurrences(of: #""path": "app/src/Main.kt""#, with: #""path": """#)]), "invalid_finding", "path must be absent or 1 to 4096"),
                (Self.body([good.replacingOccurrences(of: #""level": "error""#, with: #""level": 3"#)]), "invalid_json", "findings.[0].level"),
                (Self.body([good], mergeBase: #"{"commit": "abc123", "firstParents": ["abc123"]}"#), "invalid_merge_base", "mergeBase.commit must be a full commit id"),
                (Self.body([good], mergeBase: #"{"commit": "\#(Self.commitA)", "firstParents": []}"#), "invalid_merge_base", "must start with the merge base itself"),
                (Self.body([good], mergeBase: #"{"commit": "\#(Self.commitA)", "firstParents": ["\#(Self.commitA)", "HEAD~1"]}"#), "invalid_merge_base", "mergeBase.firstParents[1] must be"),
                (Self.body([good], mergeBase: #"{"commit": "\#(Self.commitA)", "firstParents": [\#(Self.quotedCommits(201))]}"#), "invalid_merge_base", "at most 200 commits"),
            ]
            for (body, code, message) in cases {
                let answer = try await Self.post(client, job: job, agent: agent, body)
                let text = (answer.body["error"] as? [String: Any])?["message"] as? String ?? ""
                #expect(answer.status == .badRequest && answer.body.errorCode == code && text.contains(message), "\(body.prefix(200)): \(answer.body)")
            }
            let tooMany = Self.body(Array(repeating: good, count: JobFindings.maximumFindings + 1))
            let refused = try await Self.post(client, job: job, agent: agent, tooMany)
            #expect(refused.status == .badRequest && refused.body.errorCode == "too_many_findings", "\(refused.body)")
            let huge = Self.body([good.replacingOccurrences(of: "A here", with: String(repeating: "x", count: JobFindings.bodyLimit))])
            #expect(try await Self.post(client, job: job, agent: agent, huge).status == .contentTooLarge)
            #expect(try await client.send(.get, "/api/v1/builds/\(build)/findings").body["total"] as? Int == 0)
            // A message at the limit, tabs and line breaks in it, is fine.
            let long = good.replacingOccurrences(of: "A here", with: "line 1\\n\\tline 2" + String(repeating: "x", count: 8_192 - 14))
            #expect(try await Self.post(client, job: job, agent: agent, Self.body([long])).status == .ok)
        }
    }

    @Test("a raw report larger than the server's general body limit, within the route's 32 MiB, is read")
    func rawReportsPastTheGeneralLimit() async throws {
        try await TestServer.make(backgroundServices: false).test { client in
            let agent = try await AgentAPITests.registerAgent(client)
            let build = try await TestRuns.runBuild(client, agent: agent, testReports: [], now: Date())
            let padded = FindingsAPITests.swiftLint([("line_length", "Warning", 12)]) + String(repeating: " ", count: 6 << 20)
            let stored = try await FindingsAPITests.post(client, build: build, report: padded)
            #expect(stored.status == .created && stored.body["findings"] as? Int == 1, "\(stored.body)")
        }
    }
}
