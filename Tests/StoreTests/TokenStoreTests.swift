import Core
import Foundation
import Testing
@testable import Store

@Suite("API tokens in the store")
struct TokenStoreTests {
    let directory: TemporaryDirectory
    let database: AppDatabase

    init() throws {
        directory = try TemporaryDirectory()
        database = try AppDatabase.open(path: directory.path("db.sqlite"))
    }

    private func audit(_ action: String) -> AuditEvent { AuditEvent(occurredAt: Date(), actor: "tester", action: action, subject: "token") }

    @Test("a created token is found by id with its hash; the list never carries hashes")
    func createAndFind() throws {
        defer { directory.remove() }
        let token = try database.createToken(id: "abc", name: "ci", scopes: [.read, .write], secretHash: "h1", audit: audit("token.create"))
        #expect(token.scopes == [.read, .write])
        let found = try #require(try database.tokenCredentials(id: "abc"))
        #expect(found.token == token)
        #expect(found.secretHash == "h1")
        #expect(try database.tokenCredentials(id: "nope") == nil)
        #expect(try database.tokens().map(\.id) == ["abc"])
    }

    @Test("revoking marks the token once; revoking again keeps the first time; unknown ids are not found")
    func revoke() throws {
        defer { directory.remove() }
        _ = try database.createToken(id: "abc", name: "ci", scopes: [.read], secretHash: "h", audit: audit("token.create"))
        let first = try database.revokeToken(id: "abc", audit: audit("token.revoke"))
        let second = try database.revokeToken(id: "abc", audit: audit("token.revoke"))
        #expect(first.revokedAt != nil)
        #expect(second.revokedAt == first.revokedAt)
        #expect(try database.auditEvents(limit: 10).filter { $0.action == "token.revoke" }.count == 1)
        #expect(throws: StoreError.notFound("no token with id zzz")) { try database.revokeToken(id: "zzz", audit: audit("token.revoke")) }
    }

    @Test("the bootstrap admin token is installed once and replaced when it changes")
    func bootstrap() throws {
        defer { directory.remove() }
        #expect(try !database.hasActiveAdminToken())
        #expect(try database.installBootstrapToken(id: "b1", secretHash: "h1", audit: audit("token.bootstrap")))
        #expect(try !database.installBootstrapToken(id: "b1", secretHash: "h1", audit: audit("token.bootstrap")))
        #expect(try database.hasActiveAdminToken())

        #expect(try database.installBootstrapToken(id: "b2", secretHash: "h2", audit: audit("token.bootstrap")))
        #expect(try database.tokenCredentials(id: "b1")?.token.isActive == false)
        #expect(try database.tokenCredentials(id: "b2")?.token.isActive == true)
    }
}
