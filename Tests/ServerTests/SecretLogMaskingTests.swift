import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing
@testable import Server

/// The server masks again, in what it stores of a job's log, the values given to the job:
/// whole, split between two chunks, in base64; whatever the agent did.
@Suite("The server masks secrets in stored logs")
struct SecretLogMaskingTests {
    typealias S = SecretTestSupport

    /// Posts one log chunk as the job's agent.
    static func log(_ client: some TestClientProtocol, agent: String, job: Int, sequence: Int, _ text: String) async throws -> HTTPResponse.Status {
        try await client.execute(
            uri: "/api/v1/agent/jobs/\(job)/log", method: .post,
            headers: [.authorization: "Bearer \(agent)", HTTPField.Name("X-Log-Sequence")!: "\(sequence)"],
            body: ByteBuffer(string: text)
        ) { $0.status }
    }

    /// The job's stored log.
    static func stored(_ client: some TestClientProtocol, job: Int) async throws -> String {
        try await client.execute(uri: "/api/v1/jobs/\(job)/log", method: .get, headers: [.authorization: "Bearer \(TestServer.adminToken)"]) {
            String(buffer: $0.body)
        }
    }

    /// A value URLs and forms escape: `@`, `/`, a space and `+`.
    static let urlValue = "p@ss/w rd+Z9k2"

    @Test("a given value printed whole, split over two chunks, in base64, percent- or form-encoded is stored as ***, also when the agent logged before fetching; a repeated chunk changes nothing; no value reaches the server's log")
    func storedMasked() async throws {
        let logs = RecordedLogs()
        try await S.server(logs: logs).test { client in
            try await WebhookAPITests.register(client)
            try await S.setAll(client, repository: 1)
            // The step lists MISSING, which the scoping tests leave unset.
            #expect(try await S.set(client, repository: 1, "MISSING", bytes: Array(Self.urlValue.utf8)).status == .created)
            let agent = try await S.registerSigner(client)
            _ = try await client.send(.post, "/api/v1/builds", json: #"{"pipeline": "signing", "repository": "acme/ios-app", "branch": "main", "commit": "abc123"}"#)
            let jobs = try await S.startJobs(client, agent: agent)
            let sign = try #require(jobs["sign"])
            let password = S.storePassword
            let cut = password.index(password.startIndex, offsetBy: 7)
            // Before the fetch: the server works out the job's values itself.
            #expect(try await Self.log(client, agent: agent, job: sign, sequence: 0, "early \(password)\n") == .ok)
            #expect(try await S.fetch(client, agent: agent, job: sign).given.count == 4)
            #expect(try await Self.log(client, agent: agent, job: sign, sequence: 1, "split \(password[..<cut])") == .ok)
            #expect(try await Self.log(client, agent: agent, job: sign, sequence: 2, "\(password[cut...]) end\n") == .ok)
            #expect(try await Self.log(client, agent: agent, job: sign, sequence: 2, "\(password[cut...]) end\n") == .ok, "a chunk sent again")
            let encoded = Data(S.signingOnly.utf8).base64EncodedString()
            let urlText = "url https://ci:p%40ss%2Fw%20rd%2BZ9k2@host form p%40ss%2Fw+rd%2BZ9k2&x=1"
            #expect(try await Self.log(client, agent: agent, job: sign, sequence: 3, "base64 \(encoded) \(urlText)\n") == .ok)
            #expect(try await Self.log(client, agent: agent, job: sign, sequence: 4, "tail \(password.prefix(5))") == .ok)
            let finished = try await client.send(.post, "/api/v1/agent/jobs/\(sign)/finish", token: agent, json: #"{"state": "passed", "exitStatus": 0, "commandDurations": []}"#)
            #expect(finished.status == .ok)

            let text = try await Self.stored(client, job: sign)
            #expect(text == "early ***\nsplit *** end\nbase64 *** url https://ci:***@host form ***&x=1\ntail \(password.prefix(5))", "\(text)")
            for value in S.values + [encoded, Self.urlValue] { #expect(!text.contains(value)) }
            for value in S.values + [Self.urlValue] { #expect(logs.all.filter { $0.contains(value) } == [], "the server's own log at trace") }
        }
    }

    @Test("a chunk and a finish from an agent that does not hold the job, and a second fetch of the secrets, between the two halves of a value leave the holder's masking as it was")
    func holdersMaskingSurvives() async throws {
        try await S.server().test { client in
            try await WebhookAPITests.register(client)
            try await S.setAll(client, repository: 1)
            let agent = try await S.registerSigner(client)
            let intruder = try await S.registerSigner(client, name: "signer-2")
            _ = try await client.send(.post, "/api/v1/builds", json: #"{"pipeline": "signing", "repository": "acme/ios-app", "branch": "main", "commit": "abc123"}"#)
            let jobs = try await S.startJobs(client, agent: agent)
            let sign = try #require(jobs["sign"])
            let password = S.storePassword
            let cut = password.index(password.startIndex, offsetBy: 7)
            #expect(try await S.fetch(client, agent: agent, job: sign).given.count == 3)
            #expect(try await Self.log(client, agent: agent, job: sign, sequence: 0, "split \(password[..<cut])") == .ok)
            #expect(try await Self.log(client, agent: intruder, job: sign, sequence: 1, "intruder\n") == .conflict, "not its job")
            let intruderFinish = try await client.send(.post, "/api/v1/agent/jobs/\(sign)/finish", token: intruder, json: #"{"state": "passed", "exitStatus": 0, "commandDurations": []}"#)
            #expect(intruderFinish.status == .conflict, "nor its finish")
            #expect(try await S.fetch(client, agent: agent, job: sign).given.count == 3, "a retried fetch")
            #expect(try await Self.log(client, agent: agent, job: sign, sequence: 1, "\(password[cut...]) end\n") == .ok)
            let finished = try await client.send(.post, "/api/v1/agent/jobs/\(sign)/finish", token: agent, json: #"{"state": "passed", "exitStatus": 0, "commandDurations": []}"#)
            #expect(finished.status == .ok)
            let text = try await Self.stored(client, job: sign)
            #expect(text == "split *** end\n", "\(text)")
        }
    }
}
