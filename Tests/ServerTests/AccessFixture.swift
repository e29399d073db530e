import Core
import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
@testable import Server

/// A server seeded so that every route has something real to act on, and a credential of
/// every kind the access table has a column for.
///
/// Seeding goes through the API with the configured admin token; every answer is kept, as
/// the creating answers are where the token values legitimately appear once.
struct AccessFixture {
    /// One credential: what the `Authorization` header holds (nil: no header).
    struct Credential: Sendable {
        var label: String
        var authorization: String?
    }

    /// Real ids to put in paths where the call is let through.
    struct IDs {
        var build = 0, job = 0, artifact = 0, release = 0, repository = 0
        /// Objects an allowed DELETE may remove without taking a credential with it.
        var doomedRepository = 0, doomedAgent = 0, doomedToken = "", doomedRegistrationToken = ""
    }

    var credentials: [AccessMatrix.Credential: [Credential]] = [:]
    var ids = IDs()
    /// Every token value handed out or made up; none may reach the log.
    var secrets: [String] = []
    /// Every answer so far, seeding included.
    var answers: [AccessAnswer] = []

    /// A manual train on a registered repository, so that a release can start.
    /// A train on `acme/matrix-app`, whose clone URL nothing answers at: its releases wait in `scheduled`.
    static let train = #"{"name": "matrix-train", "repository": "acme/matrix-app", "platforms": ["android"], "rc_pipeline": "release-candidate", "signoff": ["qa"]}"#

    /// The repository secret the fixture sets (and the table's PUT sets again).
    static let secretName = "MATRIX_SECRET"
    static let secretValue = "matrix-secret-value-Zq81Lm"
    static var secretWrite: String { #"{"value": "\#(Data(secretValue.utf8).base64EncodedString())", "kind": "env", "branches": ["main"]}"# }

    /// The webhook secret of every seeded repository.
    static let webhookSecret = "matrix-webhook-secret-0123456789"

    /// Sends one seeding request with the configured admin token (or `token`) and keeps the answer.
    @discardableResult
    mutating func seed(
        _ client: some TestClientProtocol, _ method: HTTPRequest.Method, _ uri: String, json: String? = nil,
        token: String = TestServer.adminToken, headers: HTTPFields = [:], sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> [String: Any] {
        let operation = "\(method.rawValue) \(uri.split(separator: "?").first.map(String.init) ?? uri)"
        let request = AccessRequest(method: method, uri: uri, body: json, headers: headers)
        let answer = try await request.send(client, operation: operation, authorization: "Bearer \(token)", credential: "seeding")
        answers.append(answer)
        #expect(answer.status.code < 300, "\(operation): \(answer.status) \(answer.text)", sourceLocation: sourceLocation)
        return answer.json
    }

    /// Issues an API token and answers (value, id).
    mutating func issue(_ client: some TestClientProtocol, _ name: String, scope: String) async throws -> (String, String) {
        let created = try await seed(client, .post, "/api/v1/tokens", json: #"{"name": "\#(name)", "scopes": ["\#(scope)"]}"#)
        return (try #require(created["token"] as? String), try #require(created["id"] as? String))
    }

    /// Creates a registration token and answers (value, id).
    mutating func registrationToken(_ client: some TestClientProtocol, _ name: String) async throws -> (String, String) {
        let created = try await seed(client, .post, "/api/v1/agents/tokens", json: #"{"name": "\#(name)"}"#)
        return (try #require(created["token"] as? String), try #require(created["id"] as? String))
    }

    /// Registers an agent and answers (its token, its id).
    mutating func register(_ client: some TestClientProtocol, _ name: String, with registration: String) async throws -> (String, Int) {
        let body = #"{"name": "\#(name)", "tags": {"platform": "ios"}, "slots": 1}"#
        let registered = try await seed(client, .post, "/api/v1/agents/register", json: body, token: registration)
        return (try #require(registered["token"] as? String), try #require(registered["agentID"] as? Int))
    }

    /// Registers a repository and answers its id.
    mutating func repository(_ client: some TestClientProtocol, _ name: String, provider: String, host: String) async throws -> Int {
        let body = #"{"name": "\#(name)", "provider": "\#(provider)", "cloneURL": "https://\#(host)/\#(name).git", "webhookSecret": "\#(Self.webhookSecret)"}"#
        return try #require(try await seed(client, .post, "/api/v1/repositories", json: body)["id"] as? Int)
    }
}
