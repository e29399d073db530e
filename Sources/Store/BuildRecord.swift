import Core
import Foundation
import GRDB

/// The `build` table row.
struct BuildRecord: Codable, FetchableRecord, StoredDateColumns, DirectInsertRecord, Sendable {
    static let databaseTableName = "build"
    static let jobs = hasMany(JobRecord.self)

    var id: Int64?
    var repositoryID: Int64?
    var number: Int
    var pipeline: String
    var state: String
    var trigger: String
    var branch: String?
    var tag: String?
    var commitSHA: String
    var pullRequest: Int?
    var message: String?
    var author: String?
    /// JSON object of build-wide environment.
    var env: String
    var concurrencyGroup: String?
    var priority: Int
    var deliveryID: Int64?
    var cancelReason: String?
    var createdAt: Date
    var startedAt: Date?
    var finishedAt: Date?

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }

    /// Every column but `id`, bound directly by the intake (a build is written with every delivery; see `DirectInsertRecord`).
    static let insertColumns = ["repositoryID", "number", "pipeline", "state", "trigger", "branch", "tag", "commitSHA", "pullRequest", "message", "author", "env", "concurrencyGroup", "priority", "deliveryID", "cancelReason", "createdAt", "startedAt", "finishedAt"]
    static let insertSQL = insertStatement(columns: insertColumns)

    func bindInsert(_ row: inout SQLiteRowValues) {
        row.add(repositoryID)
        row.add(Int64(number))
        row.add(pipeline)
        row.add(state)
        row.add(trigger)
        row.add(branch)
        row.add(tag)
        row.add(commitSHA)
        row.add(pullRequest)
        row.add(message)
        row.add(author)
        row.add(env)
        row.add(concurrencyGroup)
        row.add(Int64(priority))
        row.add(deliveryID)
        row.add(cancelReason)
        row.add(createdAt)
        row.add(startedAt)
        row.add(finishedAt)
    }

    /// Every column by hand: GRDB's `Encodable` path costs several times the SQLite insert
    /// on the webhook intake's hot path.
    func encode(to container: inout PersistenceContainer) {
        container["id"] = id
        container["repositoryID"] = repositoryID
        container["number"] = number
        container["pipeline"] = pipeline
        container["state"] = state
        container["trigger"] = trigger
        container["branch"] = branch
        container["tag"] = tag
        container["commitSHA"] = commitSHA
        container["pullRequest"] = pullRequest
        container["message"] = message
        container["author"] = author
        container["env"] = env
        container["concurrencyGroup"] = concurrencyGroup
        container["priority"] = priority
        container["deliveryID"] = deliveryID
        container["cancelReason"] = cancelReason
        container["createdAt"] = StoredDate(createdAt)
        container["startedAt"] = startedAt.map(StoredDate.init)
        container["finishedAt"] = finishedAt.map(StoredDate.init)
    }

    /// The API value, with `jobs` when given.
    func build(jobs: [Job]? = nil) -> Build {
        Build(
            id: id ?? 0, repositoryID: repositoryID, number: number, pipeline: pipeline,
            state: BuildState(rawValue: state) ?? .pending, trigger: trigger, branch: branch, tag: tag,
            commitSHA: commitSHA, pullRequest: pullRequest, message: message, author: author,
            concurrencyGroup: concurrencyGroup, priority: priority, cancelReason: cancelReason,
            createdAt: createdAt, startedAt: startedAt, finishedAt: finishedAt, jobs: jobs
        )
    }
}
