import Core
import Foundation
import PostgresNIO
import Store

extension PostgresAppDatabase: RepositoryStore {
    /// Stores a repository and its audit event in one transaction.
    public func createRepository(
        name: String, provider: GitProvider, cloneURL: String, defaultBranch: String,
        webhookSecret: String, audit: AuditEvent
    ) async throws(StoreError) -> Repository {
        let createdAt = PostgresTime.stored(audit.occurredAt)
        return try await write { connection in
            // The unique index on lower(name) is the real guard; this check only makes the message clear.
            let taken = try await connection.value(
                "SELECT count(*) FROM repository WHERE lower(name) = lower(\(name))", as: Int64.self, logger: self.logger
            ) ?? 0
            guard taken == 0 else { throw StoreError.conflict("a repository named \(name) already exists") }
            let rows = try await connection.boundedQuery(
                """
                INSERT INTO repository (name, provider, clone_url, default_branch, webhook_secret, created_at)
                VALUES (\(name), \(provider.rawValue), \(cloneURL), \(defaultBranch), \(webhookSecret), \(createdAt))
                RETURNING \(unescaped: Self.repositoryColumns)
                """, logger: self.logger)
            guard let repository = try await Self.repositories(from: rows).first else {
                throw StoreError.database("inserted repository \(name) could not be read back")
            }
            var event = audit
            event.subject = "repository:\(repository.id)"
            try await self.insertAudit(event, on: connection)
            return repository
        }
    }

    /// All repositories, ordered by id.
    public func repositories() async throws(StoreError) -> [Repository] {
        try await read { connection in
            try await Self.repositories(from: connection.boundedQuery(
                "SELECT \(unescaped: Self.repositoryColumns) FROM repository ORDER BY id", logger: self.logger))
        }
    }

    /// One repository by id, or nil.
    public func repository(id: Int64) async throws(StoreError) -> Repository? {
        try await read { connection in
            try await Self.repositories(from: connection.boundedQuery(
                "SELECT \(unescaped: Self.repositoryColumns) FROM repository WHERE id = \(id)", logger: self.logger)).first
        }
    }

    /// One repository by full name (case-insensitive), or nil.
    public func repository(named name: String) async throws(StoreError) -> Repository? {
        try await read { connection in
            try await Self.repositories(from: connection.boundedQuery(
                "SELECT \(unescaped: Self.repositoryColumns) FROM repository WHERE lower(name) = lower(\(name))",
                logger: self.logger)).first
        }
    }

    /// The webhook secret of a repository, for signature checks only.
    public func webhookSecret(repositoryID: Int64) async throws(StoreError) -> String? {
        try await read { connection in
            try await connection.value("SELECT webhook_secret FROM repository WHERE id = \(repositoryID)", as: String.self, logger: self.logger)
        }
    }

    /// Replaces the webhook secret, with its audit event, in one transaction.
    public func rotateWebhookSecret(repositoryID: Int64, secret: String, audit: AuditEvent) async throws(StoreError) -> Repository {
        try await write { connection in
            let rows = try await connection.boundedQuery(
                """
                UPDATE repository SET webhook_secret = \(secret) WHERE id = \(repositoryID)
                RETURNING \(unescaped: Self.repositoryColumns)
                """, logger: self.logger)
            guard let repository = try await Self.repositories(from: rows).first else {
                throw StoreError.notFound("no repository with id \(repositoryID)")
            }
            try await self.insertAudit(audit, on: connection)
            return repository
        }
    }

    /// Deletes the repository unless a build of it is unfinished (the check and the delete in
    /// one transaction, the repository's row locked first so no build of it starts between).
    /// Builds and deliveries stay, with no repository (the keys set it to NULL).
    public func removeRepository(id: Int64, audit: AuditEvent) async throws(StoreError) -> Repository {
        try await write { connection in
            let rows = try await connection.boundedQuery(
                "SELECT \(unescaped: Self.repositoryColumns) FROM repository WHERE id = \(id) FOR UPDATE",
                logger: self.logger)
            guard let repository = try await Self.repositories(from: rows).first else {
                throw StoreError.notFound("no repository with id \(id)")
            }
            let unfinished = try await connection.value(
                "SELECT count(*) FROM build WHERE repository_id = \(id) AND state IN ('pending', 'running')", as: Int64.self, logger: self.logger
            ) ?? 0
            guard unfinished == 0 else {
                throw StoreError.conflict("repository \(repository.name) has \(unfinished) unfinished build(s); cancel them first")
            }
            try await connection.run("DELETE FROM repository WHERE id = \(id)", logger: self.logger)
            try await self.insertAudit(audit, on: connection)
            return repository
        }
    }

    /// The columns `repositories(from:)` reads, in its order.
    private static let repositoryColumns = "id, name, provider, clone_url, default_branch, created_at"

    /// Repositories from rows of `repositoryColumns`; a row with an unknown provider is
    /// skipped, as the SQLite store does.
    private static func repositories(from rows: PostgresRowSequence) async throws -> [Repository] {
        var repositories: [Repository] = []
        for try await (id, name, provider, cloneURL, defaultBranch, createdAt) in rows.decode((Int64, String, String, String, String, Date).self) {
            guard let provider = GitProvider(rawValue: provider) else { continue }
            repositories.append(Repository(id: id, name: name, provider: provider, cloneURL: cloneURL, defaultBranch: defaultBranch, createdAt: createdAt))
        }
        return repositories
    }
}
