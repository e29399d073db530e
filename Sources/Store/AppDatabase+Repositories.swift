import Core
import Foundation
import GRDB

extension AppDatabase: RepositoryStore {
    /// Stores a repository and its audit event in one transaction.
    public func createRepository(
        name: String, provider: GitProvider, cloneURL: String, defaultBranch: String,
        webhookSecret: String, audit: AuditEvent
    ) throws(StoreError) -> Repository {
        try write { db in
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
    public func repositories() throws(StoreError) -> [Repository] {
        try read { db in
            try RepositoryRecord.order(Column("id")).fetchAll(db).compactMap(\.repository)
        }
    }

    /// One repository by id, or nil.
    public func repository(id: Int64) throws(StoreError) -> Repository? {
        try read { db in try RepositoryRecord.fetchOne(db, key: id)?.repository }
    }

    /// One repository by full name (case-insensitive), or nil.
    public func repository(named name: String) throws(StoreError) -> Repository? {
        try read { db in
            try RepositoryRecord.filter(Column("name") == name).fetchOne(db)?.repository
        }
    }

    /// The webhook secret of a repository, for signature checks only.
    public func webhookSecret(repositoryID: Int64) throws(StoreError) -> String? {
        try read { db in try RepositoryRecord.fetchOne(db, key: repositoryID)?.webhookSecret }
    }
}
