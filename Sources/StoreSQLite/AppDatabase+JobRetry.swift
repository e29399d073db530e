import Core
import Foundation
import GRDB
import Store

// MARK: - Retrying one job by hand

extension AppDatabase {
    /// Runs a failed, timed-out or lost job again as a new attempt, and the jobs canceled
    /// because it failed once it passes (`JobRetryPlan`); the build runs again. One transaction.
    public func retryJob(id: Int64, now: Date, audit: AuditEvent) async throws(StoreError) -> Build {
        try await write { db in
            guard let job = try JobRecord.fetchOne(db, key: id) else { throw StoreError.notFound("no job with id \(id)") }
            guard var build = try BuildRecord.fetchOne(db, key: job.buildID) else { throw StoreError.notFound("no build with id \(job.buildID)") }
            if let reason = build.cancelReason {
                throw StoreError.conflict("build \(job.buildID) was canceled (\(reason)): retry the build instead")
            }
            if try job.spec().devices != nil {
                throw StoreError.conflict("job \(id) runs a devices: step, whose tests are spread over the build's devices: retry the build instead")
            }
            let records = try JobRecord.filter(Column("buildID") == job.buildID).order(Column("id")).fetchAll(db)
            let snapshots = try records.map { record in
                var snapshot = try record.snapshot()
                snapshot.dependsOn = try record.spec().dependsOn
                return snapshot
            }
            let plan = try JobRetryPlan.plan(retrying: id, among: snapshots)
            let byID = Dictionary(uniqueKeysWithValues: records.compactMap { record in record.id.map { ($0, record) } })
            let attempts = [(plan.retried, [String]())] + plan.dependents.map { ($0.id, $0.waitingFor) }
            for (attemptOf, waitingFor) in attempts {
                try byID[attemptOf]?.insertNextAttempt(waitingFor: waitingFor, now: now, in: db)
            }
            // The build is unfinished again; its state follows its jobs' from here.
            build.finishedAt = nil
            try build.update(db)
            try Self.refreshBuildState(job.buildID, now: now, in: db)
            _ = try AuditEventRecord(audit).inserted(db)
            guard let retried = try fetchBuild(id: job.buildID, in: db) else { throw StoreError.notFound("no build with id \(job.buildID)") }
            return retried
        }
    }
}
