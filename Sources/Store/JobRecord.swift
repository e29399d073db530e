import Core
import Foundation
import GRDB

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

    /// Every column but `id`, bound directly by the intake (each build's jobs; see `DirectInsertRecord`).
    static let insertColumns = ["buildID", "stepKey", "label", "shardIndex", "shardCount", "attempt", "supersededBy", "state", "plan", "requirementsKey", "priority", "concurrencyGroup", "pendingReason", "waitingForSteps", "agentID", "leaseExpiresAt", "cancelRequested", "exitStatus", "createdAt", "assignedAt", "startedAt", "finishedAt"]
    static let insertSQL = insertStatement(columns: insertColumns)

    func bindInsert(_ row: inout SQLiteRowValues) {
        row.add(buildID)
        row.add(stepKey)
        row.add(label)
        row.add(Int64(shardIndex))
        row.add(Int64(shardCount))
        row.add(Int64(attempt))
        row.add(supersededBy)
        row.add(state)
        row.add(plan)
        row.add(requirementsKey)
        row.add(Int64(priority))
        row.add(concurrencyGroup)
        row.add(pendingReason)
        row.add(waitingForSteps)
        row.add(agentID)
        row.add(leaseExpiresAt)
        row.add(cancelRequested)
        row.add(exitStatus.map(Int.init))
        row.add(createdAt)
        row.add(assignedAt)
        row.add(startedAt)
        row.add(finishedAt)
    }

    /// Every column by hand: GRDB's `Encodable` path costs several times the SQLite insert,
    /// and jobs are written on every delivery (the webhook intake's hot path).
    func encode(to container: inout PersistenceContainer) {
        container["id"] = id
        container["buildID"] = buildID
        container["stepKey"] = stepKey
        container["label"] = label
        container["shardIndex"] = shardIndex
        container["shardCount"] = shardCount
        container["attempt"] = attempt
        container["supersededBy"] = supersededBy
        container["state"] = state
        container["plan"] = plan
        container["requirementsKey"] = requirementsKey
        container["priority"] = priority
        container["concurrencyGroup"] = concurrencyGroup
        container["pendingReason"] = pendingReason
        container["waitingForSteps"] = waitingForSteps
        container["agentID"] = agentID
        container["leaseExpiresAt"] = leaseExpiresAt.map(StoredDate.init)
        container["cancelRequested"] = cancelRequested
        container["exitStatus"] = exitStatus
        container["createdAt"] = StoredDate(createdAt)
        container["assignedAt"] = assignedAt.map(StoredDate.init)
        container["startedAt"] = startedAt.map(StoredDate.init)
        container["finishedAt"] = finishedAt.map(StoredDate.init)
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

    /// Canonical JSON for requirements: sorted keys and values, so equal needs give equal keys.
    static func requirementsKey(_ requirements: AgentRequirements) -> String {
        let canonical = AgentRequirements(requirements.tags.mapValues { $0.sorted() })
        return (try? AppDatabase.encodeJSON(canonical)) ?? "{}"
    }
}
