import Core

/// Finds a repository by id; what code needs that only resolves the repositories its records
/// point at (the commit-status notifier, once per message).
///
/// ``RepositoryStore`` reads SQLite each time; the server's `RepositoryService` answers from
/// its cached snapshot, which is what a background loop running once per build should use.
public protocol RepositoryLookup: Sendable {
    /// One repository by id, or nil.
    func repository(id: Int64) throws(StoreError) -> Repository?
}
