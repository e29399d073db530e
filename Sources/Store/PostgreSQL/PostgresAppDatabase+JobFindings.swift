import Core
import Foundation
import PostgresNIO

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
            try await connection.run("DELETE FROM finding WHERE build_id = \(buildID) AND source = \(source)", logger: self.logger)
            guard !findings.isEmpty else { return buildID }
            var paths = PostgresNullableArray<String>(), lines = PostgresNullableArray<Int64>()
            for finding in findings {
                paths.append(finding.path)
                lines.append(finding.line.map(Int64.init))
            }
            try await connection.run(
                """
                INSERT INTO finding (build_id, source, tool, rule_id, level, message, path, line, fingerprint, stored_at)
                SELECT \(buildID), \(source), tool, rule, level, message, path, line, fingerprint, \(PostgresTime.stored(now))
                FROM unnest(\(findings.map(\.tool))::text[], \(findings.map(\.ruleID))::text[], \(findings.map(\.level))::text[],
                            \(findings.map(\.message))::text[], \(paths)::text[], \(lines)::bigint[], \(findings.map(\.fingerprint))::text[])
                     WITH ORDINALITY AS f(tool, rule, level, message, path, line, fingerprint, position)
                ORDER BY position
                """, logger: self.logger)
            return buildID
        }
    }
}
