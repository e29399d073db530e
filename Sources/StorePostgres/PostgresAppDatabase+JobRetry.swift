import Core
import Foundation
import PostgresNIO
import Store

// MARK: - Retrying one job by hand

extension PostgresAppDatabase {
    /// Runs a failed, timed-out or lost job again as a new attempt, and the jobs canceled
    /// because it failed once it passes (`JobRetryPlan`); the build runs again. One
    /// transaction, the build's row locked first as every job ending does.
    public func retryJob(id: Int64, now: Date, audit: AuditEvent) async throws(StoreError) -> Build {
        try await write { connection in
            guard let buildID = try await connection.value("SELECT build_id FROM job WHERE id = \(id)", as: Int64.self, logger: self.logger),
                  let build = try await self.buildRow(id: buildID, lock: true, on: connection)
            else { throw StoreError.notFound("no job with id \(id)") }
            if let reason = build.cancelReason {
                throw StoreError.conflict("build \(buildID) was canceled (\(reason)): retry the build instead")
            }
            let rows = try await connection.boundedQuery(
                "SELECT \(unescaped: Self.jobColumns) FROM job WHERE build_id = \(buildID) ORDER BY id", logger: self.logger)
            let stored = try await Self.jobs(from: rows)
            var snapshots: [BuildJobSnapshot] = []
            for job in stored {
                let spec = try JSONDecoder().decode(JobSpec.self, from: Data(job.plan.utf8))
                if job.job.id == id, spec.devices != nil {
                    throw StoreError.conflict("job \(id) runs a devices: step, whose tests are spread over the build's devices: retry the build instead")
                }
                snapshots.append(BuildJobSnapshot(
                    id: job.job.id, stepKey: job.job.stepKey, state: job.job.state, dependsOn: spec.dependsOn,
                    waitingForSteps: false, superseded: job.job.supersededBy != nil))
            }
            let plan = try JobRetryPlan.plan(retrying: id, among: snapshots)
            for (attemptOf, waitingFor) in [(plan.retried, [String]())] + plan.dependents.map({ ($0.id, $0.waitingFor) }) {
                try await self.insertNextAttempt(of: attemptOf, waitingFor: waitingFor, now: now, on: connection)
            }
            // The build is unfinished again; its state follows its jobs' from here.
            try await connection.run("UPDATE build SET finished_at = NULL WHERE id = \(buildID)", logger: self.logger)
            try await self.refreshBuildState(buildID, now: now, on: connection)
            try await self.insertAudit(audit, on: connection)
            guard let retried = try await self.build(id: buildID, on: connection) else { throw StoreError.notFound("no build with id \(buildID)") }
            return retried
        }
    }
}
