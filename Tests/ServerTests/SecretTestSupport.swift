import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing
@testable import Server

/// What the secrets tests share: a pipeline whose step lists secrets, and calls to set secrets
/// and to fetch a job's as its agent does.
enum SecretTestSupport {
    /// Pushes to any branch, pull requests into main and manual runs; `sign` lists secrets,
    /// `lint` none. Both on agents tagged `platform=signer`, which the other test pipelines
    /// never use.
    static let pipeline = """
        name: signing
        triggers:
          push:
            branches: ["**"]
          pull_request:
            branches: [main]
          manual: true
        steps:
          - key: sign
            command: ./gradlew bundleRelease
            agents:
              platform: signer
            secrets: [ANDROID_KEYSTORE, STORE_PASSWORD, SIGNING_ONLY, NIGHTLY_ONLY, MISSING]
          - key: lint
            command: ./gradlew lint
            agents:
              platform: signer
        """

    /// The keystore's bytes: binary, with bytes no text holds.
    static let keystore: [UInt8] = [0xFE, 0xED, 0xFE, 0xED, 0x00, 0x00, 0x00, 0x02] + Array("keystore-body-0123456789".utf8) + [0xFF, 0x00]
    /// Values distinct enough to search for anywhere.
    static let storePassword = "store-password-Q7v9Zr2m"
    static let signingOnly = "pipeline-own-value-K3p8"
    static let sharedValue = "shared-value-Wx4n6Ty1"
    static let nightly = "nightly-value-Hb5s2Lq0"
    static let unlisted = "unlisted-value-Rc8d1Vp7"

    /// Every value the tests set, in clear.
    static var values: [String] { [storePassword, signingOnly, sharedValue, nightly, unlisted] }

    /// A server with the signing pipeline.
    static func server(postgres: Bool = false, logs: RecordedLogs? = nil, configure: @escaping (inout ServerConfiguration) -> Void = { _ in }) async throws -> TestServer {
        try await TestServer.make(postgres: postgres, logs: logs, configure: {
            try? Self.pipeline.write(toFile: $0.pipelinesPath + "/signing.yml", atomically: true, encoding: .utf8)
            configure(&$0)
        })
    }

    /// Sets a secret over the API with the admin token.
    @discardableResult
    static func set(
        _ client: some TestClientProtocol, repository: Int, _ name: String, bytes: [UInt8], kind: String = "env", pipeline: String? = nil,
        branches: [String]? = nil, pullRequests: Bool = false, token: String = TestServer.adminToken
    ) async throws -> (status: HTTPResponse.Status, body: [String: Any], headers: HTTPFields) {
        var fields: [String: Any] = ["value": Data(bytes).base64EncodedString(), "kind": kind, "pullRequests": pullRequests]
        if let pipeline { fields["pipeline"] = pipeline }
        if let branches { fields["branches"] = branches }
        let json = String(decoding: try JSONSerialization.data(withJSONObject: fields), as: UTF8.self)
        return try await client.send(.put, "/api/v1/repositories/\(repository)/secrets/\(name)", token: token, json: json)
    }

    /// Sets every secret the scoping tests use on repository `id`.
    static func setAll(_ client: some TestClientProtocol, repository id: Int) async throws {
        let answers = [
            try await set(client, repository: id, "ANDROID_KEYSTORE", bytes: keystore, kind: "file", branches: ["main", "release/*"]),
            try await set(client, repository: id, "STORE_PASSWORD", bytes: Array(storePassword.utf8), pullRequests: true),
            try await set(client, repository: id, "SIGNING_ONLY", bytes: Array(sharedValue.utf8)),
            try await set(client, repository: id, "SIGNING_ONLY", bytes: Array(signingOnly.utf8), pipeline: "signing"),
            try await set(client, repository: id, "NIGHTLY_ONLY", bytes: Array(nightly.utf8), pipeline: "nightly"),
            try await set(client, repository: id, "UNLISTED", bytes: Array(unlisted.utf8)),
        ]
        #expect(answers.map(\.status) == Array(repeating: .created, count: 6), "\(answers.map(\.body))")
    }

