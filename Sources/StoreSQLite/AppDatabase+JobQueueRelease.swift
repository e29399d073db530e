import Core
import Foundation
import GRDB
import Store

// MARK: - Jobs of an agent that left

extension AppDatabase {
    /// Hands an assigned job its agent never started back to the queue.
    public func releaseJob(id: Int64, agentID: Int64, now: Date) async throws(StoreError) -> Bool {
        try await write { db in
            guard let job = try JobRecord.fetchOne(db, key: id), job.agentID == agentID, job.jobState == .assigned else { return false }
            try Self.release(job, now: now, in: db)
            return true
        }
    }

    /// Marks a connected agent stopped, hands its assigned jobs back and loses its running ones.
    public func stopAgent(id: Int64, now: Date) async throws(StoreError) -> AgentStopped {
        try await write { db in
            // `stopped` reads as offline everywhere (`AgentPresence`) and its token no longer
            // authenticates; registering again under its name makes it `connected` again.
            try db.execute(sql: "UPDATE agent SET state = 'stopped' WHERE id = ? AND state = 'connected'", arguments: [id])
            var stopped = AgentStopped(releasedJobs: [], lostJobs: [])
            let held = try JobRecord.filter(Column("agentID") == id)
                .filter([JobState.assigned.rawValue, JobState.running.rawValue].contains(Column("state")))
                .order(Column("id")).fetchAll(db)
            for var job in held {
                guard let jobID = job.id else { continue }
                if job.jobState == .assigned {
                    try Self.release(job, now: now, in: db)
                    stopped.releasedJobs.append(jobID)
                } else {
                    // The agent killed it on the way out; the same as a lease running out, sooner.
                    job.state = JobState.lost.rawValue
                    job.finishedAt = now
                    job.leaseExpiresAt = nil
                    try job.update(db)
                    try Self.afterJobEnded(job, now: now, in: db)
                    stopped.lostJobs.append(jobID)
                }
            }
            return stopped
        }
    }

    /// Puts an assigned job back as pending (canceled when its build was canceled meanwhile),
    /// unassigned, and re-derives its build.
    private static func release(_ job: JobRecord, now: Date, in db: Database) throws {
        var job = job
        if job.cancelRequested {
            job.state = JobState.canceled.rawValue
            job.finishedAt = now
            job.pendingReason = nil
        } else {
            job.state = JobState.pending.rawValue
            job.pendingReason = PendingReason.queued.message
        }
        job.agentID = nil
        job.assignedAt = nil
        job.leaseExpiresAt = nil
        try job.update(db)
        try refreshBuildState(job.buildID, now: now, in: db)
    }
}
