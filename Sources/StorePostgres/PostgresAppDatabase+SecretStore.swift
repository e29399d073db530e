import Core
import Foundation
import NIOCore
import PostgresNIO
import Store

// MARK: - Repository secrets (sealed values only)

extension PostgresAppDatabase: SecretStore {
    /// Inserts or replaces the row of the same repository, name and pipeline, with its audit
    /// event, in one transaction; a replaced row keeps its id and creation.
    public func saveSecret(_ secret: StoredSecret, audit: AuditEvent) async throws(StoreError) -> (secret: StoredSecret, created: Bool) {
        let branches = StoredSecret.storedBranches(secret.branches)
        let sealed = ByteBuffer(bytes: secret.sealed)
        let size = Int64(secret.size), updatedAt = PostgresTime.stored(secret.updatedAt), createdAt = PostgresTime.stored(secret.createdAt)
        return try await write { connection in
            // Locks the repository's row: it cannot be removed meanwhile, and two saves of one
            // name take turns.
            let repository = try await connection.value(
                "SELECT id FROM repository WHERE id = \(secret.repositoryID) FOR UPDATE", as: Int64.self, logger: self.logger)
            guard repository != nil else { throw StoreError.notFound("no repository with id \(secret.repositoryID)") }
            let existing = try await connection.value(
                """
                SELECT id FROM secret WHERE repository_id = \(secret.repositoryID) AND name = \(secret.name)
                AND pipeline IS NOT DISTINCT FROM \(secret.pipeline)
                """, as: Int64.self, logger: self.logger)
            let id: Int64?
            if let existing {
                try await connection.run(
                    """
                    UPDATE secret SET branches = \(branches), pull_requests = \(secret.pullRequests), kind = \(secret.kind.rawValue),
                      sealed = \(sealed), key_fingerprint = \(secret.keyFingerprint), value_fingerprint = \(secret.valueFingerprint),
                      size = \(size), updated_at = \(updatedAt), updated_by = \(secret.updatedBy)
                    WHERE id = \(existing)
                    """, logger: self.logger)
                id = existing
            } else {
                id = try await connection.value(
                    """
                    INSERT INTO secret (repository_id, name, pipeline, branches, pull_requests, kind, sealed, key_fingerprint,
                      value_fingerprint, size, created_at, created_by, updated_at, updated_by)
                    VALUES (\(secret.repositoryID), \(secret.name), \(secret.pipeline), \(branches), \(secret.pullRequests),
                      \(secret.kind.rawValue), \(sealed), \(secret.keyFingerprint), \(secret.valueFingerprint), \(size),
                      \(createdAt), \(secret.createdBy), \(updatedAt), \(secret.updatedBy))
                    RETURNING id
                    """, as: Int64.self, logger: self.logger)
            }
            try await self.insertAudit(audit, on: connection)
            guard let id, let stored = try await self.secretRows(.id(id), on: connection).first else {
                throw StoreError.database("secret \(secret.name) could not be read back")
            }
            return (stored, existing == nil)
        }
    }

    /// A repository's secrets, by name, then pipeline (none first).
    public func secrets(repositoryID: Int64) async throws(StoreError) -> [StoredSecret] {
        try await read { connection in try await self.secretRows(.repository(repositoryID), on: connection) }
    }

    /// Removes the rows `selection` picks, with the audit event, in one transaction.
    public func removeSecrets(repositoryID: Int64, name: String, selection: SecretSelection, audit: AuditEvent) async throws(StoreError) -> [StoredSecret] {
        try await write { connection in
            let rows = try await self.secretRows(.named(repositoryID: repositoryID, name: name), lock: true, on: connection)
            let picked = try SecretSelection.pick(selection, among: rows, name: name)
            for row in picked { try await connection.run("DELETE FROM secret WHERE id = \(row.id)", logger: self.logger) }
            try await self.insertAudit(audit, on: connection)
            return picked
        }
    }

    /// Rows per key fingerprint.
    public func secretKeyFingerprints() async throws(StoreError) -> [String: Int] {
        try await read { connection in
            let rows = try await connection.boundedQuery("SELECT key_fingerprint, count(*) FROM secret GROUP BY key_fingerprint", logger: self.logger)
            var counts: [String: Int] = [:]
            for try await (fingerprint, count) in rows.decode((String, Int64).self) { counts[fingerprint] = Int(count) }
            return counts
        }
    }

    /// Every row, sealed.
    public func allSecrets() async throws(StoreError) -> [StoredSecret] {
        try await read { connection in try await self.secretRows(.all, on: connection) }
    }

