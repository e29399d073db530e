import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing
@testable import Server

@Suite("The OpenAPI document: served, in step with the router, and true of real responses")
struct OpenAPITests {
    /// One answer: its status and, when the body is JSON, the parsed body.
    struct Answer {
        var status: HTTPResponse.Status
        var body: JSONValue?
        var contentType: String?
    }

    /// Sends one request: `token` as a bearer token, `json` as the body, `headers` besides.
    static func fetch(
        _ client: some TestClientProtocol, _ method: HTTPRequest.Method, _ uri: String,
        token: String? = TestServer.adminToken, json: String? = nil, headers extra: HTTPFields = [:]
    ) async throws -> Answer {
        var headers = extra
        if let token { headers[.authorization] = "Bearer \(token)" }
        if json != nil { headers[.contentType] = "application/json" }
        return try await client.execute(uri: uri, method: method, headers: headers, body: json.map { ByteBuffer(string: $0) }) { response in
            Answer(status: response.status, body: try? JSONValue.parse(Data(response.body.readableBytesView)), contentType: response.headers[.contentType])
        }
    }

    /// The document a composed server generates from its routes, without asking it over HTTP:
    /// for tests that need only the document (its schemas, its operations).
    static func generatedDocument() async throws -> JSONValue {
        let server = try await TestServer.make()
        let text = OpenAPIDocument.json(routes: server.server.routes)
        // Runs nothing: closes the server's store and removes its folder.
        try await server.test { _ in }
        return try JSONValue.parse(Data(text.utf8))
    }

    /// The served document, fetched without a token.
    static func document(_ client: some TestClientProtocol) async throws -> JSONValue {
        let answer = try await fetch(client, .get, "/api/v1/openapi.json", token: nil)
        #expect(answer.status == .ok)
        return try #require(answer.body)
    }

    /// `METHOD /path/{param}` for every operation of the document.
    static func operations(in document: JSONValue) -> Set<String> {
        var found = Set<String>()
        for (path, item) in document["paths"]?.members ?? [:] {
            for method in (item.members ?? [:]).keys { found.insert("\(method.uppercased()) \(path)") }
        }
        return found
    }

    /// What one side has and the other lacks, as readable lines; empty when they agree.
    static func mismatches(routes: Set<String>, documented: Set<String>) -> [String] {
        routes.subtracting(documented).sorted().map { "undocumented route: \($0)" }
            + documented.subtracting(routes).sorted().map { "documented but not routed: \($0)" }
    }

    /// The JSON schema documented for `status` of `METHOD path`, through `components.responses`,
    /// for `mediaType` (`application/json` unless told, e.g. `application/feed+json`).
    static func schema(
        _ document: JSONValue, _ method: String, _ path: String, _ status: HTTPResponse.Status, mediaType: String = "application/json"
    ) -> JSONValue? {
        guard var response = document["paths"]?[path]?[method.lowercased()]?["responses"]?[String(status.code)] else { return nil }
        if let reference = response["$ref"]?.string {
            let name = reference.replacingOccurrences(of: "#/components/responses/", with: "")
            guard let shared = document["components"]?["responses"]?[name] else { return nil }
            response = shared
        }
        return response["content"]?[mediaType]?["schema"]
    }

    /// The media type of a `Content-Type` value, without parameters: `application/json; charset=utf-8` → `application/json`.
    static func mediaType(_ contentType: String?) -> String {
        String((contentType ?? "").prefix { $0 != ";" }).trimmingCharacters(in: .whitespaces).lowercased()
    }

