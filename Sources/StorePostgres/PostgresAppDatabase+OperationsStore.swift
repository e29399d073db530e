import Core
import Foundation
import PostgresNIO
import Store

extension PostgresAppDatabase: OperationsStore {
    /// Queue depth, running jobs and agents by presence, read in one snapshot (`read`), so
    /// the figures agree with each other.
    public func operationalCounts(now: Date) async throws(StoreError) -> OperationalCounts {
        let counts = try await read { connection in
            let pending = try await connection.value("SELECT count(*) FROM job WHERE state = 'pending'", as: Int64.self, logger: self.logger) ?? 0
            let running = try await connection.value(
                "SELECT count(*) FROM job WHERE state IN ('assigned', 'running')", as: Int64.self, logger: self.logger) ?? 0
            // The same presence the agents list and the dashboard show (`AgentPresence`).
            let rows = try await connection.boundedQuery(
                """
                SELECT a.state, a.last_seen_at, (SELECT count(*) FROM job j WHERE j.agent_id = a.id AND j.state IN ('assigned', 'running'))
                FROM agent a WHERE a.state <> 'removed'
                """, logger: self.logger)
            var agents = Dictionary(uniqueKeysWithValues: AgentPresence.allCases.map { ($0.rawValue, 0) })
            for try await (state, lastSeenAt, held) in rows.decode((String, Date, Int64).self) {
                let presence = AgentPresence.of(storedState: state, lastSeenAt: lastSeenAt, heldJobs: Int(held), now: now, window: self.presenceWindow)
                agents[presence.rawValue, default: 0] += 1
            }
            return OperationalCounts(pendingJobs: Int(pending), runningJobs: Int(running), agentsByState: agents)
        }
        return counts
    }

    /// Builds finished in (`start`, `end`], by finish time, with the times their metrics row
    /// was recorded with (worked out again the same way if that row is gone).
    public func finishedBuilds(after start: Date, through end: Date, limit: Int) async throws(StoreError) -> [FinishedBuild] {
        try await read { connection in
            let rows = try await connection.boundedQuery(
                """
                SELECT b.id, m.queue_seconds, m.duration_seconds, m.total_seconds
                FROM build b LEFT JOIN metric_build m ON m.ci_build_id = b.id AND m.unit = 'build'
                WHERE b.finished_at IS NOT NULL AND b.finished_at > \(PostgresTime.stored(start)) AND b.finished_at <= \(PostgresTime.stored(end))
                ORDER BY b.finished_at, b.id LIMIT \(Int64(max(0, limit)))
                """, logger: self.logger)
            var recorded: [(id: Int64, times: BuildTimes?)] = []
            for try await (id, queue, run, total) in rows.decode((Int64, Double?, Double?, Double?).self) {
                if let queue, let run, let total {
                    recorded.append((id, BuildTimes(queueSeconds: queue, runSeconds: run, totalSeconds: total)))
                } else {
                    recorded.append((id, nil))
                }
            }
            var finished: [FinishedBuild] = []
            for (id, times) in recorded {
                guard let build = try await self.buildRow(id: id, on: connection) else { continue }
                let measured: BuildTimes
                if let times { measured = times } else { measured = try await self.buildTimes(of: build, now: end, on: connection) }
                finished.append(FinishedBuild(
                    id: id, finishedAt: build.finishedAt ?? end, state: build.state.rawValue, pipeline: build.pipeline, times: measured))
            }
            return finished
        }
    }
}
