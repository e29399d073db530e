import Core

/// Storage of registered repositories; SQLite today, PostgreSQL later behind the same protocol.
public protocol RepositoryStore: RepositoryLookup {
    /// Stores a repository and its audit event in one transaction.
    /// - Throws: `StoreError.conflict` when the name is taken (case-insensitively).
    func createRepository(
        name: String, provider: GitProvider, cloneURL: String, defaultBranch: String,
        webhookSecret: String, audit: AuditEvent
    ) throws(StoreError) -> Repository
    /// All repositories, ordered by id.
    func repositories() throws(StoreError) -> [Repository]
    /// One repository by full name (case-insensitive), or nil.
    func repository(named name: String) throws(StoreError) -> Repository?
    /// The webhook secret of a repository, for signature checks only.
    func webhookSecret(repositoryID: Int64) throws(StoreError) -> String?
}
