import Access
import Foundation
import HTTPTypes
import NIOCore
import HummingbirdTesting
import Testing
@testable import Server

@Suite("Health, readiness and errors for unknown routes")
struct HealthTests {
    @Test("/healthz and /readyz answer without a token")
    func health() async throws {
        try await TestServer.make().test { client in
            let health = try await client.send(.get, "/healthz", token: nil)
            #expect(health.status == .ok)
            #expect(health.body["status"] as? String == "ok")
            #expect(health.body["version"] as? String == MobileOpsVersion.current)

            let ready = try await client.send(.get, "/readyz", token: nil)
            #expect(ready.status == .ok)
            #expect(ready.body["status"] as? String == "ready")
        }
    }

    @Test("/readyz says ready or not and nothing about where the database lives")
    func readinessShowsNoPaths() async throws {
        let server = try await TestServer.make()
        let folder = server.directory.path
        try await server.test { client in
            let response = try await client.execute(uri: "/readyz", method: .get)
            let text = String(buffer: response.body)
            #expect(response.status == .ok)
            #expect(!text.contains(folder) && !text.contains("sqlite"), "\(text)")
            let body = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            #expect(Set(body.keys) == ["status"])
        }
    }

    @Test("an unknown route is a JSON 404 and carries a request id")
    func unknownRoute() async throws {
        try await TestServer.make().test { client in
            let response = try await client.send(.get, "/api/v1/nothing-here")
            #expect(response.status == .notFound)
            #expect(response.body.errorCode == "not_found")
            #expect(response.headers[.init("X-Request-ID")!]?.isEmpty == false)
        }
    }

    @Test("a known path with the wrong method is 405 with an Allow header")
    func wrongMethod() async throws {
        try await TestServer.make().test { client in
            let response = try await client.send(.put, "/api/v1/repositories")
            #expect(response.status == .methodNotAllowed)
            #expect(response.body.errorCode == "method_not_allowed")
            #expect(response.headers[.allow] == "GET, POST")

            let withParameter = try await client.send(.post, "/api/v1/repositories/7")
            #expect(withParameter.status == .methodNotAllowed)
            #expect(withParameter.headers[.allow] == "DELETE, GET")
        }
    }

    @Test("the service graph is served as JSON and DOT; other formats are 400")
    func graph() async throws {
        try await TestServer.make().test { client in
            let json = try await client.send(.get, "/api/v1/system/graph?format=json")
            #expect(json.status == .ok)
            #expect(json.body["_raw"] == nil)

            let dot = try await client.execute(uri: "/api/v1/system/graph?format=dot", method: .get, headers: [.authorization: "Bearer \(TestServer.adminToken)"])
            #expect(dot.status == .ok)
            let text = String(buffer: dot.body)
            #expect(text.hasPrefix("digraph"))
            #expect(text.contains("TokenService"))
            #expect(text.contains("StoreAvailability & TestHistoryStore"))

            let bad = try await client.send(.get, "/api/v1/system/graph?format=svg")
            #expect(bad.status == .badRequest)
            #expect(bad.body.errorCode == "invalid_format")

            let anonymous = try await client.send(.get, "/api/v1/system/graph", token: nil)
            #expect(anonymous.status == .unauthorized)
        }
    }
}
