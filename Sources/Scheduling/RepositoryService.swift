import Core
import Foundation
import Store
import Synchronization

/// Registers and looks up repositories.
///
/// The list is read on every dashboard refresh, CLI call and webhook delivery but changes
/// rarely, so it is kept as a versioned snapshot (with the webhook secrets looked up so far)
/// that each write through this service invalidates, here and (through the cluster signals)
/// on every other server sharing the database.
public final class RepositoryService: RepositoryLookup {
    private let store: any RepositoryStore
    private let clock: any TimeSource
    /// The cached list and secrets, and the write counter they were read at.
    private let cache = Mutex<Cache>(Cache())

    private struct Cache: Sendable {
        var version = 0
        var snapshot: RepositorySnapshot?
        var secrets: [Int64: String] = [:]
    }

    /// Where a change is announced to the other servers sharing the database.
    private let signals: any ClusterSignals

    /// Creates the service over a repository store; changes are announced through `signals`.
    public init(store: any RepositoryStore, clock: any TimeSource, signals: any ClusterSignals = SingleServerSignals()) {
        self.store = store
        self.clock = clock
        self.signals = signals
    }

    /// Drops the cached list and secrets (another server changed a repository); the next
    /// look-up reads the store.
    public func forgetCached() {
        cache.withLock { $0 = Cache(version: $0.version + 1) }
    }

    /// Drops this server's cache and tells the others to drop theirs.
    private func changed() {
        forgetCached()
        signals.publish(.repositoriesChanged)
    }

    /// Validates and stores a repository; returns it with its webhook secret (shown once).
    ///
    /// - Throws: `ValidationFailure` for bad input, `StoreError.conflict` for a taken name.
    public func create(_ draft: RepositoryDraft, actor: String) async throws -> (repository: Repository, webhookSecret: String) {
        let valid = try draft.validated()
        let secret = valid.webhookSecret ?? Self.generateSecret()
        let repository = try await store.createRepository(
            name: valid.name, provider: valid.provider, cloneURL: valid.cloneURL,
            defaultBranch: valid.defaultBranch, webhookSecret: secret,
            audit: AuditEvent(occurredAt: clock.now, actor: actor, action: "repository.create", subject: "repository", detail: valid.name)
        )
        changed()
        return (repository, secret)
    }

    /// A new webhook secret for the repository, shown once; the old one stops working now.
    public func rotateSecret(id: Int64, actor: String) async throws(StoreError) -> (repository: Repository, webhookSecret: String) {
        let secret = Self.generateSecret()
        let repository = try await store.rotateWebhookSecret(
            repositoryID: id, secret: secret,
            audit: AuditEvent(occurredAt: clock.now, actor: actor, action: "repository.rotate_secret", subject: "repository:\(id)"))
        changed()
        return (repository, secret)
    }

    /// Removes a repository (refused while it has unfinished builds).
    public func remove(id: Int64, actor: String) async throws(StoreError) -> Repository {
        let repository = try await store.removeRepository(
            id: id, audit: AuditEvent(occurredAt: clock.now, actor: actor, action: "repository.remove", subject: "repository:\(id)"))
        changed()
        return repository
    }

    /// All repositories, with the version of the list they belong to.
    public func list() async throws(StoreError) -> RepositorySnapshot {
        let (version, cached) = cache.withLock { ($0.version, $0.snapshot) }
        if let cached { return cached }
        let snapshot = RepositorySnapshot(version: version, repositories: try await store.repositories())
        // Keep it only if no write happened while we read; otherwise it may be stale.
        cache.withLock { if $0.version == version { $0.snapshot = snapshot } }
        return snapshot
    }

    /// The webhook secret of repository `id`, for signature checks only; read once, then
    /// kept with the snapshot (every delivery needs it).
    public func webhookSecret(repositoryID id: Int64) async throws(StoreError) -> String? {
        let (version, cached) = cache.withLock { ($0.version, $0.secrets[id]) }
        if let cached { return cached }
        guard let secret = try await store.webhookSecret(repositoryID: id) else { return nil }
        cache.withLock { if $0.version == version { $0.secrets[id] = secret } }
        return secret
    }

    /// One repository by id, from the snapshot, or nil.
    public func repository(id: Int64) async throws(StoreError) -> Repository? {
        try await list().repository(id: id)
    }

    /// One repository by id, from the snapshot.
    /// - Throws: `StoreError.notFound` when there is none.
    public func existingRepository(id: Int64) async throws(StoreError) -> Repository {
        guard let repository = try await repository(id: id) else {
            throw StoreError.notFound("no repository with id \(id)")
        }
        return repository
    }

    /// 32 random bytes, hex: what git hosts accept as a webhook secret.
    private static func generateSecret() -> String {
        Hex.random(byteCount: 32)
    }
}

// MARK: - Snapshot

/// The repository list as of one version; the version changes with every write.
public struct RepositorySnapshot: Sendable {
    /// Increases with every write through `RepositoryService`.
    public let version: Int
    /// The repositories, ordered by id.
    public let repositories: [Repository]
    /// Positions in `repositories` by ASCII-lower-cased name.
    private let positions: [String: Int]

    init(version: Int, repositories: [Repository]) {
        self.version = version
        self.repositories = repositories
        var positions: [String: Int] = [:]
        for (index, repository) in repositories.enumerated() { positions[Self.key(repository.name)] = index }
        self.positions = positions
    }

    /// The repository named `name`, ignoring ASCII case (SQLite's `NOCASE`).
    public func repository(named name: String) -> Repository? {
        positions[Self.key(name)].map { repositories[$0] }
    }

    /// The repository with id `id`, found by binary search (the list is ordered by id).
    public func repository(id: Int64) -> Repository? {
        var low = 0
        var high = repositories.count
        while low < high {
            let middle = (low + high) / 2
            if repositories[middle].id < id { low = middle + 1 } else { high = middle }
        }
        return low < repositories.count && repositories[low].id == id ? repositories[low] : nil
    }

    private static func key(_ name: String) -> String {
        String(decoding: name.utf8.map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }, as: UTF8.self)
    }
}
