import Core
import Foundation
import NIOCore
import PostgresNIO
import Store

extension PostgresAppDatabase: JobQueue {
    /// Marks an assigned job running and extends its lease.
    public func startJob(id: Int64, agentID: Int64, leaseSeconds: Double, now: Date) async throws(StoreError) -> AgentDirective {
        try await write { connection in
            let job = try await self.heldJob(id, by: agentID, on: connection)
            let at = PostgresTime.stored(now)
            try await connection.run(
                """
                UPDATE job SET state = CASE WHEN state = 'assigned' THEN 'running' ELSE state END,
                  started_at = CASE WHEN state = 'assigned' THEN \(at) ELSE started_at END,
                  lease_expires_at = \(PostgresTime.stored(now.addingTimeInterval(leaseSeconds)))
                WHERE id = \(id)
                """, logger: self.logger)
            try await self.refreshBuildState(job.buildID, now: now, on: connection)
            return AgentDirective(cancel: job.cancelRequested)
        }
    }

    /// Extends the lease; the directive says whether to cancel.
    public func heartbeat(jobID: Int64, agentID: Int64, leaseSeconds: Double, now: Date) async throws(StoreError) -> AgentDirective {
        try await write { connection in
            let job = try await self.heldJob(jobID, by: agentID, on: connection)
            try await connection.run(
                "UPDATE job SET lease_expires_at = \(PostgresTime.stored(now.addingTimeInterval(leaseSeconds))) WHERE id = \(jobID)", logger: self.logger)
            try await connection.run("UPDATE agent SET last_seen_at = \(PostgresTime.stored(now)) WHERE id = \(agentID)", logger: self.logger)
            return AgentDirective(cancel: job.cancelRequested)
        }
    }

    /// Stores a log chunk once per sequence number, while the agent still holds the job: the
    /// agent sends all of its log before `finish`, so a chunk after it is refused like any
    /// other report on a job that is over. The job row is locked, so a finish committing at
    /// the same time is either seen or waits for this chunk.
    public func appendLog(jobID: Int64, agentID: Int64, sequence: Int, content: [UInt8], now: Date) async throws(StoreError) -> AgentDirective {
        try await write { connection in
            let cancel = try await self.heldJob(jobID, by: agentID, on: connection).cancelRequested
            try await connection.run(
                """
                INSERT INTO job_log (job_id, sequence, content, received_at)
                VALUES (\(jobID), \(Int32(clamping: sequence)), \(ByteBuffer(bytes: content)), \(PostgresTime.stored(now)))
                ON CONFLICT DO NOTHING
                """, logger: self.logger)
            return AgentDirective(cancel: cancel)
        }
    }

    /// Pins the build to the reported commit unless it already names one.
    public func recordCheckout(jobID: Int64, agentID: Int64, commitSHA: String, now: Date) async throws(StoreError) {
        try await write { connection in
            let job = try await self.heldJob(jobID, by: agentID, on: connection)
            // Only a ref is replaced: a build that names a commit was asked for that commit.
            guard var build = try await self.buildRow(id: job.buildID, on: connection), !CommitReference.isObjectName(build.commitSHA) else { return }
            try await connection.run("UPDATE build SET commit_sha = \(commitSHA) WHERE id = \(build.id)", logger: self.logger)
            build.commitSHA = commitSHA
            // The statuses of its earlier states were skipped: there was no commit to attach them to.
            try await self.enqueueCommitStatus(for: build, now: now, on: connection)
        }
    }

    /// Records the outcome, learns the suites' durations, retries when the policy says so,
    /// refreshes the build. An agent reports `lost` when it shuts down mid-job: the job is then
    /// treated exactly as if its lease had expired, only sooner.
    public func finishJob(id: Int64, agentID: Int64, outcome: JobOutcome, now: Date) async throws(StoreError) {
        try await write { connection in
            let job = try await self.heldJob(id, by: agentID, on: connection)
            let final: JobState = outcome.state.isFinished ? outcome.state : .failed
            guard job.state.canMove(to: final) else {
                throw StoreError.conflict("job \(id) cannot move from \(job.state.rawValue) to \(final.rawValue)")
            }
            try await connection.run(
                """
                UPDATE job SET state = \(final.rawValue), exit_status = \(outcome.exitStatus), finished_at = \(PostgresTime.stored(now)),
                  lease_expires_at = NULL
                WHERE id = \(id)
                """, logger: self.logger)
            try await self.learnSuiteDurations(jobID: id, now: now, on: connection)
            try await self.afterJobEnded(id, now: now, on: connection)
        }
    }

    /// Marks jobs whose lease ran out as lost, retrying them when allowed; answers their ids.
    public func expireLeases(now: Date) async throws(StoreError) -> [Int64] {
        try await write { connection in
            let expired = try await connection.values(
                """
                UPDATE job SET state = 'lost', finished_at = \(PostgresTime.stored(now)), lease_expires_at = NULL
                WHERE id IN (SELECT id FROM job WHERE state IN ('assigned', 'running') AND lease_expires_at < \(PostgresTime.stored(now))
                             ORDER BY id FOR UPDATE SKIP LOCKED)
                RETURNING id
                """, as: Int64.self, logger: self.logger)
            for id in expired.sorted() { try await self.afterJobEnded(id, now: now, on: connection) }
            return expired.sorted()
        }
    }

    /// A job's log chunks after `sequence`, and whether the job has finished.
    public func jobLog(jobID: Int64, after sequence: Int?) async throws(StoreError) -> (chunks: [(sequence: Int, content: [UInt8])], finished: Bool) {
        try await read { connection in
            guard let state = try await connection.value("SELECT state FROM job WHERE id = \(jobID)", as: String.self, logger: self.logger) else {
                throw StoreError.notFound("no job with id \(jobID)")
            }
            let rows = try await connection.boundedQuery(
                "SELECT sequence, content FROM job_log WHERE job_id = \(jobID) AND sequence > \(Int32(clamping: sequence ?? -1)) ORDER BY sequence",
                logger: self.logger)
            var chunks: [(sequence: Int, content: [UInt8])] = []
            for try await (number, content) in rows.decode((Int32, ByteBuffer).self) {
                chunks.append((Int(number), Array(content.readableBytesView)))
            }
            return (chunks, (JobState(rawValue: state) ?? .pending).isFinished)
        }
    }
}
