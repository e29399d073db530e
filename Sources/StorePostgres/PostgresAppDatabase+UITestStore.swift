import Core
import Foundation
import PostgresNIO
import Store

extension PostgresAppDatabase: UITestStore {
    /// Stores the report (replacing an earlier one) if the agent holds the job.
    public func recordUITestReport(jobID: Int64, agentID: Int64, report: UITestReport, now: Date) async throws(StoreError) {
        let text: String
        do { text = try StoreJSON.encode(report) } catch { throw StoreError.database("the UI-test report cannot be encoded: \(error)") }
        try await write { connection in
            _ = try await self.heldJob(jobID, by: agentID, on: connection)
            try await connection.run(
                """
                INSERT INTO job_ui_test_report (job_id, report, created_at) VALUES (\(jobID), \(text), \(PostgresTime.stored(now)))
                ON CONFLICT (job_id) DO UPDATE SET report = excluded.report, created_at = excluded.created_at
                """, logger: self.logger)
        }
    }

    /// Every report of the build's jobs (all attempts), by job id.
    public func uiTestReports(buildID: Int64) async throws(StoreError) -> [JobUITestReport] {
        try await read { connection in
            guard try await connection.value("SELECT id FROM build WHERE id = \(buildID)", as: Int64.self, logger: self.logger) != nil else {
                throw StoreError.notFound("no build with id \(buildID)")
            }
            let rows = try await connection.boundedQuery(
                """
                SELECT job.id, job.step_key, r.report FROM job_ui_test_report r JOIN job ON job.id = r.job_id
                WHERE job.build_id = \(buildID) ORDER BY job.id
                """, logger: self.logger)
            var reports: [JobUITestReport] = []
            for try await (jobID, stepKey, text) in rows.decode((Int64, String, String).self) {
                let report = try JSONDecoder().decode(UITestReport.self, from: Data(text.utf8))
                reports.append(JobUITestReport(jobID: jobID, stepKey: stepKey, report: report))
            }
            return reports
        }
    }
}
