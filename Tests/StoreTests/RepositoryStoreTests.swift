import Core
import Foundation
import TestSupport
import Testing
@testable import Store

@Suite("Repositories in the store")
struct RepositoryStoreTests {
    private func audit() -> AuditEvent { AuditEvent(occurredAt: DateShift.now, actor: "tester", action: "repository.create", subject: "repository") }

    @Test("create, list, find by id and by name (case-insensitively)", arguments: StoreBackend.available)
    func createAndRead(_ backend: StoreBackend) async throws {
        try await backend.withFreshStore { store async throws in
            let database = store.database
            let created = try await database.createRepository(name: "acme/ios-app", provider: .github, cloneURL: "https://example.com/a.git", defaultBranch: "main", webhookSecret: "secret-secret-secret", audit: audit())
            _ = try await database.createRepository(name: "acme/android", provider: .gitlab, cloneURL: "file:///tmp/x", defaultBranch: "develop", webhookSecret: "another-secret-value", audit: audit())

            #expect(try await database.repositories().map(\.name) == ["acme/ios-app", "acme/android"])
            #expect(try await database.repository(id: created.id) == created)
            #expect(try await database.repository(named: "ACME/IOS-APP")?.id == created.id)
            #expect(try await database.repository(id: 999) == nil)
            #expect(try await database.webhookSecret(repositoryID: created.id) == "secret-secret-secret")
        }
    }

    @Test("a taken name is a conflict and writes nothing, not even an audit event", arguments: StoreBackend.available)
    func conflictWritesNothing(_ backend: StoreBackend) async throws {
        try await backend.withFreshStore { store async throws in
            let database = store.database
            _ = try await database.createRepository(name: "acme/ios-app", provider: .github, cloneURL: "u", defaultBranch: "main", webhookSecret: "s", audit: audit())
            let eventsBefore = try await database.auditEvents(limit: 100).count

            await #expect(throws: StoreError.conflict("a repository named Acme/iOS-App already exists")) {
                try await database.createRepository(name: "Acme/iOS-App", provider: .gitlab, cloneURL: "v", defaultBranch: "main", webhookSecret: "t", audit: audit())
            }
            #expect(try await database.repositories().count == 1)
            #expect(try await database.auditEvents(limit: 100).count == eventsBefore)
        }
    }

    @Test("each creation writes its audit event with the new id, in the same transaction", arguments: StoreBackend.available)
    func auditsCreation(_ backend: StoreBackend) async throws {
        try await backend.withFreshStore { store async throws in
            let created = try await store.database.createRepository(name: "acme/ios-app", provider: .github, cloneURL: "u", defaultBranch: "main", webhookSecret: "s", audit: audit())
            let events = try await store.database.auditEvents(limit: 10)
            #expect(events.count == 1)
            #expect(events.first?.subject == "repository:\(created.id)")
            #expect(events.first?.actor == "tester")
        }
    }

    @Test("rotating the secret replaces it and is audited; an unknown repository is not found", arguments: StoreBackend.available)
    func rotateSecret(_ backend: StoreBackend) async throws {
        try await backend.withFreshStore { store async throws in
            let database = store.database
            let created = try await database.createRepository(name: "acme/ios-app", provider: .github, cloneURL: "u", defaultBranch: "main", webhookSecret: "old-secret-value", audit: audit())
            let rotated = try await database.rotateWebhookSecret(repositoryID: created.id, secret: "new-secret-value", audit: audit())
            #expect(rotated == created)
            #expect(try await database.webhookSecret(repositoryID: created.id) == "new-secret-value")
            #expect(try await database.auditEvents(limit: 10).count == 2)
            await #expect(throws: StoreError.notFound("no repository with id 999")) {
                try await database.rotateWebhookSecret(repositoryID: 999, secret: "x", audit: audit())
            }
        }
    }

    @Test("removing a repository deletes it and frees its name; an unknown one is not found", arguments: StoreBackend.available)
    func remove(_ backend: StoreBackend) async throws {
        try await backend.withFreshStore { store async throws in
            let database = store.database
            let created = try await database.createRepository(name: "acme/ios-app", provider: .github, cloneURL: "u", defaultBranch: "main", webhookSecret: "s", audit: audit())
            #expect(try await database.removeRepository(id: created.id, audit: audit()) == created)
            #expect(try await database.repositories().isEmpty)
            #expect(try await database.repository(named: "acme/ios-app") == nil)
            _ = try await database.createRepository(name: "acme/ios-app", provider: .github, cloneURL: "u", defaultBranch: "main", webhookSecret: "s", audit: audit())
            await #expect(throws: StoreError.notFound("no repository with id \(created.id)")) {
                try await database.removeRepository(id: created.id, audit: audit())
            }
        }
    }
}
