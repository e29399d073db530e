import Core
import Foundation
import GRDB
import Store

/// The `job` table row.
struct JobRecord: Codable, FetchableRecord, StoredDateColumns, DirectInsertRecord, Sendable {
    static let databaseTableName = "job"

    var id: Int64?
    var buildID: Int64
    var stepKey: String
    var label: String
    var shardIndex: Int
    var shardCount: Int
    var attempt: Int
    var supersededBy: Int64?
    var state: String
    /// JSON of the `JobSpec`.
    var plan: String
    /// Canonical JSON of the requirements, shared by jobs with the same needs.
    var requirementsKey: String
    var priority: Int
    var concurrencyGroup: String?
    var pendingReason: String?
    /// Set while a step this job depends on has not passed (`v10-runnable-jobs`): dispatch
    /// walks only jobs that could run now, so a backlog of waiting steps costs it nothing.
    var waitingForSteps: Bool
    var agentID: Int64?
    var leaseExpiresAt: Date?
    var cancelRequested: Bool
    var exitStatus: Int32?
    var createdAt: Date
    var assignedAt: Date?
    var startedAt: Date?
    var finishedAt: Date?

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }

    /// Every column but `id`, in `addColumnValues(to:)`'s order: the intake binds them directly
    /// (each build's jobs; see `DirectInsertRecord`).
    static let insertColumns = [
        "buildID", "stepKey", "label", "shardIndex", "shardCount", "attempt", "supersededBy", "state",
        "plan", "requirementsKey", "priority", "concurrencyGroup", "pendingReason", "waitingForSteps",
        "agentID", "leaseExpiresAt", "cancelRequested", "exitStatus", "createdAt", "assignedAt",
        "startedAt", "finishedAt",
    ]
    static let insertSQL = insertStatement(columns: insertColumns)

    func addColumnValues(to columns: inout some ColumnValueSink) {
        columns.add(buildID)
        columns.add(stepKey)
        columns.add(label)
        columns.add(Int64(shardIndex))
        columns.add(Int64(shardCount))
        columns.add(Int64(attempt))
        columns.add(supersededBy)
        columns.add(state)
        columns.add(plan)
        columns.add(requirementsKey)
        columns.add(Int64(priority))
        columns.add(concurrencyGroup)
        columns.add(pendingReason)
        columns.add(waitingForSteps)
        columns.add(agentID)
        columns.add(leaseExpiresAt)
        columns.add(cancelRequested)
        columns.add(exitStatus.map(Int.init))
        columns.add(createdAt)
        columns.add(assignedAt)
        columns.add(startedAt)
        columns.add(finishedAt)
    }

    /// The same values for GRDB's updates; its `Encodable` path cost several times an insert.
    func encode(to container: inout PersistenceContainer) {
        encodeColumns(to: &container)
    }

    var jobState: JobState { JobState(rawValue: state) ?? .pending }

    /// The API value.
    var job: Job {
        Job(
            id: id ?? 0, buildID: buildID, stepKey: stepKey, label: label, shardIndex: shardIndex,
            shardCount: shardCount, attempt: attempt, state: jobState, pendingReason: pendingReason,
            agentID: agentID, exitStatus: exitStatus, supersededBy: supersededBy, createdAt: createdAt,
            startedAt: startedAt, finishedAt: finishedAt
        )
    }

    /// The stored spec; a row written by this code always decodes.
    func spec() throws -> JobSpec {
        try JSONDecoder().decode(JobSpec.self, from: Data(plan.utf8))
    }
}

extension JobRecord {
    /// Inserts this job's next attempt, pending, queued (or waiting for `waitingFor` when it is
    /// not empty), and marks this attempt superseded by it: an automatic retry or one by hand.
    func insertNextAttempt(waitingFor: [String] = [], now: Date, in db: Database) throws {
        var retry = unrun(now: now)
        retry.attempt = attempt + 1
        retry.pendingReason = (waitingFor.isEmpty ? PendingReason.queued : .waitingForSteps(waitingFor)).message
        retry.waitingForSteps = !waitingFor.isEmpty
        try retry.insert(db)
        try db.execute(sql: "UPDATE job SET supersededBy = ? WHERE id = ?", arguments: [retry.id, id])
    }

    /// A new row of the same step and plan, made at `now`, pending and never run: no id,
    /// agent, lease, times or exit status.
    func unrun(now: Date) -> JobRecord {
        var job = self
        job.id = nil
        job.state = JobState.pending.rawValue
        job.agentID = nil
        job.exitStatus = nil
        job.cancelRequested = false
        job.createdAt = now
        job.assignedAt = nil
        job.startedAt = nil
        job.finishedAt = nil
        job.leaseExpiresAt = nil
        return job
    }

    /// This job as `JobEndingPlan` sees it. A pending job whose spec cannot be read depends
    /// on nothing the plan can see, so it is neither released nor canceled by it.
    func snapshot() throws -> BuildJobSnapshot {
        let dependsOn = self.jobState == .pending ? ((try? self.spec().dependsOn) ?? []) : []
        return BuildJobSnapshot(
            id: self.id ?? 0, stepKey: self.stepKey, state: self.jobState, dependsOn: dependsOn,
            waitingForSteps: self.waitingForSteps, superseded: self.supersededBy != nil
        )
    }
}
