import Core
import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
@testable import Server

extension OpenAPIRequestTests {
    /// One report's findings as the agent encodes them.
    static func jobFindings(source: String = "build/detekt.sarif", failOn: String = "warning") -> JobFindings {
        JobFindings(source: source, format: "sarif", failOn: failOn, findings: [
            .init(tool: "detekt", ruleID: "MagicNumber", level: "error", message: "Magic number 42\n\tin answer()", path: "app/src/Main.kt", line: 3,
                  fingerprint: String(repeating: "0a", count: 32)),
            .init(tool: "detekt", ruleID: "TooManyFunctions", level: "warning", message: "", path: nil, line: nil, fingerprint: String(repeating: "b", count: 64)),
        ])
    }

    @Test("an agent's findings, with and without a baseline, and the bodies the route refuses")
    func agentFindings() async throws {
        try await TestServer.make(backgroundServices: false).test { client in
            let document = try await OpenAPITests.document(client)
            let agent = try await AgentAPITests.registerAgent(client)
            let body = try Self.json(Self.jobFindings())
            var answers: [JSONValue] = []
            for _ in 0..<2 {
                try await Self.startBuild(client)
                let job = try #require(try await OpenAPITests.fetch(client, .post, "/api/v1/agent/jobs/next?wait=0", token: agent).body)
                let uri = "/api/v1/agent/jobs/\(try OpenAPIResponseTests.integer(job, "jobID"))"
                _ = try await OpenAPITests.fetch(client, .post, uri + "/start", token: agent)
                answers.append(try await Self.accepted(
                    client, document, .post, uri + "/findings", documentedAs: "/api/v1/agent/jobs/{id}/findings", status: .ok, token: agent, json: body))
                // Every job of the build ends, so the build is finished: the next one's baseline.
                let finished = #"{"state": "passed", "exitStatus": 0, "commandDurations": [1]}"#
                _ = try await OpenAPITests.fetch(client, .post, uri + "/finish", token: agent, json: finished)
                while let next = try await OpenAPITests.fetch(client, .post, "/api/v1/agent/jobs/next?wait=0", token: agent).body {
                    let other = "/api/v1/agent/jobs/\(try OpenAPIResponseTests.integer(next, "jobID"))"
                    _ = try await OpenAPITests.fetch(client, .post, other + "/start", token: agent)
                    _ = try await OpenAPITests.fetch(client, .post, other + "/finish", token: agent, json: finished)
                }
            }
            #expect(answers.first?["base"] == nil && answers.first?["fails"] == .bool(true))
            #expect(answers.last?["base"]?["number"] == .int(1) && answers.last?["newCount"] == .int(0), "\(answers)")

            try await Self.startBuild(client)
            let job = try #require(try await OpenAPITests.fetch(client, .post, "/api/v1/agent/jobs/next?wait=0", token: agent).body)
            let uri = "/api/v1/agent/jobs/\(try OpenAPIResponseTests.integer(job, "jobID"))"
            _ = try await OpenAPITests.fetch(client, .post, uri + "/start", token: agent)
            var badLevel = Self.jobFindings()
            badLevel.findings[0].level = "fatal"
            var badFingerprint = Self.jobFindings()
            badFingerprint.findings[1].fingerprint = "fp-1"
            var emptyPath = Self.jobFindings()
            emptyPath.findings[0].path = ""
            var lineZero = Self.jobFindings()
            lineZero.findings[0].line = 0
            var absolutePath = Self.jobFindings()
            absolutePath.findings[0].path = "/etc/shadow"
            let refused = [
                try Self.json(badLevel), try Self.json(badFingerprint), try Self.json(emptyPath), try Self.json(lineZero), try Self.json(absolutePath),
                try Self.json(Self.jobFindings(source: "/work/app/detekt.sarif")), try Self.json(Self.jobFindings(failOn: "sometimes")),
                #"{"source": "a.sarif", "format": "pmd", "failOn": "error", "findings": []}"#,
                #"{"source": "a.sarif", "format": "sarif", "failOn": "error"}"#,
            ]
            for json in refused {
                try await Self.refused(client, document, .post, uri + "/findings", documentedAs: "/api/v1/agent/jobs/{id}/findings", token: agent, json: json)
            }
        }
    }
}
