import Core
import Foundation
import GRDB
import Store

// MARK: - Repository secrets (sealed values only)

extension AppDatabase: SecretStore {
    /// Inserts or replaces the row of the same repository, name and pipeline, with its audit
    /// event, in one transaction; a replaced row keeps its id and creation.
    public func saveSecret(_ secret: StoredSecret, audit: AuditEvent) async throws(StoreError) -> (secret: StoredSecret, created: Bool) {
        try await write { db in
            guard try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM repository WHERE id = ?", arguments: [secret.repositoryID]) ?? 0 > 0 else {
                throw StoreError.notFound("no repository with id \(secret.repositoryID)")
            }
            let existing = try Self.secretRows(
                in: db, where: "repositoryID = ? AND name = ? AND pipeline IS ?", [secret.repositoryID, secret.name, secret.pipeline]).first
            let arguments: StatementArguments = [
                StoredSecret.storedBranches(secret.branches), secret.pullRequests, secret.kind.rawValue, Data(secret.sealed),
                secret.keyFingerprint, secret.valueFingerprint, secret.size, StoredDate(secret.updatedAt), secret.updatedBy,
            ]
            let id: Int64
            if let existing {
                try db.execute(sql: """
                    UPDATE secret SET branches = ?, pullRequests = ?, kind = ?, sealed = ?, keyFingerprint = ?, valueFingerprint = ?,
                      size = ?, updatedAt = ?, updatedBy = ? WHERE id = ?
                    """, arguments: arguments + StatementArguments([existing.id]))
                id = existing.id
            } else {
                let creation: StatementArguments = [secret.repositoryID, secret.name, secret.pipeline, StoredDate(secret.createdAt), secret.createdBy]
                try db.execute(sql: """
                    INSERT INTO secret (repositoryID, name, pipeline, createdAt, createdBy,
                      branches, pullRequests, kind, sealed, keyFingerprint, valueFingerprint, size, updatedAt, updatedBy)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """, arguments: creation + arguments)
                id = db.lastInsertedRowID
            }
            _ = try AuditEventRecord(audit).inserted(db)
            guard let stored = try Self.secretRows(in: db, where: "id = ?", [id]).first else {
                throw StoreError.database("secret \(secret.name) could not be read back")
            }
            return (stored, existing == nil)
        }
    }

    /// A repository's secrets, by name, then pipeline (none first).
    public func secrets(repositoryID: Int64) async throws(StoreError) -> [StoredSecret] {
        try await read { db in try Self.secretRows(in: db, where: "repositoryID = ?", [repositoryID]) }
    }

    /// Removes the rows `selection` picks, with the audit event, in one transaction.
    public func removeSecrets(repositoryID: Int64, name: String, selection: SecretSelection, audit: AuditEvent) async throws(StoreError) -> [StoredSecret] {
        try await write { db in
            let rows = try Self.secretRows(in: db, where: "repositoryID = ? AND name = ?", [repositoryID, name])
            let picked = try SecretSelection.pick(selection, among: rows, name: name)
            for row in picked { try db.execute(sql: "DELETE FROM secret WHERE id = ?", arguments: [row.id]) }
            _ = try AuditEventRecord(audit).inserted(db)
            return picked
        }
    }

    /// Rows per key fingerprint.
    public func secretKeyFingerprints() async throws(StoreError) -> [String: Int] {
        try await read { db in
            var counts: [String: Int] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT keyFingerprint, COUNT(*) AS rows FROM secret GROUP BY keyFingerprint") {
                counts[row["keyFingerprint"]] = row["rows"]
            }
            return counts
        }
    }

    /// Every row, sealed.
    public func allSecrets() async throws(StoreError) -> [StoredSecret] {
        try await read { db in try Self.secretRows(in: db, where: "1", []) }
    }

    /// Re-seals every row in one transaction; a row `reseal` refuses rolls all back.
    public func resealSecrets(audit: AuditEvent, _ reseal: @Sendable (StoredSecret) throws -> ResealedSecret) async throws -> Int {
        do {
            return try await writer.write { db in
                let rows = try Self.secretRows(in: db, where: "1", [])
                for row in rows {
                    let resealed = try reseal(row)
                    try db.execute(
                        sql: "UPDATE secret SET sealed = ?, keyFingerprint = ?, valueFingerprint = ? WHERE id = ?",
                        arguments: [Data(resealed.sealed), resealed.keyFingerprint, resealed.valueFingerprint, row.id])
                }
                _ = try AuditEventRecord(audit).inserted(db)
                return rows.count
            }
        } catch let error as DatabaseError {
            throw storeError(error)
        }
    }

    /// The job, its build and its stored spec.
    public func secretFacts(jobID: Int64) async throws(StoreError) -> JobSecretFacts? {
        try await read { db in
            guard let record = try JobRecord.fetchOne(db, key: jobID),
                  let build = try BuildRecord.fetchOne(db, key: record.buildID)?.build()
            else { return nil }
            return JobSecretFacts(job: record.job, build: build, spec: try record.spec())
        }
    }

    /// Writes one audit event.
    public func recordSecretUse(_ audit: AuditEvent) async throws(StoreError) {
        try await write { db in _ = try AuditEventRecord(audit).inserted(db) }
    }

    /// Rows of `secret` matching `condition`, by name, then pipeline (none first); a row of a
    /// kind this version does not know is left out.
    private static func secretRows(in db: Database, where condition: String, _ arguments: StatementArguments) throws -> [StoredSecret] {
        try Row.fetchAll(db, sql: """
            SELECT id, repositoryID, name, pipeline, branches, pullRequests, kind, sealed, keyFingerprint, valueFingerprint, size,
              createdAt, createdBy, updatedAt, updatedBy
            FROM secret WHERE \(condition) ORDER BY name, pipeline IS NOT NULL, pipeline
            """, arguments: arguments).compactMap { row -> StoredSecret? in
            guard let kind = JobSecrets.Kind(rawValue: row["kind"]) else { return nil }
            let sealed: Data = row["sealed"]
            return StoredSecret(
                id: row["id"], repositoryID: row["repositoryID"], name: row["name"], pipeline: row["pipeline"],
                branches: StoredSecret.branches(stored: row["branches"]), pullRequests: row["pullRequests"], kind: kind,
                sealed: Array(sealed), keyFingerprint: row["keyFingerprint"], valueFingerprint: row["valueFingerprint"], size: row["size"],
                createdAt: row[date: "createdAt"], createdBy: row["createdBy"], updatedAt: row[date: "updatedAt"], updatedBy: row["updatedBy"])
        }
    }
}
