import Core
import Foundation
import PostgresNIO
import Store

// MARK: - Findings an agent sends for the job it holds

extension PostgresAppDatabase {
    /// Checks that the agent holds the job (locking its row, so it cannot end meanwhile) and
    /// stores the report's findings under the job's source, in one transaction: the rows go as
    /// one `unnest` of column arrays.
    public func replaceJobFindings(
        jobID: Int64, agentID: Int64, report: String, findings: [StoredFinding], at now: Date
    ) async throws(StoreError) -> Int64 {
        try await write { connection in
            let buildID = try await self.heldJob(jobID, by: agentID, on: connection).buildID
            let rows = try await connection.query("SELECT step_key, shard_index, shard_count FROM job WHERE id = \(jobID)", logger: self.logger)
            var source: String?
            for try await (stepKey, shardIndex, shardCount) in rows.decode((String, Int32, Int32).self) {
                source = StoredFinding.jobSource(stepKey: stepKey, shardIndex: Int(shardIndex), shardCount: Int(shardCount), report: report)
            }
            guard let source else { throw StoreError.jobNotHeld(jobID: jobID) }
            try await self.replaceSourceFindings(findings, buildID: buildID, source: source, at: now, on: connection)
            return buildID
        }
    }
}
