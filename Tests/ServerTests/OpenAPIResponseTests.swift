import DistributionFakes
import Foundation
import GitHosts
import HTTPTypes
import HummingbirdTesting
import Notifications
import Testing
@testable import Server
import TestSupport

/// Real answers of the server checked against the schemas the OpenAPI document gives them.
@Suite("OpenAPI: real responses match the documented schemas")
struct OpenAPIResponseTests {
    @Test("repositories, builds, jobs, the agent protocol and the metrics summary")
    func resources() async throws {
        try await TestServer.make().test { client in
            let document = try await OpenAPITests.document(client)
            let created = try await OpenAPITests.conforming(
                client, document, .post, "/api/v1/repositories", documentedAs: "/api/v1/repositories", status: .created,
                json: #"{"name": "acme/ios-app", "provider": "github", "cloneURL": "https://github.com/acme/ios-app.git"}"#)
            let repositoryID = try Self.integer(created, "id")
            try await OpenAPITests.conforming(client, document, .get, "/api/v1/repositories", documentedAs: "/api/v1/repositories", status: .ok)
            try await OpenAPITests.conforming(client, document, .get, "/api/v1/repositories/\(repositoryID)", documentedAs: "/api/v1/repositories/{id}", status: .ok)

            let build = try await OpenAPITests.conforming(
                client, document, .post, "/api/v1/builds", documentedAs: "/api/v1/builds", status: .created,
                json: #"{"pipeline": "app-ci", "branch": "main", "commit": "abc123"}"#)
            let buildID = try Self.integer(build, "id")
            try await OpenAPITests.conforming(client, document, .get, "/api/v1/builds/\(buildID)", documentedAs: "/api/v1/builds/{id}", status: .ok)
            try await OpenAPITests.conforming(client, document, .get, "/api/v1/builds?limit=5", documentedAs: "/api/v1/builds", status: .ok)

            let registration = try await OpenAPITests.conforming(
                client, document, .post, "/api/v1/agents/tokens", documentedAs: "/api/v1/agents/tokens", status: .created, json: #"{"name": "fleet"}"#)
            let registered = try await OpenAPITests.conforming(
                client, document, .post, "/api/v1/agents/register", documentedAs: "/api/v1/agents/register", status: .created,
                token: registration["token"]?.string, json: #"{"name": "mac-1", "tags": {"platform": "ios"}, "slots": 1}"#)
            let agent = registered["token"]?.string
            let job = try await OpenAPITests.conforming(
                client, document, .post, "/api/v1/agent/jobs/next?wait=0", documentedAs: "/api/v1/agent/jobs/next", status: .ok, token: agent)
            let jobID = try Self.integer(job, "jobID")
            try await OpenAPITests.conforming(client, document, .post, "/api/v1/agent/jobs/\(jobID)/start", documentedAs: "/api/v1/agent/jobs/{id}/start", status: .ok, token: agent)
            try await OpenAPITests.conforming(client, document, .get, "/api/v1/jobs/\(jobID)", documentedAs: "/api/v1/jobs/{id}", status: .ok)
            try await OpenAPITests.conforming(client, document, .get, "/api/v1/agents", documentedAs: "/api/v1/agents", status: .ok)
            // The job's build cache access, its build's traffic and the daily series.
            let cache = try #require(job["cache"]?["credential"]?.string, "the assignment hands out the job's cache credential")
            _ = try await CacheClient.send(client, .get, "/cache/gradle/acme.ios-app/abc", authorization: CacheClient.basic(cache))
            try await OpenAPITests.conforming(client, document, .get, "/api/v1/builds/\(buildID)/cache", documentedAs: "/api/v1/builds/{id}/cache", status: .ok)
            try await OpenAPITests.conforming(client, document, .get, "/api/v1/cache/stats/daily", documentedAs: "/api/v1/cache/stats/daily", status: .ok)

            try await OpenAPITests.conforming(client, document, .get, "/api/v1/metrics/summary?window=7d", documentedAs: "/api/v1/metrics/summary", status: .ok)
            try await OpenAPITests.conforming(client, document, .get, "/api/v1/metrics/summary?window=soon", documentedAs: "/api/v1/metrics/summary", status: .badRequest)
        }
    }

    @Test("public, token and administration listings")
    func listings() async throws {
        try await TestServer.make().test { client in
            let document = try await OpenAPITests.document(client)
            for path in ["/healthz", "/readyz", "/api/v1/tokens", "/api/v1/pipelines", "/api/v1/audit", "/api/v1/outbox", "/api/v1/trains", "/api/v1/releases", "/api/v1/agents/tokens"] {
                try await OpenAPITests.conforming(client, document, .get, path, documentedAs: path, status: .ok)
            }
            try await OpenAPITests.conforming(
                client, document, .post, "/api/v1/tokens", documentedAs: "/api/v1/tokens", status: .created, json: #"{"name": "ci", "scopes": ["read"]}"#)
            try await OpenAPITests.conforming(client, document, .get, "/api/v1/builds/999999", documentedAs: "/api/v1/builds/{id}", status: .notFound)
        }
    }

    @Test("release notes and advance: an unregistered repository (409) and an unreachable git host (502) as documented")
    func gitHostRefusals() async throws {
        let configure: (inout ServerConfiguration) -> Void = {
            ReleaseFiles.install(in: $0, train: nil)
            // Port 9 (discard) is closed on loopback: the host cannot be reached.
            $0.notifier = NotifierConfiguration(githubAPIURL: "http://127.0.0.1:9", githubToken: "gh-token")
        }
        // No scheduler: it would ask the clone URLs below for the release branch meanwhile.
        try await TestServer.make(backgroundServices: false, configure: configure).test { client in
            let document = try await OpenAPITests.document(client)
            func register(_ cloneURL: String) async throws -> Int64 {
                let body = #"{"name": "acme/hand", "provider": "github", "cloneURL": "\#(cloneURL)"}"#
                return try Self.integer(try #require(try await OpenAPITests.fetch(client, .post, "/api/v1/repositories", json: body).body), "id")
            }
            let repository = try await register("https://github.com/acme/hand.git")
            _ = try await OpenAPITests.fetch(client, .post, "/api/v1/trains", json: ReleaseTrainAPITests.manualTrain)
            let release = try #require(try await OpenAPITests.fetch(client, .post, "/api/v1/releases", json: #"{"train": "hand-train"}"#).body)
            let notes = "/api/v1/releases/\(try Self.integer(release, "id"))/notes"
            try await OpenAPITests.conforming(client, document, .get, notes, documentedAs: "/api/v1/releases/{id}/notes", status: .badGateway)
            _ = try await OpenAPITests.fetch(client, .delete, "/api/v1/repositories/\(repository)")
            try await OpenAPITests.conforming(client, document, .get, notes, documentedAs: "/api/v1/releases/{id}/notes", status: .conflict)
            // The host cannot cut the branch and the clone URL cannot be read: 502.
            _ = try await register("/nonexistent/acme/hand.git")
            let advance = notes.replacingOccurrences(of: "/notes", with: "/advance")
            try await OpenAPITests.conforming(client, document, .post, advance, documentedAs: "/api/v1/releases/{id}/{action}", status: .badGateway)
        }
    }

    /// Every operation that needs a bearer token, asked without one (401) and, for write and
    /// admin ones, with a read token (403): the errors match `Error` and the documented scope
    /// is the one the server enforces.
    @Test("each documented scope is enforced, with the documented error shape")
    func scopes() async throws {
        try await TestServer.make().test { client in
            let document = try await OpenAPITests.document(client)
            let reader = try await OpenAPITests.fetch(client, .post, "/api/v1/tokens", json: #"{"name": "reader", "scopes": ["read"]}"#)
            let readToken = try #require(reader.body?["token"]?.string)
            for (path, item) in document["paths"]?.members ?? [:] {
                let uri = path.replacingOccurrences(of: "{action}", with: "advance").replacingOccurrences(of: "{id}", with: "1")
                for (method, operation) in item.members ?? [:] {
                    let scope = operation["x-mobile-ops-scope"]?.string ?? "?"
                    // Registration decodes its body before it reads the token; webhooks and public routes take none.
                    guard ["read", "write", "admin", "agent"].contains(scope), path != "/api/v1/agents/register" else { continue }
                    let verb = HTTPRequest.Method(method.uppercased()) ?? .get
                    try await OpenAPITests.conforming(client, document, verb, uri, documentedAs: path, status: .unauthorized, token: nil)
                    if scope == "write" || scope == "admin" {
                        try await OpenAPITests.conforming(client, document, verb, uri, documentedAs: path, status: .forbidden, token: readToken)
                    }
                }
            }
        }
    }

    @Test("the validator refuses a wrong type, a missing field, an undocumented one and a value outside an enum")
    func validatorRefuses() async throws {
        let document = try await OpenAPITests.generatedDocument()
        let validator = SchemaValidator(document: document)
        let repository = JSONValue.object([
            "id": .int(1), "name": .string("acme/app"), "provider": .string("github"), "cloneURL": .string("https://x"),
            "defaultBranch": .string("main"), "createdAt": .string("2026-01-01T00:00:00Z"),
        ])
        let schema = JSONValue.object(["$ref": .string("#/components/schemas/Repository")])
        #expect(validator.problems(repository, schema).isEmpty)
        guard case .object(var members) = repository else { return }
        members["id"] = .string("1")
        #expect(validator.problems(.object(members), schema) == ["$.id: expected integer, got string(\"1\")"])
        members["id"] = nil
        members["provider"] = .string("svn")
        members["secret"] = .bool(true)
        #expect(validator.problems(.object(members), schema).count == 3)
    }

    /// The integer member `key` of `object`; throws when it is missing or not an integer.
    static func integer(_ object: JSONValue, _ key: String) throws -> Int64 {
        guard case .int(let value) = object[key] else { throw Failure.notAnInteger(key) }
        return value
    }

    enum Failure: Error { case notAnInteger(String) }
}
