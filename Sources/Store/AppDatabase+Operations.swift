import Core
import Foundation
import GRDB

// MARK: - Operational figures

extension AppDatabase: OperationsStore {
    /// Counts from one read transaction, so the figures agree with each other.
    public func operationalCounts(now: Date) throws(StoreError) -> OperationalCounts {
        try read { db in
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

    /// `v8-operations`: finished builds by time, for the scrape's duration histogram.
    static func registerOperationsMigration(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v8-operations") { db in
            try db.create(index: "build_on_finishedAt", on: "build", columns: ["finishedAt"], condition: Column("finishedAt") != nil)
        }
    }

    /// Builds finished in (`start`, `end`], by finish time.
    public func finishedBuilds(after start: Date, through end: Date, limit: Int) throws(StoreError) -> [FinishedBuild] {
        try read { db in
            try Row.fetchAll(db, sql: """
                SELECT id, state, pipeline, createdAt, finishedAt FROM build
                WHERE finishedAt IS NOT NULL AND finishedAt > ? AND finishedAt <= ? ORDER BY finishedAt, id LIMIT ?
                """, arguments: [StoredDate(start), StoredDate(end), limit]).map { row in
                let created = row[date: "createdAt"]
                let finished = row[date: "finishedAt"]
                return FinishedBuild(
                    id: row["id"], finishedAt: finished, state: row["state"], pipeline: row["pipeline"],
                    seconds: max(0, finished.timeIntervalSince(created))
                )
            }
        }
    }
}
