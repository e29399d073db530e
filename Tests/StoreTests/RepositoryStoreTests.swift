import Core
import Foundation
import GRDB
import Testing
@testable import Store

@Suite("Repositories in the store")
struct RepositoryStoreTests {
    let directory: TemporaryDirectory
    let database: AppDatabase

    init() throws {
        directory = try TemporaryDirectory()
        database = try AppDatabase.open(path: directory.path("db.sqlite"))
    }

    private func audit() -> AuditEvent { AuditEvent(occurredAt: Date(), actor: "tester", action: "repository.create", subject: "repository") }

    @Test("create, list, find by id and by name (case-insensitively)")
    func createAndRead() throws {
        defer { directory.remove() }
        let created = try database.createRepository(name: "acme/ios-app", provider: .github, cloneURL: "https://example.com/a.git", defaultBranch: "main", webhookSecret: "secret-secret-secret", audit: audit())
        _ = try database.createRepository(name: "acme/android", provider: .gitlab, cloneURL: "file:///tmp/x", defaultBranch: "develop", webhookSecret: "another-secret-value", audit: audit())

        #expect(try database.repositories().map(\.name) == ["acme/ios-app", "acme/android"])
        #expect(try database.repository(id: created.id) == created)
        #expect(try database.repository(named: "ACME/IOS-APP")?.id == created.id)
        #expect(try database.repository(id: 999) == nil)
        #expect(try database.webhookSecret(repositoryID: created.id) == "secret-secret-secret")
    }

    @Test("a taken name is a conflict and writes nothing, not even an audit event")
    func conflictWritesNothing() throws {
        defer { directory.remove() }
        _ = try database.createRepository(name: "acme/ios-app", provider: .github, cloneURL: "u", defaultBranch: "main", webhookSecret: "s", audit: audit())
        let eventsBefore = try database.auditEvents(limit: 100).count

        #expect(throws: StoreError.conflict("a repository named Acme/iOS-App already exists")) {
            try database.createRepository(name: "Acme/iOS-App", provider: .gitlab, cloneURL: "v", defaultBranch: "main", webhookSecret: "t", audit: audit())
        }
        #expect(try database.repositories().count == 1)
        #expect(try database.auditEvents(limit: 100).count == eventsBefore)
    }

    @Test("each creation writes its audit event with the new id, in the same transaction")
    func auditsCreation() throws {
        defer { directory.remove() }
        let created = try database.createRepository(name: "acme/ios-app", provider: .github, cloneURL: "u", defaultBranch: "main", webhookSecret: "s", audit: audit())
        let events = try database.auditEvents(limit: 10)
        #expect(events.count == 1)
        #expect(events.first?.subject == "repository:\(created.id)")
        #expect(events.first?.actor == "tester")
    }
}
