import Core
import Foundation
import PostgresNIO
import Store

extension PostgresAppDatabase: BuildStore {
    /// Creates a build (a manual trigger) with its jobs and audit event, in one transaction.
    public func createBuild(_ draft: BuildDraft, audit: AuditEvent) async throws(StoreError) -> Build {
        let encoded = try EncodedBuildDraft(draft)
        return try await write { connection in
            let id = try await self.insertBuild(encoded, now: audit.occurredAt, on: connection)
            var event = audit
            event.subject = "build:\(id)"
            try await self.insertAudit(event, on: connection)
            guard let build = try await self.build(id: id, on: connection) else { throw StoreError.database("build \(id) could not be read back") }
            return build
        }
    }

    /// One build with its jobs, or nil.
    public func build(id: Int64) async throws(StoreError) -> Build? {
        try await read { connection in try await self.build(id: id, on: connection) }
    }

    /// A build's queue, run and total, defined as everywhere else (``BuildTimes``).
    public func buildTimes(id: Int64, now: Date) async throws(StoreError) -> BuildTimes? {
        try await read { connection in
            guard let build = try await self.buildRow(id: id, on: connection) else { return nil }
            return try await self.buildTimes(of: build, now: now, on: connection)
        }
    }

    /// The environment the build was created with, or nil for an unknown id.
    public func buildEnvironment(id: Int64) async throws(StoreError) -> [String: String]? {
        try await read { connection in
            guard let text = try await connection.value("SELECT env FROM build WHERE id = \(id)", as: String.self, logger: self.logger) else { return nil }
            return try JSONDecoder().decode([String: String].self, from: Data(text.utf8))
        }
    }

    /// One job, with why it waits when it is pending, or nil.
    public func job(id: Int64) async throws(StoreError) -> Job? {
        try await read { connection in
            let rows = try await connection.boundedQuery("SELECT \(unescaped: Self.jobColumns) FROM job WHERE id = \(id)", logger: self.logger)
            guard let found = try await Self.jobs(from: rows).first else { return nil }
            return try await self.explained([found], on: connection).first
        }
    }

    /// Newest builds first, filtered, without their jobs.
    public func builds(_ filter: BuildFilter) async throws(StoreError) -> [Build] {
        try await read { connection in
            try await Self.builds(from: connection.boundedQuery(
                """
                SELECT \(unescaped: Self.buildColumns) FROM build
                WHERE (\(filter.repositoryID)::bigint IS NULL OR repository_id = \(filter.repositoryID))
                  AND (\(filter.pipeline)::text IS NULL OR pipeline = \(filter.pipeline))
                  AND (\(filter.branch)::text IS NULL OR branch = \(filter.branch))
                  AND (\(filter.author)::text IS NULL OR author = \(filter.author))
                  AND (\(filter.pullRequest.map(Int64.init))::bigint IS NULL OR pull_request = \(filter.pullRequest.map(Int64.init)))
                  AND (\(filter.state?.rawValue)::text IS NULL OR state = \(filter.state?.rawValue))
                  AND (\(filter.before)::bigint IS NULL OR id < \(filter.before))
                ORDER BY id DESC LIMIT \(Int64(max(1, min(filter.limit, 200))))
                """, logger: self.logger))
        }
    }

    /// Cancels an unfinished build: pending jobs end, running ones are told at their next heartbeat.
    public func cancelBuild(id: Int64, reason: String, audit: AuditEvent) async throws(StoreError) -> Build {
        try await write { connection in
            guard let build = try await self.buildRow(id: id, lock: true, on: connection) else { throw StoreError.notFound("no build with id \(id)") }
            guard !build.state.isFinished else {
                throw StoreError.conflict("build \(id) already finished (\(build.state.rawValue)); retry it instead")
            }
            try await connection.run("UPDATE build SET cancel_reason = \(reason) WHERE id = \(id)", logger: self.logger)
            try await self.cancelJobs(ofBuild: id, now: audit.occurredAt, on: connection)
            try await self.insertAudit(audit, on: connection)
            guard let canceled = try await self.build(id: id, on: connection) else { throw StoreError.notFound("no build with id \(id)") }
            return canceled
        }
    }

    // MARK: Rows

    /// A build with its jobs in creation order, each pending one with why it waits.
    func build(id: Int64, on connection: PostgresConnection) async throws -> Build? {
        guard var build = try await buildRow(id: id, on: connection) else { return nil }
        let rows = try await connection.boundedQuery(
            "SELECT \(unescaped: Self.jobColumns) FROM job WHERE build_id = \(id) ORDER BY id", logger: logger)
        build.jobs = try await explained(try await Self.jobs(from: rows), on: connection)
        return build
    }

    /// A build without its jobs; its row locked for the transaction when `lock` is set.
    func buildRow(id: Int64, lock: Bool = false, on connection: PostgresConnection) async throws -> Build? {
        try await Self.builds(from: connection.boundedQuery(
            "SELECT \(unescaped: Self.buildColumns) FROM build WHERE id = \(id)\(unescaped: lock ? " FOR UPDATE" : "")", logger: logger)).first
    }

    /// The columns `builds(from:)` reads, in its order.
    static let buildColumns = """
        id, repository_id, number, pipeline, state, trigger, branch, tag, commit_sha, pull_request, message, author,
        concurrency_group, priority, cancel_reason, created_at, started_at, finished_at, pull_request_origin
        """

    /// Builds (without their jobs) from rows of `buildColumns`.
    static func builds(from rows: PostgresRowSequence) async throws -> [Build] {
        var builds: [Build] = []
        for try await row in rows {
            let (id, repositoryID, number, pipeline, state, trigger, branch, tag, commitSHA) =
                try row.decode((Int64, Int64?, Int32, String, String, String, String?, String?, String).self)
            let columns = row.makeRandomAccess()
            let pullRequest = try columns[9].decode(Int32?.self), message = try columns[10].decode(String?.self)
            let author = try columns[11].decode(String?.self), group = try columns[12].decode(String?.self)
            let priority = try columns[13].decode(Int32.self), cancelReason = try columns[14].decode(String?.self)
            let createdAt = try columns[15].decode(Date.self), startedAt = try columns[16].decode(Date?.self)
            let finishedAt = try columns[17].decode(Date?.self), origin = try columns[18].decode(String?.self)
            builds.append(Build(
                id: id, repositoryID: repositoryID, number: Int(number), pipeline: pipeline, state: BuildState(rawValue: state) ?? .pending,
                trigger: trigger, branch: branch, tag: tag, commitSHA: commitSHA, pullRequest: pullRequest.map(Int.init),
                pullRequestOrigin: origin.flatMap(PullRequestOrigin.init(rawValue:)), message: message,
                author: author, concurrencyGroup: group, priority: Int(priority), cancelReason: cancelReason, createdAt: createdAt,
                startedAt: startedAt, finishedAt: finishedAt))
        }
        return builds
    }
}