    /// Registers an agent tagged `platform=signer` that runs two jobs at once.
    static func registerSigner(_ client: some TestClientProtocol, name: String = "signer-1") async throws -> String {
        let token = try await client.send(.post, "/api/v1/agents/tokens", json: #"{"name": "\#(name)-fleet"}"#)
        let registrationToken = try #require(token.body["token"] as? String)
        let registered = try await client.send(
            .post, "/api/v1/agents/register", token: registrationToken, json: #"{"name": "\#(name)", "tags": {"platform": "signer"}, "slots": 2}"#)
        return try #require(registered.body["token"] as? String)
    }

    /// Claims and starts every job `agent` can get now, by step key.
    static func startJobs(_ client: some TestClientProtocol, agent: String) async throws -> [String: Int] {
        var jobs: [String: Int] = [:]
        while let job = try await AgentAPITests.next(client, agent: agent) {
            let id = try #require(job["jobID"] as? Int)
            jobs[job["stepKey"] as? String ?? "?"] = id
            #expect(try await client.send(.post, "/api/v1/agent/jobs/\(id)/start", token: agent).status == .ok)
        }
        return jobs
    }

    /// Finishes jobs as passed.
    static func finish(_ client: some TestClientProtocol, agent: String, jobs: [String: Int]) async throws {
        for id in jobs.values {
            _ = try await client.send(.post, "/api/v1/agent/jobs/\(id)/finish", token: agent, json: #"{"state": "passed", "exitStatus": 0, "commandDurations": []}"#)
        }
    }

    /// A job's secrets as its agent fetches them: given name → (kind, bytes), denied name → reason.
    static func fetch(_ client: some TestClientProtocol, agent: String, job: Int) async throws -> (status: HTTPResponse.Status, given: [String: (kind: String, value: [UInt8])], denied: [String: String], text: String) {
        try await client.execute(uri: "/api/v1/agent/jobs/\(job)/secrets", method: .post, headers: [.authorization: "Bearer \(agent)"]) { response in
            let text = String(buffer: response.body)
            let object = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] ?? [:]
            var given: [String: (kind: String, value: [UInt8])] = [:]
            for value in object["given"] as? [[String: Any]] ?? [] {
                given[value["name"] as? String ?? "?"] = (value["kind"] as? String ?? "?", Array(Data(base64Encoded: value["value"] as? String ?? "") ?? Data()))
            }
            var denied: [String: String] = [:]
            for denial in object["denied"] as? [[String: Any]] ?? [] { denied[denial["name"] as? String ?? "?"] = denial["reason"] as? String }
            return (response.status, given, denied, text)
        }
    }

    /// A GitHub pull request #`number` from `feature/login` into main of acme/ios-app; `head`
    /// is the head repository's JSON (the same repository, a fork, or `null` once deleted).
    static func pullRequest(number: Int, head: String, sha: String) -> String {
        #"""
        {"action": "opened", "number": \#(number),
         "pull_request": {"number": \#(number), "title": "Sign", "draft": false, "merged": false, "merged_at": null,
           "html_url": "https://github.com/acme/ios-app/pull/\#(number)", "user": {"login": "dev"},
           "head": {"ref": "feature/login", "sha": "\#(sha)", "repo": \#(head)},
           "base": {"ref": "main", "sha": "\#(String(repeating: "b", count: 40))",
             "repo": {"id": 3000000001, "full_name": "acme/ios-app", "clone_url": "https://github.com/acme/ios-app.git"}}},
         "repository": {"id": 3000000001, "full_name": "acme/ios-app", "clone_url": "https://github.com/acme/ios-app.git"},
         "sender": {"login": "dev"}}
        """#
    }

    /// The head repository of a same-repository pull request, of a fork's, and of a deleted fork's.
    static let sameRepository = #"{"id": 3000000001, "full_name": "acme/ios-app", "clone_url": "https://github.com/acme/ios-app.git"}"#
    static let fork = #"{"id": 7000000002, "full_name": "contributor/ios-app", "clone_url": "https://github.com/contributor/ios-app.git"}"#
    static let deletedFork = "null"

    /// The id of the build of the signing pipeline among a delivery's builds.
    static func signingBuild(_ client: some TestClientProtocol, in delivery: [String: Any]) async throws -> Int? {
        for id in delivery["builds"] as? [Int] ?? [] {
            if try await client.send(.get, "/api/v1/builds/\(id)").body["pipeline"] as? String == "signing" { return id }
        }
        return nil
    }
}
