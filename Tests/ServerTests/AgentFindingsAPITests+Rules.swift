import Core
import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
@testable import Server

/// `POST /api/v1/agent/jobs/{id}/findings` keeps the rules a posted report is fitted to, and
/// reads a body only for the agent that holds the job.
extension AgentFindingsAPITests {
    @Test("the rules a posted report is fitted to: escapes, NUL, a line past 32 bits and a path outside the checkout are refused")
    func sameRulesAsPostedReports() async throws {
        try await TestServer.make(backgroundServices: false).test { client in
            let agent = try await AgentAPITests.registerAgent(client)
            _ = try await AgentAPITests.trigger(client)
            let (job, build) = try await Self.startNext(client, agent: agent)
            let good = Self.finding("A", "error", mark: "a")
            let text = "findings[0]: message must be at most 8192 characters, without control characters"
            let outside = "findings[0]: path must be absent or relative to the checkout, without '..'"
            // A NUL is refused where every JSON body is decoded, before the findings' own rules.
            let nul = "field 'findings[0].message' holds a NUL character"
            let cases: [(finding: String, code: String, message: String)] = [
                (good.replacingOccurrences(of: "A here", with: #"\u001b[31mRED"#), "invalid_finding", text),
                (good.replacingOccurrences(of: "A here", with: #"nul\u0000esc"#), "invalid_findings", nul),
                (good.replacingOccurrences(of: #""line": 12"#, with: #""line": 9223372036854775807"#), "invalid_finding", "findings[0]: line must be absent or from 1 to 2147483647"),
                (Self.finding("A", "error", mark: "a", path: "../../../../etc/passwd"), "invalid_finding", outside),
                (Self.finding("A", "error", mark: "a", path: "/etc/shadow"), "invalid_finding", outside),
                (Self.finding("A", "error", mark: "a", path: "app/../../secret"), "invalid_finding", outside),
                (good.replacingOccurrences(of: #""fingerprint""#, with: #""suppression": "dismissed", "fingerprint""#), "invalid_finding",
                 "findings[0]: suppression must be absent or accepted or underReview, not 'dismissed'"),
            ]
            for (finding, code, message) in cases {
                let answer = try await Self.post(client, job: job, agent: agent, Self.body([finding]))
                let said = (answer.body["error"] as? [String: Any])?["message"] as? String ?? ""
                #expect(answer.status == .badRequest && answer.body.errorCode == code && said.hasPrefix(message), "\(finding): \(answer.body)")
            }
            #expect(try await client.send(.get, "/api/v1/builds/\(build)/findings").body["total"] as? Int == 0, "nothing was stored")
            #expect(try await Self.post(client, job: job, agent: agent, Self.body([good])).status == .ok)
            // An accepted suppression is stored, counted apart and never new, so it does not fail the step.
            let silenced = Self.finding("B", "error", mark: "b").replacingOccurrences(of: #""fingerprint""#, with: #""suppression": "accepted", "fingerprint""#)
            let answer = try await Self.post(client, job: job, agent: agent, Self.body([good, silenced], source: "eslint.sarif"))
            #expect(answer.status == .ok && answer.body["suppressed"] as? Int == 1 && answer.body["total"] as? Int == 2, "\(answer.body)")
            #expect((answer.body["new"] as? [[String: Any]])?.map { $0["ruleID"] as? String } == ["A"])
        }
    }

    @Test("a job the agent does not hold is refused before its body is read: 409 even for a body that is not JSON")
    func notHeldBeforeTheBody() async throws {
        try await TestServer.make(backgroundServices: false).test { client in
            let agent = try await AgentAPITests.registerAgent(client)
            _ = try await AgentAPITests.trigger(client)
            let (job, _) = try await Self.startNext(client, agent: agent)
            let other = try await Self.otherAgent(client)
            for (id, token) in [(job, other), (999_999, agent)] {
                let refused = try await Self.post(client, job: id, agent: token, "{")
                #expect(refused.status == .conflict && refused.body.errorCode == "job_not_held", "job \(id): \(refused.body)")
            }
            // The holder's body is read, and refused for what it is.
            let held = try await Self.post(client, job: job, agent: agent, "{")
            #expect(held.status == .badRequest && held.body.errorCode == "invalid_json", "\(held.body)")
        }
    }
}
