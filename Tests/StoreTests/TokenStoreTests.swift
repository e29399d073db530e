import Core
import Foundation
import TestSupport
import Testing
@testable import Store

@Suite("API tokens in the store")
struct TokenStoreTests {
    private func audit(_ action: String) -> AuditEvent { AuditEvent(occurredAt: DateShift.now, actor: "tester", action: action, subject: "token") }

    @Test("a created token is found by id with its hash; the list never carries hashes", arguments: StoreBackend.available)
    func createAndFind(_ backend: StoreBackend) async throws {
        try await backend.withFreshStore { store async throws in
            let database = store.database
            let token = try await database.createToken(id: "abc", name: "ci", scopes: [.read, .write], secretHash: "h1", audit: audit("token.create"))
            #expect(token.scopes == [.read, .write])
            let found = try #require(try await database.tokenCredentials(id: "abc"))
            #expect(found.token == token)
            #expect(found.secretHash == "h1")
            #expect(try await database.tokenCredentials(id: "nope") == nil)
            #expect(try await database.tokens().map(\.id) == ["abc"])
        }
    }

    @Test("revoking marks the token once; revoking again keeps the first time; unknown ids are not found", arguments: StoreBackend.available)
    func revoke(_ backend: StoreBackend) async throws {
        try await backend.withFreshStore { store async throws in
            let database = store.database
            _ = try await database.createToken(id: "abc", name: "ci", scopes: [.read], secretHash: "h", audit: audit("token.create"))
            let first = try await database.revokeToken(id: "abc", audit: audit("token.revoke"))
            let second = try await database.revokeToken(id: "abc", audit: audit("token.revoke"))
            #expect(first.revokedAt != nil)
            #expect(second.revokedAt == first.revokedAt)
            #expect(try await database.auditEvents(limit: 10).filter { $0.action == "token.revoke" }.count == 1)
            await #expect(throws: StoreError.notFound("no token with id zzz")) { try await database.revokeToken(id: "zzz", audit: audit("token.revoke")) }
        }
    }

    @Test("the last active admin token cannot be revoked; with another admin token it can", arguments: StoreBackend.available)
    func lastAdmin(_ backend: StoreBackend) async throws {
        try await backend.withFreshStore { store async throws in
            let database = store.database
            _ = try await database.createToken(id: "a1", name: "admin", scopes: [.admin], secretHash: "h", audit: audit("token.create"))
            await #expect(throws: StoreError.lastAdminToken(id: "a1")) { try await database.revokeToken(id: "a1", audit: audit("token.revoke")) }
            #expect(try await database.hasActiveAdminToken() == true)
            _ = try await database.createToken(id: "a2", name: "admin 2", scopes: [.admin], secretHash: "h", audit: audit("token.create"))
            #expect(try await database.revokeToken(id: "a1", audit: audit("token.revoke")).revokedAt != nil)
            #expect(try await database.tokens().filter(\.isActive).map(\.id) == ["a2"])
        }
    }

    @Test("the bootstrap admin token is installed once and replaced when it changes", arguments: StoreBackend.available)
    func bootstrap(_ backend: StoreBackend) async throws {
        try await backend.withFreshStore { store async throws in
            let database = store.database
            #expect(try await database.hasActiveAdminToken() == false)
            #expect(try await database.installBootstrapToken(id: "b1", secretHash: "h1", audit: audit("token.bootstrap")) == true)
            #expect(try await database.installBootstrapToken(id: "b1", secretHash: "h1", audit: audit("token.bootstrap")) == false)
            #expect(try await database.hasActiveAdminToken() == true)

            #expect(try await database.installBootstrapToken(id: "b2", secretHash: "h2", audit: audit("token.bootstrap")) == true)
            #expect(try await database.tokenCredentials(id: "b1")?.token.isActive == false)
            #expect(try await database.tokenCredentials(id: "b2")?.token.isActive == true)
        }
    }

    @Test("a revoked bootstrap token is never installed again: the revocation stands", arguments: StoreBackend.available)
    func revokedBootstrapStaysRevoked(_ backend: StoreBackend) async throws {
        try await backend.withFreshStore { store async throws in
            let database = store.database
            #expect(try await database.installBootstrapToken(id: "b1", secretHash: "h1", audit: audit("token.bootstrap")) == true)
            _ = try await database.createToken(id: "a2", name: "admin 2", scopes: [.admin], secretHash: "h", audit: audit("token.create"))
            _ = try await database.revokeToken(id: "b1", audit: audit("token.revoke"))
            // A restart with the same MOBILE_OPS_ADMIN_TOKEN installs the same id again.
            await #expect(throws: StoreError.conflict("token b1 was revoked, and a revoked token is never made active again")) {
                try await database.installBootstrapToken(id: "b1", secretHash: "h1", audit: audit("token.bootstrap"))
            }
            #expect(try await database.tokenCredentials(id: "b1")?.token.isActive == false)
            #expect(try await database.tokens().filter(\.isActive).map(\.id) == ["a2"])
        }
    }
}
