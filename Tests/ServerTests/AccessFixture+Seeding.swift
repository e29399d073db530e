import Core
import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
@testable import Server

extension AccessFixture {
    /// Seeds the server: tokens of every kind (some revoked), agents, repositories of each
    /// provider, a build with a running job, its log and an artifact, a train and a release.
    static func make(_ client: some TestClientProtocol) async throws -> AccessFixture {
        var fixture = AccessFixture()
        let (read, _) = try await fixture.issue(client, "matrix-read", scope: "read")
        let (write, _) = try await fixture.issue(client, "matrix-write", scope: "write")
        let (admin, _) = try await fixture.issue(client, "matrix-admin", scope: "admin")
        let (revokedAdmin, revokedAdminID) = try await fixture.issue(client, "matrix-revoked", scope: "admin")
        try await fixture.seed(client, .delete, "/api/v1/tokens/\(revokedAdminID)")
        (_, fixture.ids.doomedToken) = try await fixture.issue(client, "matrix-doomed", scope: "read")

        let (registration, _) = try await fixture.registrationToken(client, "matrix-fleet")
        let (revokedRegistration, revokedRegistrationID) = try await fixture.registrationToken(client, "matrix-revoked-fleet")
        (_, fixture.ids.doomedRegistrationToken) = try await fixture.registrationToken(client, "matrix-doomed-fleet")
        let (agent, _) = try await fixture.register(client, "matrix-mac", with: registration)
        let (revokedAgent, revokedAgentID) = try await fixture.register(client, "matrix-revoked-mac", with: revokedRegistration)
        // Revoking the registration token disconnects the agent registered with it.
        try await fixture.seed(client, .delete, "/api/v1/agents/tokens/\(revokedRegistrationID)")
        fixture.ids.doomedAgent = revokedAgentID

        fixture.ids.repository = try await fixture.repository(client, "acme/ios-app", provider: "github", host: "github.com")
        _ = try await fixture.repository(client, "acme/gl-app", provider: "gitlab", host: "gitlab.com")
        _ = try await fixture.repository(client, "acme/bb-app", provider: "bitbucket", host: "bitbucket.org")
        fixture.ids.doomedRepository = try await fixture.repository(client, "acme/doomed", provider: "github", host: "github.com")

        // A secret whose value must never come back: not in any answer, not in the log.
        try await fixture.seed(client, .put, "/api/v1/repositories/\(fixture.ids.repository)/secrets/\(Self.secretName)", json: Self.secretWrite)
        fixture.secrets += [Self.secretValue, Data(Self.secretValue.utf8).base64EncodedString()]

        let build = try await fixture.seed(client, .post, "/api/v1/builds", json: #"{"pipeline": "app-ci", "repository": "acme/ios-app", "branch": "main", "commit": "abc123"}"#)
        fixture.ids.build = try #require(build["id"] as? Int)
        let job = try await fixture.seed(client, .post, "/api/v1/agent/jobs/next?wait=0", token: agent)
        fixture.ids.job = try #require(job["jobID"] as? Int)
        try await fixture.seed(client, .post, "/api/v1/agent/jobs/\(fixture.ids.job)/start", token: agent)
        try await fixture.seed(client, .post, "/api/v1/agent/jobs/\(fixture.ids.job)/log", json: "seeded line\n", token: agent, headers: [.logSequence: "0"])
        let artifact = try await fixture.seed(
            client, .put, "/api/v1/agent/jobs/\(fixture.ids.job)/artifacts?path=seeded.txt", json: "seeded artifact", token: agent,
            headers: [.contentType: "application/octet-stream"])
        fixture.ids.artifact = try #require(artifact["id"] as? Int)

        // A train names a registered repository; no branch can be cut at this clone URL.
        try await fixture.seed(client, .post, "/api/v1/repositories", json: #"{"name": "acme/matrix-app", "provider": "github", "cloneURL": "/nonexistent/acme/matrix-app.git"}"#)
        try await fixture.seed(client, .post, "/api/v1/trains", json: Self.train)
        let release = try await fixture.seed(client, .post, "/api/v1/releases", json: #"{"train": "matrix-train"}"#)
        fixture.ids.release = try #require(release["id"] as? Int)
        for path in Self.seededCacheEntries {
            try await fixture.seed(client, .put, path, json: Self.cacheEntry, headers: [.contentType: "application/octet-stream"])
        }

        let invented = { (prefix: String) in "\(prefix)_\(Hex.random(byteCount: 6))_\(Hex.random(byteCount: 32))" }
        let basic = Data("ops:\(TestServer.adminToken)".utf8).base64EncodedString()
        let bearer = { (label: String, token: String) in Credential(label: label, authorization: "Bearer \(token)") }
        fixture.credentials = [
            .none: [Credential(label: "no Authorization", authorization: nil)],
            .malformed: [
                Credential(label: "Bearer alone", authorization: "Bearer"),
                Credential(label: "a valid token and another word", authorization: "Bearer \(TestServer.adminToken) extra"),
                Credential(label: "Basic", authorization: "Basic \(basic)"),
                Credential(label: "Token scheme", authorization: "Token \(TestServer.adminToken)"),
                bearer("an API token never issued", invented("mo")),
                bearer("an agent token never issued", invented("moa")),
                bearer("a registration token never issued", invented("mor")),
            ],
            .revoked: [
                bearer("a revoked admin token", revokedAdmin), bearer("a revoked agent's token", revokedAgent),
                bearer("a revoked registration token", revokedRegistration),
            ],
            .read: [bearer("read", read)],
            .write: [bearer("write", write)],
            .admin: [bearer("admin", admin), bearer("the configured admin token", TestServer.adminToken)],
            .agent: [bearer("agent", agent)],
            .register: [bearer("registration", registration)],
        ]
        // The value after the scheme: a token, a token with a word after it, base64 credentials.
        fixture.secrets += fixture.credentials.values.joined().compactMap { credential in
            credential.authorization?.split(separator: " ", maxSplits: 1).dropFirst().first.map(String.init)
        }
        return fixture
    }
}

extension HTTPField.Name {
    /// The agent protocol's log chunk sequence header.
    static let logSequence = HTTPField.Name("X-Log-Sequence")!
}
