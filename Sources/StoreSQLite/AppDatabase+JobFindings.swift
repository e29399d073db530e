import Core
import Foundation
import GRDB
import Store

// MARK: - Findings an agent sends for the job it holds

extension AppDatabase {
    /// Checks that the agent holds the job and stores the report's findings under the job's
    /// source, in one transaction, so a job lost and handed to another agent meanwhile never
    /// gets findings from the first.
    public func replaceJobFindings(
        jobID: Int64, agentID: Int64, report: String, findings: [StoredFinding], at now: Date
    ) async throws(StoreError) -> Int64 {
        try await write { db in
            guard let job = try JobRecord.fetchOne(db, key: jobID), job.agentID == agentID, job.jobState.isActive else {
                throw StoreError.jobNotHeld(jobID: jobID)
            }
            let source = StoredFinding.jobSource(stepKey: job.stepKey, shardIndex: job.shardIndex, shardCount: job.shardCount, report: report)
            try Self.replaceSourceFindings(findings, buildID: job.buildID, source: source, at: now, in: db)
            return job.buildID
        }
    }
}
