import Core
import Foundation
import GRDB
import Store

// MARK: - ui_tests reports and suite durations

extension AppDatabase: UITestStore {
    /// Stores the report if the agent holds the job.
    public func recordUITestReport(jobID: Int64, agentID: Int64, report: UITestReport, now: Date) async throws(StoreError) {
        try await write { db in
            guard let job = try JobRecord.fetchOne(db, key: jobID), job.agentID == agentID, job.jobState.isActive else {
                throw StoreError.jobNotHeld(jobID: jobID)
            }
            try db.execute(
                sql: "INSERT OR REPLACE INTO jobUITestReport (jobID, report, createdAt) VALUES (?, ?, ?)",
                arguments: [jobID, try StoreJSON.encode(report), StoredDate(now)]
            )
        }
    }

    /// Every report of the build's jobs (all attempts), by job id.
    public func uiTestReports(buildID: Int64) async throws(StoreError) -> [JobUITestReport] {
        try await read { db in
            guard try BuildRecord.exists(db, key: buildID) else { throw StoreError.notFound("no build with id \(buildID)") }
            let rows = try Row.fetchAll(db, sql: """
                SELECT job.id AS jobID, job.stepKey, r.report FROM jobUITestReport r JOIN job ON job.id = r.jobID
                WHERE job.buildID = ? ORDER BY job.id
                """, arguments: [buildID])
            return try rows.map { row in
                let report = try JSONDecoder().decode(UITestReport.self, from: Data((row["report"] as String).utf8))
                return JobUITestReport(jobID: row["jobID"], stepKey: row["stepKey"], report: report)
            }
        }
    }

    /// Expected seconds per suite for a step, for a new build's `ui_tests:` jobs.
    static func suiteDurations(pipeline: String, stepKey: String, in db: Database) throws -> [String: Double] {
        let rows = try Row.fetchAll(
            db, sql: "SELECT suite, seconds FROM uiSuiteDuration WHERE pipeline = ? AND stepKey = ?", arguments: [pipeline, stepKey]
        )
        return Dictionary(rows.map { ($0["suite"] as String, $0["seconds"] as Double) }, uniquingKeysWith: { first, _ in first })
    }

    /// Learns from a finished shard: its suites took `actual / predicted` times what was
    /// expected, so each suite's estimate moves halfway towards its share of the real time.
    /// Only shards that ran to completion count (passed or failed, not cancelled or lost).
    static func learnSuiteDurations(from job: JobRecord, in db: Database, now: Date) throws {
        guard let jobID = job.id, [.passed, .failed].contains(job.jobState) else { return }
        let text = try String.fetchOne(db, sql: "SELECT report FROM jobUITestReport WHERE jobID = ?", arguments: [jobID])
        let observations = SuiteDurationLearning.observations(
            state: job.jobState, startedAt: job.startedAt, finishedAt: job.finishedAt,
            report: text.flatMap { try? JSONDecoder().decode(UITestReport.self, from: Data($0.utf8)) },
            known: (try? job.spec().uiTests?.durations) ?? [:])
        guard !observations.isEmpty else { return }
        let build = try BuildRecord.fetchOne(db, key: job.buildID)
        for (suite, observed) in observations {
            try db.execute(sql: """
                INSERT INTO uiSuiteDuration (pipeline, stepKey, suite, seconds, samples, updatedAt) VALUES (?, ?, ?, ?, 1, ?)
                ON CONFLICT (pipeline, stepKey, suite) DO UPDATE SET
                  seconds = (seconds + excluded.seconds) / 2, samples = samples + 1, updatedAt = excluded.updatedAt
                """, arguments: [build?.pipeline ?? "", job.stepKey, suite, observed, StoredDate(now)])
        }
    }
}
