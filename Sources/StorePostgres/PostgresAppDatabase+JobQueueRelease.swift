import Core
import Foundation
import PostgresNIO
import Store

// MARK: - Jobs of an agent that left

extension PostgresAppDatabase {
    /// Hands an assigned job its agent never started back to the queue.
    public func releaseJob(id: Int64, agentID: Int64, now: Date) async throws(StoreError) -> Bool {
        try await write { connection in
            let state = try await connection.value(
                "SELECT state FROM job WHERE id = \(id) AND agent_id = \(agentID) FOR UPDATE", as: String.self, logger: self.logger)
            guard state == JobState.assigned.rawValue else { return false }
            try await self.release(id, now: now, on: connection)
            return true
        }
    }

    /// Marks a connected agent stopped, hands its assigned jobs back and loses its running ones.
    public func stopAgent(id: Int64, now: Date) async throws(StoreError) -> AgentStopped {
        try await write { connection in
            // `stopped` reads as offline everywhere (`AgentPresence`) and its token no longer
            // authenticates; registering again under its name makes it `connected` again.
            try await connection.run("UPDATE agent SET state = 'stopped' WHERE id = \(id) AND state = 'connected'", logger: self.logger)
            let rows = try await connection.boundedQuery(
                "SELECT id, state FROM job WHERE agent_id = \(id) AND state IN ('assigned', 'running') ORDER BY id FOR UPDATE", logger: self.logger)
            var held: [(Int64, String)] = []
            for try await row in rows.decode((Int64, String).self) { held.append(row) }
            var stopped = AgentStopped(releasedJobs: [], lostJobs: [])
            for (jobID, state) in held {
                if state == JobState.assigned.rawValue {
                    try await self.release(jobID, now: now, on: connection)
                    stopped.releasedJobs.append(jobID)
                } else {
                    // The agent killed it on the way out; the same as a lease running out, sooner.
                    try await connection.run(
                        "UPDATE job SET state = 'lost', finished_at = \(PostgresTime.stored(now)), lease_expires_at = NULL WHERE id = \(jobID)",
                        logger: self.logger)
                    try await self.afterJobEnded(jobID, now: now, on: connection)
                    stopped.lostJobs.append(jobID)
                }
            }
            return stopped
        }
    }

    /// Puts an assigned job back as pending and claimable (canceled when its build was canceled
    /// meanwhile), unassigned, and re-derives its build.
    private func release(_ jobID: Int64, now: Date, on connection: PostgresConnection) async throws {
        let buildID = try await connection.value(
            """
            UPDATE job SET state = CASE WHEN cancel_requested THEN 'canceled' ELSE 'pending' END,
              pending_reason = CASE WHEN cancel_requested THEN NULL ELSE \(PendingReason.queued.message) END,
              finished_at = CASE WHEN cancel_requested THEN \(PostgresTime.stored(now)) ELSE NULL END,
              agent_id = NULL, assigned_at = NULL, lease_expires_at = NULL
            WHERE id = \(jobID) RETURNING build_id
            """, as: Int64.self, logger: logger)
        try await makeRunnable(jobID, on: connection)
        if let buildID { try await refreshBuildState(buildID, now: now, on: connection) }
    }
}
