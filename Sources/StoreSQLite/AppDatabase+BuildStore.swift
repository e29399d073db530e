import Core
import Foundation
import GRDB
import Store

extension AppDatabase: BuildStore {
    /// Creates a build (a manual trigger) with its jobs and audit event, in one transaction.
    public func createBuild(_ draft: BuildDraft, audit: AuditEvent) async throws(StoreError) -> Build {
        try await write { db in
            let record = try Self.insertBuild(EncodedBuildDraft(draft), deliveryID: nil, now: audit.occurredAt, in: db)
            guard let id = record.id else { throw StoreError.database("build insert returned no id") }
            var event = AuditEventRecord(audit)
            event.subject = "build:\(id)"
            try event.insert(db)
            return try fetchBuild(id: id, in: db) ?? record.build()
        }
    }

    /// One build with its jobs, or nil.
    public func build(id: Int64) async throws(StoreError) -> Build? {
        try await read { db in try fetchBuild(id: id, in: db) }
    }

    /// A build's queue, run and total, defined as everywhere else (``BuildTimes``).
    public func buildTimes(id: Int64, now: Date) async throws(StoreError) -> BuildTimes? {
        try await read { db in
            guard let build = try BuildRecord.fetchOne(db, key: id) else { return nil }
            return (try Self.jobSpans(of: [id], in: db)[id] ?? JobSpan()).times(of: build, now: now)
        }
    }

    /// The environment the build was created with, or nil for an unknown id.
    public func buildEnvironment(id: Int64) async throws(StoreError) -> [String: String]? {
        try await read { db in
            guard let text = try String.fetchOne(db, sql: "SELECT env FROM build WHERE id = ?", arguments: [id]) else { return nil }
            return try JSONDecoder().decode([String: String].self, from: Data(text.utf8))
        }
    }

    /// One job, or nil.
    public func job(id: Int64) async throws(StoreError) -> Job? {
        try await read { db in
            guard let record = try JobRecord.fetchOne(db, key: id) else { return nil }
            var job = record.job
            if job.state == .pending { job.pendingReason = try Self.pendingReason(for: record, onlineSince: onlineSince, in: db).message }
            return job
        }
    }

    /// Newest builds first, filtered, without their jobs.
    public func builds(_ filter: BuildFilter) async throws(StoreError) -> [Build] {
        try await read { db in
            var request = BuildRecord.order(Column("id").desc).limit(max(1, min(filter.limit, 200)))
            if let repositoryID = filter.repositoryID { request = request.filter(Column("repositoryID") == repositoryID) }
            if let pipeline = filter.pipeline { request = request.filter(Column("pipeline") == pipeline) }
            if let branch = filter.branch { request = request.filter(Column("branch") == branch) }
            if let author = filter.author { request = request.filter(Column("author") == author) }
            if let pullRequest = filter.pullRequest { request = request.filter(Column("pullRequest") == pullRequest) }
            if let state = filter.state { request = request.filter(Column("state") == state.rawValue) }
            if let before = filter.before { request = request.filter(Column("id") < before) }
            return try request.fetchAll(db).map { $0.build() }
        }
    }

    /// Cancels an unfinished build.
    public func cancelBuild(id: Int64, reason: String, audit: AuditEvent) async throws(StoreError) -> Build {
        try await write { db in
            guard var build = try BuildRecord.fetchOne(db, key: id) else {
                throw StoreError.notFound("no build with id \(id)")
            }
            guard let state = BuildState(rawValue: build.state), !state.isFinished else {
                throw StoreError.conflict("build \(id) already finished (\(build.state)); retry it instead")
            }
            build.cancelReason = reason
            try build.update(db)
            try Self.cancelJobs(ofBuild: id, now: audit.occurredAt, in: db)
            try AuditEventRecord(audit).inserted(db).id.map { _ in () }
            return try fetchBuild(id: id, in: db) ?? build.build()
        }
    }

    /// A build with its jobs in step order, shards in order, newest attempt last.
    func fetchBuild(id: Int64, in db: Database) throws -> Build? {
        try Self.fetchBuild(id: id, onlineSince: onlineSince, in: db)
    }

    /// A build with its jobs; pending reasons count agents heard from since `onlineSince`.
    static func fetchBuild(id: Int64, onlineSince: Date, in db: Database) throws -> Build? {
        guard let record = try BuildRecord.fetchOne(db, key: id) else { return nil }
        let records = try JobRecord.filter(Column("buildID") == id).order(Column("id")).fetchAll(db)
        // The fleet is read once, and only when some job waits.
        let fleet = records.contains { $0.jobState == .pending } ? try FleetSnapshot.load(seenSince: onlineSince, in: db) : nil
        let jobs = try records.map { record in
            var job = record.job
            if job.state == .pending, let fleet { job.pendingReason = try pendingReason(for: record, fleet: fleet, in: db).message }
            return job
        }
        return record.build(jobs: jobs)
    }
}
