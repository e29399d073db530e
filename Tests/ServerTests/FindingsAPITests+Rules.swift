import Core
import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
@testable import Server

/// `POST /api/v1/builds/{id}/findings` keeps the agent route's rules (`StoredFinding.fitted()`,
/// then the same check) and its limits, and refuses what would take the server's memory or time.
extension FindingsAPITests {
    /// Posts `report` for `build` without a `root`, under `source`.
    static func postRaw(_ client: some TestClientProtocol, build: Int, source: String, _ report: String) async throws -> (status: Int, body: [String: Any]) {
        let answer = try await client.send(.post, "/api/v1/builds/\(build)/findings?source=\(source)", json: report)
        return (Int(answer.status.code), answer.body)
    }

    @Test("a posted report is fitted as an agent fits it: escapes and NUL become spaces, a line past 32 bits and a path outside the checkout are dropped")
    func fittedAsAnAgentFitsIt() async throws {
        try await TestServer.make(backgroundServices: false).test { client in
            let agent = try await AgentAPITests.registerAgent(client)
            let build = try await TestRuns.runBuild(client, agent: agent, testReports: [], now: Date())
            func result(_ rule: String, _ message: String, uri: String, line: String) -> String {
                #"{"ruleId":"\#(rule)","message":{"text":"\#(message)"},"locations":[{"physicalLocation":{"artifactLocation":{"uri":"\#(uri)"},"region":{"startLine":\#(line)}}}]}"#
            }
            let results = [
                result("esc", #"\u001b[31mRED"#, uri: "Sources/A.swift", line: "9223372036854775807"),
                result("up", "m", uri: "../../../../etc/passwd", line: "3"),
                result("abs", "m", uri: "file:///etc/shadow", line: "4"),
            ]
            let sarif = #"{"version":"2.1.0","runs":[{"tool":{"driver":{"name":"CodeQL"}},"results":[\#(results.joined(separator: ","))]}]}"#
            let checkstyle = #"""
                <checkstyle><file name="../../../../etc/passwd"><error line="9223372036854775807" message="nul&#0;esc" source="detekt.Nul"/></file>
                <file name="/etc/shadow"><error line="2" message="m" source="detekt.Abs"/></file></checkstyle>
                """#
            for (source, report) in [("sarif", sarif), ("checkstyle", checkstyle)] {
                let stored = try await Self.postRaw(client, build: build, source: source, report)
                #expect(stored.status == 201, "\(source): \(stored.body)")
            }
            let new = try #require(try await client.send(.get, "/api/v1/builds/\(build)/findings").body["new"] as? [[String: Any]])
            var byRule: [String: [String: Any]] = [:]
            for finding in new { byRule[finding["ruleID"] as? String ?? ""] = finding }
            #expect(byRule.count == 5, "\(new)")
            #expect(byRule["esc"]?["message"] as? String == " [31mRED" && byRule["esc"]?["path"] as? String == "Sources/A.swift")
            #expect(byRule["esc"]?["line"] as? Int == nil, "a line past 32 bits is dropped")
            #expect(byRule["Nul"]?["message"] as? String == "nul esc", "NUL becomes a space; the text after it is kept")
            for rule in ["up", "abs", "Nul", "Abs"] {
                #expect(byRule[rule]?["path"] as? String == nil, "\(rule): a path outside the checkout is dropped: \(byRule[rule] ?? [:])")
            }
            #expect(byRule["up"]?["line"] as? Int == 3 && byRule["Abs"]?["line"] as? Int == 2, "the finding is kept, with its line")
        }
    }

    @Test("limits: more than 100,000 findings is refused, a message is cut at 8,192 characters, XML nested past 256 is refused at once", .timeLimit(.minutes(5)))
    func limits() async throws {
        try await TestServer.make(backgroundServices: false).test { client in
            let agent = try await AgentAPITests.registerAgent(client)
            let build = try await TestRuns.runBuild(client, agent: agent, testReports: [], now: Date())
            let errors = String(repeating: #"<error line="1" source="r"/>"#, count: JobFindings.maximumFindings + 1)
            let tooMany = try await Self.postRaw(client, build: build, source: "many", #"<checkstyle><file name="a">\#(errors)</file></checkstyle>"#)
            #expect(tooMany.status == 400 && tooMany.body.errorCode == "too_many_findings", "\(tooMany.body)")
            // A million open elements (3 MB): refused at the 257th level, not read to the end.
            let deep = try await Self.postRaw(client, build: build, source: "deep", "<checkstyle>" + String(repeating: "<a>", count: 1_000_000))
            let reason = (deep.body["error"] as? [String: Any])?["message"] as? String ?? ""
            #expect(deep.status == 400 && deep.body.errorCode == "invalid_report" && reason.contains("elements nest more than 256 deep"), "\(deep.body)")

            let message = String(repeating: "x", count: 20_000)
            let long = try await Self.postRaw(client, build: build, source: "long", #"<checkstyle><file name="a"><error line="1" message="\#(message)" source="r"/></file></checkstyle>"#)
            #expect(long.status == 201, "\(long.body)")
            let compared = try await client.send(.get, "/api/v1/builds/\(build)/findings")
            #expect(compared.body["total"] as? Int == 1, "the refused reports stored nothing")
            let kept = try #require((compared.body["new"] as? [[String: Any]])?.first?["message"] as? String)
            #expect(kept.count == JobFindings.maximumMessageLength && kept.hasSuffix("x…"))
        }
    }
}
