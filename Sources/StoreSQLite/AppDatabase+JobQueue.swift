import Core
import Foundation
import GRDB
import Store

extension AppDatabase: JobQueue {
    /// Marks an assigned job running and extends its lease.
    public func startJob(id: Int64, agentID: Int64, leaseSeconds: Double, now: Date) async throws(StoreError) -> AgentDirective {
        try await write { db in
            var job = try Self.heldJob(id, by: agentID, in: db)
            if job.jobState == .assigned {
                job.state = JobState.running.rawValue
                job.startedAt = now
            }
            job.leaseExpiresAt = now.addingTimeInterval(leaseSeconds)
            try job.update(db)
            try Self.refreshBuildState(job.buildID, now: now, in: db)
            return AgentDirective(cancel: job.cancelRequested)
        }
    }

    /// Extends the lease; the directive says whether to cancel.
    public func heartbeat(jobID: Int64, agentID: Int64, leaseSeconds: Double, now: Date) async throws(StoreError) -> AgentDirective {
        try await write { db in
            var job = try Self.heldJob(jobID, by: agentID, in: db)
            job.leaseExpiresAt = now.addingTimeInterval(leaseSeconds)
            try job.update(db)
            try db.execute(sql: "UPDATE agent SET lastSeenAt = ? WHERE id = ?", arguments: [StoredDate(now), agentID])
            return AgentDirective(cancel: job.cancelRequested)
        }
    }

    /// Stores a log chunk once per sequence number, while the agent still holds the job: the
    /// agent sends all of its log before `finish`, so a chunk after it is refused like any
    /// other report on a job that is over.
    public func appendLog(jobID: Int64, agentID: Int64, sequence: Int, content: [UInt8], now: Date) async throws(StoreError) -> AgentDirective {
        try await write { db in
            let job = try Self.heldJob(jobID, by: agentID, in: db)
            try db.execute(
                sql: "INSERT OR IGNORE INTO jobLog (jobID, sequence, content, receivedAt) VALUES (?, ?, ?, ?)",
                arguments: [jobID, sequence, Data(content), StoredDate(now)]
            )
            return AgentDirective(cancel: job.cancelRequested)
        }
    }

    /// Pins the build to the reported commit unless it already names one.
    public func recordCheckout(jobID: Int64, agentID: Int64, commitSHA: String, now: Date) async throws(StoreError) {
        try await write { db in
            let job = try Self.heldJob(jobID, by: agentID, in: db)
            // Only a ref is replaced: a build that names a commit was asked for that commit.
            guard var build = try BuildRecord.fetchOne(db, key: job.buildID), !CommitReference.isObjectName(build.commitSHA) else { return }
            build.commitSHA = commitSHA
            try build.update(db)
            // The statuses of its earlier states were skipped: there was no commit to attach them to.
            try Self.enqueueCommitStatus(for: build, in: db, now: now)
        }
    }

    /// Records the outcome, retries when the policy says so, refreshes the build.
    ///
    /// An agent reports `lost` when it is shutting down mid-job: the job is then treated
    /// exactly as if its lease had expired (retried on another agent when the policy allows),
    /// only sooner.
    public func finishJob(id: Int64, agentID: Int64, outcome: JobOutcome, now: Date) async throws(StoreError) {
        try await write { db in
            var job = try Self.heldJob(id, by: agentID, in: db)
            let final: JobState = outcome.state.isFinished ? outcome.state : .failed
            guard job.jobState.canMove(to: final) else {
                throw StoreError.conflict("job \(id) cannot move from \(job.state) to \(final.rawValue)")
            }
            job.state = final.rawValue
            job.exitStatus = outcome.exitStatus
            job.finishedAt = now
            job.leaseExpiresAt = nil
            try job.update(db)
            try Self.learnSuiteDurations(from: job, in: db, now: now)
            try Self.afterJobEnded(job, now: now, in: db)
        }
    }

    /// Marks jobs whose lease ran out as lost, retrying them when allowed.
    public func expireLeases(now: Date) async throws(StoreError) -> [Int64] {
        try await write { db in
            let expired = try JobRecord
                .filter([JobState.assigned.rawValue, JobState.running.rawValue].contains(Column("state")))
                .filter(Column("leaseExpiresAt") < StoredDate(now))
                .fetchAll(db)
            for var job in expired {
                job.state = JobState.lost.rawValue
                job.finishedAt = now
                job.leaseExpiresAt = nil
                try job.update(db)
                try Self.afterJobEnded(job, now: now, in: db)
            }
            return expired.compactMap(\.id)
        }
    }

    /// A job's log chunks after `sequence`, and whether the job has finished.
    public func jobLog(jobID: Int64, after sequence: Int?) async throws(StoreError) -> (chunks: [(sequence: Int, content: [UInt8])], finished: Bool) {
        try await read { db in
            guard let job = try JobRecord.fetchOne(db, key: jobID) else { throw StoreError.notFound("no job with id \(jobID)") }
            let rows = try Row.fetchAll(
                db, sql: "SELECT sequence, content FROM jobLog WHERE jobID = ? AND sequence > ? ORDER BY sequence",
                arguments: [jobID, sequence ?? -1]
            )
            let chunks = rows.map { (sequence: $0["sequence"] as Int, content: [UInt8]($0["content"] as Data)) }
            return (chunks, job.jobState.isFinished)
        }
    }

    // MARK: Helpers

    /// The job, if this agent holds it and it is still active.
    static func heldJob(_ id: Int64, by agentID: Int64, in db: Database) throws -> JobRecord {
        guard let job = try JobRecord.fetchOne(db, key: id), job.agentID == agentID, job.jobState.isActive else {
            throw StoreError.jobNotHeld(jobID: id)
        }
        return job
    }

    /// Retries per policy, cancels dependents of a failure or releases those of a success
    /// (`JobEndingPlan`), and re-derives the build.
    static func afterJobEnded(_ job: JobRecord, now: Date, in db: Database) throws {
        let spec = try job.spec()
        let retryAllowed = !job.cancelRequested && spec.retry.retries(after: job.jobState, exitStatus: job.exitStatus, attempt: job.attempt)
        let plan = JobEndingPlan.plan(ended: try job.snapshot(), retryAllowed: retryAllowed, jobs: try buildJobSnapshots(job.buildID, in: db))
        if plan.retry { try job.insertNextAttempt(now: now, in: db) }
        for id in plan.release {
            try db.execute(sql: "UPDATE job SET waitingForSteps = 0 WHERE id = ?", arguments: [id])
        }
        for id in plan.cancel {
            try db.execute(
                sql: "UPDATE job SET state = ?, pendingReason = NULL, finishedAt = ? WHERE id = ?",
                arguments: [JobState.canceled.rawValue, StoredDate(now), id]
            )
        }
        try refreshBuildState(job.buildID, now: now, in: db)
    }

    /// Every job of the build, as `JobEndingPlan` sees them; only pending jobs' specs are read.
    private static func buildJobSnapshots(_ buildID: Int64, in db: Database) throws -> [BuildJobSnapshot] {
        try JobRecord.filter(Column("buildID") == buildID).fetchAll(db).map { try $0.snapshot() }
    }
}
