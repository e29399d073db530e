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

    @Test("a given value printed whole, split over two chunks, in base64 or percent-encoded is stored as ***, also when the agent logged before fetching; a repeated chunk changes nothing")
    func storedMasked() async throws {
        try await S.server().test { client in
            try await WebhookAPITests.register(client)
            try await S.setAll(client, repository: 1)
            let agent = try await S.registerSigner(client)
            _ = try await client.send(.post, "/api/v1/builds", json: #"{"pipeline": "signing", "repository": "acme/ios-app", "branch": "main", "commit": "abc123"}"#)
            let jobs = try await S.startJobs(client, agent: agent)
            let sign = try #require(jobs["sign"])
            let password = S.storePassword
            let cut = password.index(password.startIndex, offsetBy: 7)
            // Before the fetch: the server works out the job's values itself.
            #expect(try await Self.log(client, agent: agent, job: sign, sequence: 0, "early \(password)\n") == .ok)
            #expect(try await S.fetch(client, agent: agent, job: sign).given.count == 3)
            #expect(try await Self.log(client, agent: agent, job: sign, sequence: 1, "split \(password[..<cut])") == .ok)
            #expect(try await Self.log(client, agent: agent, job: sign, sequence: 2, "\(password[cut...]) end\n") == .ok)
            #expect(try await Self.log(client, agent: agent, job: sign, sequence: 2, "\(password[cut...]) end\n") == .ok, "a chunk sent again")
            let encoded = Data(S.signingOnly.utf8).base64EncodedString()
            #expect(try await Self.log(client, agent: agent, job: sign, sequence: 3, "base64 \(encoded) url store-password-Q7v9Zr2m%0A\n") == .ok)
            #expect(try await Self.log(client, agent: agent, job: sign, sequence: 4, "tail \(password.prefix(5))") == .ok)
            let finished = try await client.send(.post, "/api/v1/agent/jobs/\(sign)/finish", token: agent, json: #"{"state": "passed", "exitStatus": 0, "commandDurations": []}"#)
            #expect(finished.status == .ok)

            let text = try await Self.stored(client, job: sign)
            #expect(text == "early ***\nsplit *** end\nbase64 *** url ***%0A\ntail \(password.prefix(5))", "\(text)")
            for value in S.values + [encoded] { #expect(!text.contains(value)) }
        }
    }
}
