import Core

/// Storage of registered repositories; SQLite today, PostgreSQL later behind the same protocol.
public protocol RepositoryStore: RepositoryLookup {
    /// Stores a repository and its audit event in one transaction.
    /// - Throws: `StoreError.conflict` when the name is taken (case-insensitively).
    func createRepository(
        name: String, provider: GitProvider, cloneURL: String, defaultBranch: String,
        webhookSecret: String, audit: AuditEvent
    ) async throws(StoreError) -> Repository
    /// All repositories, ordered by id.
    func repositories() async throws(StoreError) -> [Repository]
    /// One repository by full name (case-insensitive), or nil.
    func repository(named name: String) async throws(StoreError) -> Repository?
    /// The webhook secret of a repository, for signature checks only.
    func webhookSecret(repositoryID: Int64) async throws(StoreError) -> String?
    /// Replaces a repository's webhook secret; deliveries signed with the old one are refused from now on.
    func rotateWebhookSecret(repositoryID: Int64, secret: String, audit: AuditEvent) async throws(StoreError) -> Repository
    /// Removes a repository and its webhook deliveries; its builds stay, without a repository.
    /// - Throws: `StoreError.conflict` while it has unfinished builds.
    func removeRepository(id: Int64, audit: AuditEvent) async throws(StoreError) -> Repository
}

/// Finds a repository by id; what code needs that only resolves the repositories its records
/// point at (the commit-status notifier, once per message).
///
/// ``RepositoryStore`` reads SQLite each time; the server's `RepositoryService` answers from
/// its cached snapshot, which is what a background loop running once per build should use.
public protocol RepositoryLookup: Sendable {
    /// One repository by id, or nil.
    func repository(id: Int64) async throws(StoreError) -> Repository?
}
