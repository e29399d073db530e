import Core
import Foundation
import GRDB
import Store

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
    /// `PullRequestOrigin`'s raw value; nil for builds that are not pull requests.
    var pullRequestOrigin: String?

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }

    /// Every column but `id`, in `addColumnValues(to:)`'s order: the intake binds them directly
    /// (a build is written with every delivery; see `DirectInsertRecord`).
    static let insertColumns = [
        "repositoryID", "number", "pipeline", "state", "trigger", "branch", "tag", "commitSHA",
        "pullRequest", "message", "author", "env", "concurrencyGroup", "priority", "deliveryID",
        "cancelReason", "createdAt", "startedAt", "finishedAt", "pullRequestOrigin",
    ]
    static let insertSQL = insertStatement(columns: insertColumns)

    func addColumnValues(to columns: inout some ColumnValueSink) {
        columns.add(repositoryID)
        columns.add(Int64(number))
        columns.add(pipeline)
        columns.add(state)
        columns.add(trigger)
        columns.add(branch)
        columns.add(tag)
        columns.add(commitSHA)
        columns.add(pullRequest)
        columns.add(message)
        columns.add(author)
        columns.add(env)
        columns.add(concurrencyGroup)
        columns.add(Int64(priority))
        columns.add(deliveryID)
        columns.add(cancelReason)
        columns.add(createdAt)
        columns.add(startedAt)
        columns.add(finishedAt)
        columns.add(pullRequestOrigin)
    }

    /// The same values for GRDB's updates; its `Encodable` path cost several times an insert.
    func encode(to container: inout PersistenceContainer) {
        encodeColumns(to: &container)
    }

    /// The API value, with `jobs` when given.
    func build(jobs: [Job]? = nil) -> Build {
        Build(
            id: id ?? 0, repositoryID: repositoryID, number: number, pipeline: pipeline,
            state: BuildState(rawValue: state) ?? .pending, trigger: trigger, branch: branch, tag: tag,
            commitSHA: commitSHA, pullRequest: pullRequest, pullRequestOrigin: pullRequestOrigin.flatMap(PullRequestOrigin.init(rawValue:)),
            message: message, author: author,
            concurrencyGroup: concurrencyGroup, priority: priority, cancelReason: cancelReason,
            createdAt: createdAt, startedAt: startedAt, finishedAt: finishedAt, jobs: jobs
        )
    }
}
