import Core
import Foundation
import PostgresNIO
import Store

extension PostgresAppDatabase: ArtifactStore {
    /// Records (or replaces, for the same path) an artifact, in one transaction with the check
    /// that the agent holds the job; answers the file name of any artifact it replaced.
    public func recordArtifact(
        jobID: Int64, agentID: Int64, path: String, size: Int64, sha256: String, storedAs: String, now: Date
    ) async throws(StoreError) -> (artifact: Artifact, replaced: String?) {
        let recorded = try await write { connection in
            _ = try await self.heldJob(jobID, by: agentID, on: connection)
            let replaced = try await connection.value(
                "DELETE FROM artifact WHERE job_id = \(jobID) AND path = \(path) RETURNING stored_as", as: String.self, logger: self.logger)
            let rows = try await connection.boundedQuery(
                """
                INSERT INTO artifact (job_id, path, size, sha256, stored_as, created_at)
                VALUES (\(jobID), \(path), \(size), \(sha256), \(storedAs), \(PostgresTime.stored(now)))
                RETURNING \(unescaped: Self.artifactColumns)
                """, logger: self.logger)
            guard let artifact = try await Self.artifacts(from: rows).first else { throw StoreError.database("artifact insert returned nothing") }
            return (artifact.artifact, replaced)
        }
        return recorded
    }

    /// A job's artifacts, ordered by path.
    public func artifacts(jobID: Int64) async throws(StoreError) -> [Artifact] {
        try await read { connection in
            guard try await connection.value("SELECT id FROM job WHERE id = \(jobID)", as: Int64.self, logger: self.logger) != nil else {
                throw StoreError.notFound("no job with id \(jobID)")
            }
            return try await Self.artifacts(from: connection.boundedQuery(
                "SELECT \(unescaped: Self.artifactColumns) FROM artifact WHERE job_id = \(jobID) ORDER BY path", logger: self.logger)).map(\.artifact)
        }
    }

    /// One artifact and its file name, or nil.
    public func artifact(id: Int64) async throws(StoreError) -> (artifact: Artifact, storedAs: String)? {
        let found = try await read { connection in
            try await Self.artifacts(from: connection.boundedQuery(
                "SELECT \(unescaped: Self.artifactColumns) FROM artifact WHERE id = \(id)", logger: self.logger)).first
        }
        return found.map { ($0.artifact, $0.storedAs) }
    }

    /// An artifact row with the name of its file.
    private struct StoredArtifact: Sendable {
        var artifact: Artifact
        var storedAs: String
    }

    private static let artifactColumns = "id, job_id, path, size, sha256, created_at, stored_as"

    private static func artifacts(from rows: PostgresRowSequence) async throws -> [StoredArtifact] {
        var artifacts: [StoredArtifact] = []
        for try await (id, jobID, path, size, sha256, createdAt, storedAs) in rows.decode((Int64, Int64, String, Int64, String, Date, String).self) {
            artifacts.append(StoredArtifact(artifact: Artifact(id: id, jobID: jobID, path: path, size: size, sha256: sha256, createdAt: createdAt), storedAs: storedAs))
        }
        return artifacts
    }
}
