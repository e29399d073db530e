import Core
import Foundation
import GRDB
import Store

extension AppDatabase: RepositoryStore {
    /// Stores a repository and its audit event in one transaction.
    public func createRepository(
        name: String, provider: GitProvider, cloneURL: String, defaultBranch: String,
        webhookSecret: String, audit: AuditEvent
    ) async throws(StoreError) -> Repository {
        try await write { db in
            // The UNIQUE NOCASE index is the real guard; this check only makes the message clear.
            if try RepositoryRecord.filter(Column("name") == name).fetchCount(db) > 0 {
                throw StoreError.conflict("a repository named \(name) already exists")
            }
            var record = RepositoryRecord(
                id: nil, name: name, provider: provider.rawValue, cloneURL: cloneURL,
                defaultBranch: defaultBranch, webhookSecret: webhookSecret, createdAt: audit.occurredAt
            )
            try record.insert(db)
            // Read back what was stored, so callers see dates at the store's precision (ms).
            guard let repository = try RepositoryRecord.fetchOne(db, key: record.id)?.repository else {
                throw StoreError.database("inserted repository \(name) could not be read back")
            }
            var event = AuditEventRecord(audit)
            event.subject = "repository:\(repository.id)"
            try event.insert(db)
            return repository
        }
    }

    /// All repositories, ordered by id.
    public func repositories() async throws(StoreError) -> [Repository] {
        try await read { db in
            try RepositoryRecord.order(Column("id")).fetchAll(db).compactMap(\.repository)
        }
    }

    /// One repository by id, or nil.
    public func repository(id: Int64) async throws(StoreError) -> Repository? {
        try await read { db in try RepositoryRecord.fetchOne(db, key: id)?.repository }
    }

    /// One repository by full name (case-insensitive), or nil.
    public func repository(named name: String) async throws(StoreError) -> Repository? {
        try await read { db in
            try RepositoryRecord.filter(Column("name") == name).fetchOne(db)?.repository
        }
    }

    /// The webhook secret of a repository, for signature checks only.
    public func webhookSecret(repositoryID: Int64) async throws(StoreError) -> String? {
        try await read { db in try RepositoryRecord.fetchOne(db, key: repositoryID)?.webhookSecret }
    }

    /// Replaces the webhook secret, with its audit event, in one transaction.
    public func rotateWebhookSecret(repositoryID: Int64, secret: String, audit: AuditEvent) async throws(StoreError) -> Repository {
        try await write { db in
            guard var record = try RepositoryRecord.fetchOne(db, key: repositoryID), let repository = record.repository else {
                throw StoreError.notFound("no repository with id \(repositoryID)")
            }
            record.webhookSecret = secret
            try record.update(db)
            _ = try AuditEventRecord(audit).inserted(db)
            return repository
        }
    }

    /// Deletes the repository unless a build of it is unfinished (the check and the delete in
    /// one transaction). Builds keep their history with no repository; deliveries go with it.
    public func removeRepository(id: Int64, audit: AuditEvent) async throws(StoreError) -> Repository {
        try await write { db in
            guard let record = try RepositoryRecord.fetchOne(db, key: id), let repository = record.repository else {
                throw StoreError.notFound("no repository with id \(id)")
            }
            let unfinished = try Int.fetchOne(
                db, sql: "SELECT COUNT(*) FROM build WHERE repositoryID = ? AND state IN ('pending', 'running')", arguments: [id]) ?? 0
            guard unfinished == 0 else {
                throw StoreError.conflict("repository \(repository.name) has \(unfinished) unfinished build(s); cancel them first")
            }
            // The build → repository key cascades (v2-ci-loop, never edited), so deleting the
            // row alone took every build, job, log and artifact of the repository with it.
            try db.execute(sql: "UPDATE build SET repositoryID = NULL WHERE repositoryID = ?", arguments: [id])
            _ = try RepositoryRecord.deleteOne(db, key: id)
            _ = try AuditEventRecord(audit).inserted(db)
            return repository
        }
    }
}
