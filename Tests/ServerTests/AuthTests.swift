import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
@testable import Server

@Suite("Bearer tokens and scopes")
struct AuthTests {
    @Test("missing, malformed and unknown tokens are 401 with the error shape")
    func unauthorized() async throws {
        try await TestServer.make().test { client in
            for token in [nil, "", "mo_deadbeef_0000000000000000000000", "not-a-token"] as [String?] {
                let response = try await client.send(.get, "/api/v1/repositories", token: token)
                #expect(response.status == .unauthorized, "token \(String(describing: token))")
                #expect(response.body.errorCode == "unauthorized")
            }
            let basic = try await client.execute(uri: "/api/v1/repositories", method: .get, headers: [.authorization: "Basic dXNlcjpwYXNz"])
            #expect(basic.status == .unauthorized)
            #expect(basic.headers[.wwwAuthenticate] == "Bearer")
        }
    }

    @Test("the scheme is read in any case; a token checked twice (the second from memory) works the same")
    func schemeCaseAndRepeats() async throws {
        try await TestServer.make().test { client in
            for scheme in ["Bearer", "bearer", "BEARER", "bEaReR"] {
                for _ in 0..<2 {
                    let response = try await client.execute(
                        uri: "/api/v1/repositories", method: .get, headers: [.authorization: "\(scheme) \(TestServer.adminToken)"])
                    #expect(response.status == .ok, "scheme \(scheme)")
                }
            }
            // Not a scheme that merely has the same letters count, nor one that differs in a letter.
            for scheme in ["Bearex", "Bearer2", "Basic"] {
                let response = try await client.execute(
                    uri: "/api/v1/repositories", method: .get, headers: [.authorization: "\(scheme) \(TestServer.adminToken)"])
                #expect(response.status == .unauthorized, "scheme \(scheme)")
            }
            let basic = Data("ci:\(TestServer.adminToken)".utf8).base64EncodedString()
            for scheme in ["Basic", "basic", "BASIC"] {
                let response = try await client.execute(
                    uri: "/cache/gradle/team/0123abcd", method: .get, headers: [.authorization: "\(scheme) \(basic)"])
                #expect(response.status == .notFound, "scheme \(scheme): a miss, so the credential was taken")
            }
        }
    }

    @Test("an issued token is returned once, listed without its value, and its scope is enforced")
    func issueAndScopes() async throws {
        try await TestServer.make().test { client in
            let created = try await client.send(.post, "/api/v1/tokens", json: #"{"name": "ci-bot", "scopes": ["read"]}"#)
            #expect(created.status == .created)
            let value = try #require(created.body["token"] as? String)
            let id = try #require(created.body["id"] as? String)

            let list = try await client.send(.get, "/api/v1/tokens")
            let listed = try #require((list.body["tokens"] as? [[String: Any]])?.first { $0["id"] as? String == id })
            #expect(listed["token"] == nil)
            #expect(listed["secretHash"] == nil)
            #expect(!String(describing: list.body).contains(value))

            #expect(try await client.send(.get, "/api/v1/repositories", token: value).status == .ok)
            let forbidden = try await client.send(.post, "/api/v1/repositories", token: value, json: "{}")
            #expect(forbidden.status == .forbidden)
            #expect(forbidden.body.errorCode == "forbidden")
            #expect(forbidden.body.errorMessage?.contains("'admin'") == true)
            #expect(try await client.send(.get, "/api/v1/tokens", token: value).status == .forbidden)
        }
    }

    @Test("write includes read; admin includes both")
    func scopeHierarchy() async throws {
        try await TestServer.make().test { client in
            let write = try await client.send(.post, "/api/v1/tokens", json: #"{"name": "w", "scopes": ["write"]}"#)
            let value = try #require(write.body["token"] as? String)
            #expect(try await client.send(.get, "/api/v1/repositories", token: value).status == .ok)
            #expect(try await client.send(.get, "/api/v1/tokens", token: value).status == .forbidden)
        }
    }

    @Test("a revoked token stops working at once")
    func revoke() async throws {
        try await TestServer.make().test { client in
            let created = try await client.send(.post, "/api/v1/tokens", json: #"{"name": "temp", "scopes": ["read"]}"#)
            let value = try #require(created.body["token"] as? String)
            let id = try #require(created.body["id"] as? String)
            #expect(try await client.send(.get, "/api/v1/repositories", token: value).status == .ok)

            let revoked = try await client.send(.delete, "/api/v1/tokens/\(id)")
            #expect(revoked.status == .ok)
            #expect(revoked.body["revokedAt"] is String)
            #expect(try await client.send(.get, "/api/v1/repositories", token: value).status == .unauthorized)
            #expect(try await client.send(.delete, "/api/v1/tokens/unknown").status == .notFound)
        }
    }

    @Test("the last active admin token cannot be revoked; with a second admin token it can")
    func lastAdminToken() async throws {
        try await TestServer.make().test { client in
            let tokens = try await client.send(.get, "/api/v1/tokens")
            let list = try #require(tokens.body["tokens"] as? [[String: Any]])
            let bootstrap = try #require(list.first { $0["name"] as? String == "bootstrap-admin" }?["id"] as? String)

            let refused = try await client.send(.delete, "/api/v1/tokens/\(bootstrap)")
            #expect(refused.status == .conflict)
            #expect(refused.body.errorCode == "last_admin_token")
            #expect(try await client.send(.get, "/api/v1/tokens").status == .ok, "the refused revoke changed nothing")

            // A non-admin token does not count as a way back in.
            _ = try await client.send(.post, "/api/v1/tokens", json: #"{"name": "ci", "scopes": ["write"]}"#)
            #expect(try await client.send(.delete, "/api/v1/tokens/\(bootstrap)").body.errorCode == "last_admin_token")

            let created = try await client.send(.post, "/api/v1/tokens", json: #"{"name": "ops", "scopes": ["admin"]}"#)
            let second = try #require(created.body["token"] as? String)
            let secondID = try #require(created.body["id"] as? String)
            #expect(try await client.send(.delete, "/api/v1/tokens/\(bootstrap)").status == .ok)
            // Now the second is the last one, and it cannot revoke itself either.
            let last = try await client.send(.delete, "/api/v1/tokens/\(secondID)", token: second)
            #expect(last.status == .conflict)
            #expect(last.body.errorCode == "last_admin_token")
        }
    }

    @Test("bad token requests are 400 and issue nothing")
    func badTokenRequests() async throws {
        try await TestServer.make().test { client in
            let cases: [(String, String)] = [
                (#"{"name": "x", "scopes": ["root"]}"#, "invalid_scopes"),
                (#"{"name": "x", "scopes": []}"#, "invalid_scopes"),
                (#"{"name": "", "scopes": ["read"]}"#, "invalid_name"),
                (#"{"name": "x"}"#, "invalid_json"),
                (#"{"name": "x", "scopes": "read"}"#, "invalid_json"),
                ("not json", "invalid_json"),
            ]
            for (body, code) in cases {
                let response = try await client.send(.post, "/api/v1/tokens", json: body)
                #expect(response.status == .badRequest, "\(body)")
                #expect(response.body.errorCode == code, "\(body)")
            }
            let list = try await client.send(.get, "/api/v1/tokens")
            #expect((list.body["tokens"] as? [Any])?.count == 1)
        }
    }
}