    /// Re-seals every row in one transaction, the table locked against writes meanwhile; a row
    /// `reseal` refuses rolls all back, and its error is what the caller sees.
    public func resealSecrets(audit: AuditEvent, _ reseal: @Sendable (StoredSecret) throws -> ResealedSecret) async throws -> Int {
        var refusal: (any Error)?
        do {
            return try await write { connection in
                try await connection.run("LOCK TABLE secret IN EXCLUSIVE MODE", logger: self.logger)
                let rows = try await self.secretRows(.all, on: connection)
                for row in rows {
                    let resealed: ResealedSecret
                    do { resealed = try reseal(row) } catch {
                        refusal = error
                        throw error
                    }
                    try await connection.run(
                        """
                        UPDATE secret SET sealed = \(ByteBuffer(bytes: resealed.sealed)), key_fingerprint = \(resealed.keyFingerprint),
                          value_fingerprint = \(resealed.valueFingerprint) WHERE id = \(row.id)
                        """, logger: self.logger)
                }
                try await self.insertAudit(audit, on: connection)
                return rows.count
            }
        } catch {
            throw refusal ?? error
        }
    }

    /// The job, its build and its stored spec.
    public func secretFacts(jobID: Int64) async throws(StoreError) -> JobSecretFacts? {
        try await read { connection in
            let rows = try await connection.boundedQuery("SELECT \(unescaped: Self.jobColumns) FROM job WHERE id = \(jobID)", logger: self.logger)
            guard let stored = try await Self.jobs(from: rows).first,
                  let build = try await self.buildRow(id: stored.job.buildID, on: connection)
            else { return nil }
            return JobSecretFacts(job: stored.job, build: build, spec: try JSONDecoder().decode(JobSpec.self, from: Data(stored.plan.utf8)))
        }
    }

    /// Writes one audit event.
    public func recordSecretUse(_ audit: AuditEvent) async throws(StoreError) {
        try await write { connection in try await self.insertAudit(audit, on: connection) }
    }

    /// Which rows `secretRows` reads.
    private enum SecretRows {
        case id(Int64)
        case repository(Int64)
        case named(repositoryID: Int64, name: String)
        case all
    }

    /// Rows of `secret`, by name, then pipeline (none first), locked for the transaction when
    /// `lock` is set; a row of a kind this version does not know is left out.
    private func secretRows(_ which: SecretRows, lock: Bool = false, on connection: PostgresConnection) async throws -> [StoredSecret] {
        let order = "ORDER BY name, pipeline IS NOT NULL, pipeline" + (lock ? " FOR UPDATE" : "")
        let query: PostgresQuery
        switch which {
        case .id(let id):
            query = "SELECT \(unescaped: Self.secretColumns) FROM secret WHERE id = \(id) \(unescaped: order)"
        case .repository(let repositoryID):
            query = "SELECT \(unescaped: Self.secretColumns) FROM secret WHERE repository_id = \(repositoryID) \(unescaped: order)"
        case let .named(repositoryID, name):
            query = "SELECT \(unescaped: Self.secretColumns) FROM secret WHERE repository_id = \(repositoryID) AND name = \(name) \(unescaped: order)"
        case .all:
            query = "SELECT \(unescaped: Self.secretColumns) FROM secret \(unescaped: order)"
        }
        var secrets: [StoredSecret] = []
        for try await row in try await connection.boundedQuery(query, logger: logger) {
            let columns = row.makeRandomAccess()
            guard let kind = JobSecrets.Kind(rawValue: try columns[6].decode(String.self)) else { continue }
            secrets.append(StoredSecret(
                id: try columns[0].decode(Int64.self), repositoryID: try columns[1].decode(Int64.self), name: try columns[2].decode(String.self),
                pipeline: try columns[3].decode(String?.self), branches: StoredSecret.branches(stored: try columns[4].decode(String?.self)),
                pullRequests: try columns[5].decode(Bool.self), kind: kind, sealed: Array(try columns[7].decode(ByteBuffer.self).readableBytesView),
                keyFingerprint: try columns[8].decode(String.self), valueFingerprint: try columns[9].decode(String.self),
                size: Int(try columns[10].decode(Int64.self)), createdAt: try columns[11].decode(Date.self),
                createdBy: try columns[12].decode(String.self), updatedAt: try columns[13].decode(Date.self),
                updatedBy: try columns[14].decode(String.self)))
        }
        return secrets
    }

    /// The columns `secretRows` reads, in its order.
    private static let secretColumns = """
        id, repository_id, name, pipeline, branches, pull_requests, kind, sealed, key_fingerprint, value_fingerprint, size,
        created_at, created_by, updated_at, updated_by
        """
}
