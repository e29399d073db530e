import Core
import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
@testable import Server

@Suite("Analysers' findings over HTTP")
struct FindingsAPITests {
    /// 2026-03-10T12:00:00Z: builds and trends are measured from this clock.
    static let start = Date(timeIntervalSince1970: 1_773_144_000)

    /// A SwiftLint `--reporter json` report, as SwiftLint writes it (absolute paths).
    static func swiftLint(_ violations: [(rule: String, severity: String, line: Int)]) -> String {
        let entries = violations.map { violation in
            #"{"character": 5, "file": "/Users/ci/work/ios-app/Sources/App/Login.swift", "line": \#(violation.line), "reason": "Violation of \#(violation.rule)", "rule_id": "\#(violation.rule)", "severity": "\#(violation.severity)", "type": "\#(violation.rule)"}"#
        }
        return "[" + entries.joined(separator: ",\n") + "]"
    }

    static func post(_ client: some TestClientProtocol, build: Int, source: String = "swiftlint", report: String) async throws -> (status: HTTPResponse.Status, body: [String: Any], headers: HTTPFields) {
        try await client.send(.post, "/api/v1/builds/\(build)/findings?source=\(source)&root=/Users/ci/work/ios-app", json: report)
    }

    @Test("a report is stored per source; a build's findings against the previous one: new, unchanged, fixed, and fail_on")
    func compareWithBaseline() async throws {
        let clock = ManualClock(at: Self.start)
        try await TestServer.make(clock: clock, backgroundServices: false).test { client in
            let agent = try await AgentAPITests.registerAgent(client)
            let base = try await TestRuns.runBuild(client, agent: agent, testReports: [], now: clock.now)
            let stored = try await Self.post(client, build: base, report: Self.swiftLint([("line_length", "Warning", 12), ("force_cast", "Error", 30)]))
            #expect(stored.status == .created, "\(stored.body)")
            #expect(stored.body["format"] as? String == "swiftLintJSON" && stored.body["findings"] as? Int == 2)
            #expect(stored.body["levels"] as? [String: Int] == ["warning": 1, "error": 1])
            // Sent again, the same source replaces its findings rather than doubling them.
            #expect(try await Self.post(client, build: base, report: Self.swiftLint([("line_length", "Warning", 12), ("force_cast", "Error", 30)])).status == .created)
            let alone = try await client.send(.get, "/api/v1/builds/\(base)/findings")
            #expect(alone.body["total"] as? Int == 2 && alone.body["newCount"] as? Int == 2 && alone.body["base"] == nil, "\(alone.body)")

            clock.advance(by: 86_400)
            let head = try await TestRuns.runBuild(client, agent: agent, testReports: [], now: clock.now)
            // force_cast moved down 8 lines (same rule, file and message): not new.
            _ = try await Self.post(client, build: head, report: Self.swiftLint([("force_cast", "Error", 38), ("force_try", "Error", 40)]))
            let compared = try await client.send(.get, "/api/v1/builds/\(head)/findings")
            #expect(compared.status == .ok)
            #expect((compared.body["base"] as? [String: Any])?["buildID"] as? Int == base)
            #expect(compared.body["total"] as? Int == 2 && compared.body["newCount"] as? Int == 1)
            #expect(compared.body["unchanged"] as? Int == 1 && compared.body["fixed"] as? Int == 1)
            let new = try #require(compared.body["new"] as? [[String: Any]])
            #expect(new.map { $0["ruleID"] as? String } == ["force_try"])
            #expect(new.first?["path"] as? String == "Sources/App/Login.swift" && new.first?["line"] as? Int == 40, "\(new)")
            #expect(compared.body["fails"] as? Bool == true && compared.body["failOn"] as? String == "error")
            let never = try await client.send(.get, "/api/v1/builds/\(head)/findings?fail_on=never")
            #expect(never.body["fails"] as? Bool == false)

            clock.advance(by: 60)
            let trend = try await client.send(.get, "/api/v1/metrics/findings?repository=acme/ios-app&window=7d")
            #expect(trend.status == .ok, "\(trend.body)")
            let rows = try #require(trend.body["rows"] as? [[String: Any]])
            // Per day, then tool and rule: two rules on each of two days.
            #expect(rows.map { $0["ruleID"] as? String } == ["force_cast", "line_length", "force_cast", "force_try"], "\(rows)")
            let growing = try #require(trend.body["growing"] as? [[String: Any]])
            #expect(growing.map { $0["ruleID"] as? String } == ["force_try"])
            #expect(growing.first?["first"] as? Int == 0 && growing.first?["last"] as? Int == 1)
        }
    }

    @Test("bad requests: a malformed report, an unknown format, an unknown build, a bad source or fail_on, a missing or unknown repository")
    func refusals() async throws {
        try await TestServer.make(backgroundServices: false).test { client in
            let agent = try await AgentAPITests.registerAgent(client)
            let build = try await TestRuns.runBuild(client, agent: agent, testReports: [], now: Date())
            let truncated = try await Self.post(client, build: build, report: #"{"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "CodeQL""#)
            #expect(truncated.status == .badRequest && truncated.body.errorCode == "invalid_report", "\(truncated.body)")
            let unknown = try await Self.post(client, build: build, report: #"{"hello": "world"}"#)
            #expect(unknown.status == .badRequest && unknown.body.errorCode == "invalid_report")
            #expect(try await Self.post(client, build: 999, report: Self.swiftLint([])).status == .notFound)
            let control = try await client.send(.post, "/api/v1/builds/\(build)/findings?source=%01", json: Self.swiftLint([]))
            #expect(control.status == .badRequest && control.body.errorCode == "invalid_source")
            let relative = try await client.send(.post, "/api/v1/builds/\(build)/findings?root=work/app", json: Self.swiftLint([]))
            #expect(relative.status == .badRequest && relative.body.errorCode == "invalid_root")
            let failOn = try await client.send(.get, "/api/v1/builds/\(build)/findings?fail_on=sometimes")
            #expect(failOn.status == .badRequest && failOn.body.errorCode == "invalid_fail_on")
            #expect(try await client.send(.get, "/api/v1/builds/999/findings").status == .notFound)
            let missing = try await client.send(.get, "/api/v1/metrics/findings")
            #expect(missing.status == .badRequest && missing.body.errorCode == "missing_repository")
            #expect(try await client.send(.get, "/api/v1/metrics/findings?repository=acme/nothing").status == .notFound)
            // A read token may look, not store.
            #expect(try await client.send(.get, "/api/v1/builds/\(build)/findings").status == .ok)
        }
    }
}