    /// Sends a request and checks its answer has `status` and the body documented for it, under
    /// the media type of the answer's `Content-Type`.
    @discardableResult
    static func conforming(
        _ client: some TestClientProtocol, _ document: JSONValue, _ method: HTTPRequest.Method, _ uri: String, documentedAs path: String,
        status: HTTPResponse.Status, token: String? = TestServer.adminToken, json: String? = nil, headers: HTTPFields = [:],
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> JSONValue {
        let answer = try await fetch(client, method, uri, token: token, json: json, headers: headers)
        #expect(answer.status == status, "\(method) \(uri)", sourceLocation: sourceLocation)
        let body = try #require(answer.body, "\(method) \(uri): no JSON body", sourceLocation: sourceLocation)
        let mediaType = Self.mediaType(answer.contentType)
        // Not #require on the lookup: its failure would print the whole document.
        guard let documented = Self.schema(document, method.rawValue, path, status, mediaType: mediaType) else {
            Issue.record("\(method) \(path) documents no \(mediaType) \(status.code)", sourceLocation: sourceLocation)
            return body
        }
        let problems = SchemaValidator(document: document).problems(body, documented)
        #expect(problems.isEmpty, "\(method) \(uri) \(status.code): \(problems)", sourceLocation: sourceLocation)
        return body
    }

    @Test("GET /api/v1/openapi.json answers without a token with an OpenAPI 3.1 document")
    func served() async throws {
        try await TestServer.make().test { client in
            let answer = try await Self.fetch(client, .get, "/api/v1/openapi.json", token: nil)
            #expect(answer.status == .ok)
            #expect(answer.contentType?.hasPrefix("application/json") == true)
            #expect(answer.body?["openapi"] == .string("3.1.0"))
            #expect(answer.body?["components"]?["securitySchemes"]?.members?.keys.sorted() == [
                "agentToken", "basicAuth", "bearerAuth", "bitbucketSignature", "feedToken", "githubSignature", "gitlabToken", "registrationToken",
            ])
        }
    }

    /// With `MOBILE_OPS_WRITE_OPENAPI=1` the test writes the file from the served document first.
    @Test("docs/openapi.json is the served document (MOBILE_OPS_WRITE_OPENAPI=1 rewrites it)")
    func committedCopy() async throws {
        let server = try await TestServer.make()
        let generated = OpenAPIDocument.json(routes: server.server.routes)
        try await server.test { client in
            let served = try await Self.document(client)
            // Not #expect(served == …): its failure would print the document whole.
            let parsed = try JSONValue.parse(Data(generated.utf8))
            let servesGenerated = served == parsed
            #expect(servesGenerated, "GET /api/v1/openapi.json is not the document generated from the server's routes")
            if OpenAPIDocumentFile.writeRequested { try OpenAPIDocumentFile.write(generated) }
            guard let committed = try OpenAPIDocumentFile.read() else {
                Issue.record("docs/openapi.json is missing; write it with: \(OpenAPIDocumentFile.regenerate)")
                return
            }
            // Not #expect(committed == served): its failure would print both documents whole.
            let same = committed == served
            #expect(same, "docs/openapi.json differs from GET /api/v1/openapi.json; regenerate it with: \(OpenAPIDocumentFile.regenerate)")
        }
    }

    @Test("every route of the router is documented, and every documented operation is routed")
    func parity() async throws {
        let server = try await TestServer.make()
        // The rest of a path (`**`, the ccache cache's) is documented as `{path}`.
        let routes = Set(server.server.router.routes.map { "\($0.method.rawValue) \($0.path.description.replacingOccurrences(of: "/**", with: "/{path}"))" })
        try await server.test { client in
            let documented = Self.operations(in: try await Self.document(client))
            #expect(routes.count > 60)
            #expect(Self.mismatches(routes: routes, documented: documented) == [])
        }
    }

    @Test("the comparison reports a route missing on either side")
    func parityFailsBothWays() {
        let both: Set = ["GET /healthz", "GET /api/v1/builds/{id}"]
        #expect(Self.mismatches(routes: both, documented: both).isEmpty)
        #expect(Self.mismatches(routes: both.union(["POST /api/v1/new"]), documented: both) == ["undocumented route: POST /api/v1/new"])
        #expect(Self.mismatches(routes: ["GET /healthz"], documented: both) == ["documented but not routed: GET /api/v1/builds/{id}"])
    }

    @Test("every operation names its scope, and every $ref resolves")
    func scopesAndReferences() async throws {
        try await TestServer.make().test { client in
            let document = try await Self.document(client)
            let scopes: Set<String> = ["none", "read", "write", "admin", "agent", "signature"]
            for (path, item) in document["paths"]?.members ?? [:] {
                for (method, operation) in item.members ?? [:] {
                    #expect(operation["x-mobile-ops-scope"]?.string.map(scopes.contains) == true, "\(method) \(path)")
                }
            }
            let unresolved = Self.references(in: document).filter { reference in
                let parts = reference.split(separator: "/").dropFirst().map(String.init)
                return parts.reduce(Optional(document)) { $0?[$1] } == nil
            }
            #expect(unresolved.isEmpty)
        }
    }

    @Test("every operation has an operationId, and no two share one (OpenAPI requires them unique)")
    func uniqueOperationIDs() async throws {
        try await TestServer.make().test { client in
            let document = try await Self.document(client)
            var owners: [String: String] = [:]
            for (path, item) in document["paths"]?.members ?? [:] {
                for method in (item.members ?? [:]).keys {
                    let operation = "\(method.uppercased()) \(path)"
                    let operationID = try #require(item[method]?["operationId"]?.string, "\(operation)")
                    #expect(owners[operationID] == nil, "\(operationID): \(owners[operationID] ?? "") and \(operation)")
                    owners[operationID] = operation
                }
            }
        }
    }

    /// Every `$ref` anywhere in `value`.
    static func references(in value: JSONValue) -> [String] {
        switch value {
        case .object(let members):
            (members["$ref"]?.string.map { [$0] } ?? []) + members.values.flatMap(references(in:))
        case .array(let elements):
            elements.flatMap(references(in:))
        default:
            []
        }
    }
}
