import Foundation
import HTTPTypes
import Testing
@testable import Server

/// The document's `paths` are generated from the routes (`OpenAPIDocument+Paths.swift`): each
/// generated operation against the committed `docs/openapi.json`, one by one, so a change shows
/// as the operations it touched rather than as two whole documents that differ; and the rules
/// the generator applies for what a route does not declare.
@Suite("OpenAPI: the paths generated from the routes")
struct OpenAPIRouteDocumentationTests {
    /// `METHOD /path` → operation, for every operation of `document`.
    static func operationsByName(_ document: JSONValue) -> [String: JSONValue] {
        var found: [String: JSONValue] = [:]
        for (path, item) in document["paths"]?.members ?? [:] {
            for (method, operation) in item.members ?? [:] { found["\(method.uppercased()) \(path)"] = operation }
        }
        return found
    }

    /// Where `generated` and `committed` differ, as readable lines: the operations on one side
    /// only, the operations on both that differ (and in which members), and the other
    /// top-level members that differ; empty when they agree.
    static func differences(generated: JSONValue, committed: JSONValue) -> [String] {
        let mine = operationsByName(generated)
        let theirs = operationsByName(committed)
        var lines = Set(mine.keys).subtracting(theirs.keys).sorted().map { "generated only: \($0)" }
        lines += Set(theirs.keys).subtracting(mine.keys).sorted().map { "docs/openapi.json only: \($0)" }
        for name in Set(mine.keys).intersection(theirs.keys).sorted() where mine[name] != theirs[name] {
            let members = Set((mine[name]?.members ?? [:]).keys).union((theirs[name]?.members ?? [:]).keys)
            let differing = members.filter { mine[name]?[$0] != theirs[name]?[$0] }.sorted()
            lines.append("differs: \(name) (\(differing.joined(separator: ", ")))")
        }
        let topLevel = Set((generated.members ?? [:]).keys).union((committed.members ?? [:]).keys).subtracting(["paths"])
        lines += topLevel.sorted().filter { generated[$0] != committed[$0] }.map { "differs: top-level \($0)" }
        return lines
    }

    @Test("each operation generated from the routes is the one in docs/openapi.json")
    func operationByOperation() async throws {
        let generated = try await OpenAPITests.generatedDocument()
        guard let committed = try OpenAPIDocumentFile.read() else {
            Issue.record("docs/openapi.json is missing; write it with: \(OpenAPIDocumentFile.regenerate)")
            return
        }
        #expect(Self.operationsByName(generated).count > 60)
        let differences = Self.differences(generated: generated, committed: committed)
        #expect(differences == [], "regenerate docs/openapi.json when the change is meant: \(OpenAPIDocumentFile.regenerate)")
    }

    @Test("the comparison names an operation on one side only, one that differs, and a top-level member")
    func comparisonNamesEachDifference() throws {
        let health = #""/healthz": {"get": {"summary": "Liveness"}}"#
        let committed = try JSONValue.parse(Data(#"{"info": {"title": "A"}, "paths": {\#(health), "/readyz": {"get": {"summary": "R"}}}}"#.utf8))
        let generated = try JSONValue.parse(Data(#"{"info": {"title": "B"}, "paths": {"/healthz": {"get": {"summary": "Alive"}}, "/x": {"post": {}}}}"#.utf8))
        #expect(Self.differences(generated: committed, committed: committed) == [])
        #expect(Self.differences(generated: generated, committed: committed) == [
            "generated only: POST /x", "docs/openapi.json only: GET /readyz", "differs: GET /healthz (summary)", "differs: top-level info",
        ])
    }

    @Test("a router path is written with braces, and the operationId is made from the method and the path after /api/v1")
    func derivedNames() {
        #expect(OpenAPIDocument.openAPIPath("/api/v1/releases/:id/:action") == "/api/v1/releases/{id}/{action}")
        #expect(OpenAPIDocument.openAPIPath("/") == "/")
        #expect(OpenAPIDocument.operationID(.post, "/api/v1/repositories/:id/rotate-secret") == "postRepositoriesIdRotateSecret")
        #expect(OpenAPIDocument.operationID(.get, "/api/v1/openapi.json") == "getOpenapiJson")
        #expect(OpenAPIDocument.operationID(.get, "/feed.json") == "getFeedJson")
        #expect(OpenAPIDocument.operationID(.get, "/") == "get")
        #expect(OpenAPIDocument.openAPIPath("/cache/ccache/:namespace/**") == "/cache/ccache/{namespace}/{path}")
        #expect(OpenAPIDocument.operationID(.delete, "/cache/ccache/:namespace/**") == "deleteCacheCcacheNamespacePath")
    }

    @Test("each operation's tag is one the document's header lists")
    func tagsAreListed() async throws {
        let document = try await OpenAPITests.generatedDocument()
        let listed = Set((document["tags"]?.elements ?? []).compactMap { $0["name"]?.string })
        let unlisted = Self.operationsByName(document).filter { _, operation in
            !(operation["tags"]?.elements ?? []).allSatisfy { $0.string.map(listed.contains) == true }
        }
        #expect(listed.count > 10)
        #expect(unlisted.keys.sorted() == [])
    }

    @Test("a route the router checks a scope for names no caller of its own: it would be ignored")
    func scopedRoutesNameNoCaller() async throws {
        let server = try await TestServer.make()
        let confused = server.server.routes.filter { $0.scope != nil && $0.openAPI.caller != nil }.map { "\($0.method) \($0.path)" }
        try await server.test { _ in }
        #expect(confused == [])
    }

    @Test("text is quoted as JSON: quotes, backslashes and control characters escaped")
    func quoting() throws {
        let text = "a \"b\" \\ c\nd\te\u{1}…"
        let quoted = OpenAPIJSON.quoted(text)
        #expect(quoted == #""a \"b\" \\ c\nd\te\u0001…""#)
        #expect(try JSONValue.parse(Data(quoted.utf8)) == .string(text))
    }
}
