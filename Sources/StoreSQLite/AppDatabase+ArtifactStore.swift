import Core
import Foundation
import GRDB
import Store

// MARK: - Artifacts

extension AppDatabase: ArtifactStore {
    /// Records the artifact in one transaction with the check that the agent holds the job.
    public func recordArtifact(
        jobID: Int64, agentID: Int64, path: String, size: Int64, sha256: String, storedAs: String, now: Date
    ) async throws(StoreError) -> (artifact: Artifact, replaced: String?) {
        try await write { db in
            guard let job = try JobRecord.fetchOne(db, key: jobID), job.agentID == agentID, job.jobState.isActive else {
                throw StoreError.jobNotHeld(jobID: jobID)
            }
            let replaced = try String.fetchOne(db, sql: "SELECT storedAs FROM artifact WHERE jobID = ? AND path = ?", arguments: [jobID, path])
            try db.execute(sql: "DELETE FROM artifact WHERE jobID = ? AND path = ?", arguments: [jobID, path])
            try db.execute(
                sql: "INSERT INTO artifact (jobID, path, size, sha256, storedAs, createdAt) VALUES (?, ?, ?, ?, ?, ?)",
                arguments: [jobID, path, size, sha256, storedAs, StoredDate(now)]
            )
            let artifact = Artifact(id: db.lastInsertedRowID, jobID: jobID, path: path, size: size, sha256: sha256, createdAt: now)
            return (artifact, replaced)
        }
    }

    /// A job's artifacts, ordered by path.
    public func artifacts(jobID: Int64) async throws(StoreError) -> [Artifact] {
        try await read { db in
            guard try JobRecord.exists(db, key: jobID) else { throw StoreError.notFound("no job with id \(jobID)") }
            return try Row.fetchAll(db, sql: "SELECT * FROM artifact WHERE jobID = ? ORDER BY path", arguments: [jobID]).map(Self.artifact(from:))
        }
    }

    /// One artifact and its file name.
    public func artifact(id: Int64) async throws(StoreError) -> (artifact: Artifact, storedAs: String)? {
        try await read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM artifact WHERE id = ?", arguments: [id]) else { return nil }
            return (Self.artifact(from: row), row["storedAs"])
        }
    }

    private static func artifact(from row: Row) -> Artifact {
        Artifact(id: row["id"], jobID: row["jobID"], path: row["path"], size: row["size"], sha256: row["sha256"], createdAt: row[date: "createdAt"])
    }
}
