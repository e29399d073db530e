import Core
import Foundation

/// Records of uploaded artifacts; the bytes live in files the server manages.
public protocol ArtifactStore: Sendable {
    /// Records (or replaces, for the same path) an artifact of a job the agent holds, and
    /// answers it with the file name of any artifact it replaced, for the caller to delete.
    /// - Throws: `StoreError.jobNotHeld` when the job is not the agent's.
    func recordArtifact(
        jobID: Int64, agentID: Int64, path: String, size: Int64, sha256: String, storedAs: String, now: Date
    ) async throws(StoreError) -> (artifact: Artifact, replaced: String?)
    /// A job's artifacts by path. - Throws: `StoreError.notFound` for an unknown job.
    func artifacts(jobID: Int64) async throws(StoreError) -> [Artifact]
    /// One artifact with the name of its file, or nil.
    func artifact(id: Int64) async throws(StoreError) -> (artifact: Artifact, storedAs: String)?
}
