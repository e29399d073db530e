import Artifacts
import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing
@testable import Server

/// The document's 503s: every operation that needs the database says it may answer
/// `database_unavailable`, the artifact routes `artifact_storage_unavailable`, each with
/// `Retry-After`, and a real refusal matches what is documented.
@Suite("The OpenAPI document lists the 503s the server answers")
struct OpenAPIUnavailableTests {
    /// The operations that never touch the store: the pages, liveness, readiness (which
    /// answers its own 503), the Prometheus text (a failed read is logged, not answered) and
    /// the document. Every other one authenticates a token or a webhook signature against it.
    static let withoutStore: Set<String> = [
        "GET /healthz", "GET /readyz", "GET /metrics", "GET /api/v1/openapi.json",
        // The web pages: each is a document whose script calls the API.
        "GET /", "GET /builds", "GET /builds/{id}", "GET /pipelines", "GET /queue", "GET /agents", "GET /devices", "GET /releases",
        "GET /releases/{id}", "GET /outbox", "GET /audit",
    ]

    /// The shared 503 response documented for `METHOD path`, when it is a `$ref`.
    static func unavailable(_ document: JSONValue, _ method: String, _ path: String) -> JSONValue? {
        guard let reference = document["paths"]?[path]?[method.lowercased()]?["responses"]?["503"]?["$ref"]?.string else { return nil }
        return document["components"]?["responses"]?[reference.replacingOccurrences(of: "#/components/responses/", with: "")]
    }

    /// The error codes a shared 503 lists in `x-mobile-ops-codes`.
    static func codes(_ response: JSONValue?) -> Set<String> {
        Set((response?["x-mobile-ops-codes"]?.elements ?? []).compactMap(\.string))
    }

    @Test("every operation but the public ones that never touch the store documents 503 database_unavailable with Retry-After")
    func databaseUnavailableEverywhere() async throws {
        try await TestServer.make().test { client in
            let document = try await OpenAPITests.document(client)
            var publicOperations = Set<String>()
            for (path, item) in document["paths"]?.members ?? [:] {
                for (method, operation) in item.members ?? [:] {
                    let name = "\(method.uppercased()) \(path)"
                    let response = Self.unavailable(document, method, path)
                    if operation["x-mobile-ops-scope"]?.string == "none" {
                        publicOperations.insert(name)
                        #expect(!Self.codes(response).contains("database_unavailable"), "\(name)")
                        continue
                    }
                    #expect(Self.codes(response).contains("database_unavailable"), "\(name) documents no 503 database_unavailable")
                    #expect(response?["headers"]?["Retry-After"] != nil, "\(name): 503 without Retry-After")
                    #expect(response?["content"]?["application/json"]?["schema"]?["$ref"]?.string == "#/components/schemas/Error", "\(name)")
                }
            }
            // A new public route must be placed on one side or the other on purpose.
            #expect(publicOperations == Self.withoutStore)
        }
    }

    @Test("a lost artifact folder: download and upload answer 503 artifact_storage_unavailable as documented")
    func artifactStorageUnavailable() async throws {
        let shared = FileManager.default.temporaryDirectory.appendingPathComponent("mobile-ops-shared-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: shared) }
        try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
        let server = try await TestServer.make(configure: { $0.artifacts = .folder(shared.path) })
        try await server.test { client in
            let document = try await OpenAPITests.document(client)
            let (agent, job) = try await ArtifactAPITests.runningJob(client)
            let stored = try await S3ArtifactStorageTests.upload(client, job: job, path: "a.bin", bytes: [1, 2, 3], token: agent)
            let id = try #require(stored.body["id"] as? Int)
            try FileManager.default.removeItem(at: shared)

            let download = try await client.execute(uri: "/api/v1/artifacts/\(id)", method: .get, headers: [.authorization: "Bearer \(TestServer.adminToken)"]) { $0 }
            #expect(download.status == .serviceUnavailable)
            #expect(download.headers[.retryAfter] == "10")
            try await OpenAPITests.conforming(client, document, .get, "/api/v1/artifacts/\(id)", documentedAs: "/api/v1/artifacts/{id}", status: .serviceUnavailable)
            #expect(Self.codes(Self.unavailable(document, "GET", "/api/v1/artifacts/{id}")) == ["artifact_storage_unavailable", "database_unavailable"])

            let upload = try await S3ArtifactStorageTests.upload(client, job: job, path: "b.bin", bytes: [4], token: agent)
            #expect(upload.status == .serviceUnavailable)
            #expect(upload.headers[.retryAfter] == "10")
            let code = try #require((upload.body["error"] as? [String: Any])?["code"] as? String)
            let documented = Self.codes(Self.unavailable(document, "PUT", "/api/v1/agent/jobs/{id}/artifacts"))
            #expect(documented.contains(code), "\(code) is not among \(documented)")
            #expect(documented.contains("storage_full"), "the upload is staged on the server's disk first")
        }
    }
}
