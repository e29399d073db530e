import Core
import Foundation
import GRDB
import Store

// MARK: - Operational figures

extension AppDatabase: OperationsStore {
    /// Counts from one read transaction, so the figures agree with each other.
    public func operationalCounts(now: Date) async throws(StoreError) -> OperationalCounts {
        try await read { db in
            let pending = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM job WHERE state = 'pending'") ?? 0
            let running = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM job WHERE state IN ('assigned', 'running')") ?? 0
            // The same presence the agents list and the dashboard show (`AgentPresence`).
            let rows = try Row.fetchAll(db, sql: """
                SELECT agent.state, agent.lastSeenAt,
                       (SELECT COUNT(*) FROM job WHERE job.agentID = agent.id AND job.state IN ('assigned', 'running')) AS held
                FROM agent WHERE agent.state != 'removed'
                """)
            var agents = Dictionary(uniqueKeysWithValues: AgentPresence.allCases.map { ($0.rawValue, 0) })
            for row in rows {
                let presence = AgentPresence.of(
                    storedState: row["state"], lastSeenAt: row[date: "lastSeenAt"], heldJobs: row["held"], now: now, window: presenceWindow)
                agents[presence.rawValue, default: 0] += 1
            }
            return OperationalCounts(pendingJobs: pending, runningJobs: running, agentsByState: agents)
        }
    }

    /// Builds finished in (`start`, `end`], by finish time, with the times their metrics row
    /// was recorded with (worked out again the same way if that row is gone).
    public func finishedBuilds(after start: Date, through end: Date, limit: Int) async throws(StoreError) -> [FinishedBuild] {
        try await read { db in
            let rows = try Row.fetchAll(db, sql: """
                SELECT b.*, m.queueSeconds AS metricQueue, m.durationSeconds AS metricRun, m.totalSeconds AS metricTotal
                FROM build b LEFT JOIN metricBuild m ON m.ciBuildID = b.id AND m.unit = 'build'
                WHERE b.finishedAt IS NOT NULL AND b.finishedAt > ? AND b.finishedAt <= ? ORDER BY b.finishedAt, b.id LIMIT ?
                """, arguments: [StoredDate(start), StoredDate(end), limit])
            let builds = try rows.map { try BuildRecord(row: $0) }
            let missing = zip(rows, builds).filter { row, _ in (row["metricTotal"] as Double?) == nil }.compactMap { $0.1.id }
            let spans = try Self.jobSpans(of: missing, in: db)
            return zip(rows, builds).map { row, build in
                let id = build.id ?? 0
                let recorded: BuildTimes? = (row["metricQueue"] as Double?).flatMap { queue in
                    guard let run = row["metricRun"] as Double?, let total = row["metricTotal"] as Double? else { return nil }
                    return BuildTimes(queueSeconds: queue, runSeconds: run, totalSeconds: total)
                }
                return FinishedBuild(
                    id: id, finishedAt: build.finishedAt ?? end, state: build.state, pipeline: build.pipeline,
                    times: recorded ?? (spans[id] ?? JobSpan()).times(of: build, now: end))
            }
        }
    }
}
