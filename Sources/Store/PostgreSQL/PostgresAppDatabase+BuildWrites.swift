import Core
import Foundation
import PostgresNIO

// MARK: - Creating builds

extension PostgresAppDatabase {
    /// Arbitrary, fixed: the advisory lock that numbers builds without a repository.
    static let unattachedBuildNumberLock: Int64 = 0x4D6F_6269_6C65_4F71

    /// Inserts a build, its jobs (the runnable ones also into `runnable_job`), the cancellation
    /// of the builds it supersedes, and the commit-status message announcing it, all in the
    /// caller's transaction. Answers the build's id.
    func insertBuild(_ encoded: EncodedBuildDraft, deliveryID: Int64?, now: Date, on connection: PostgresConnection) async throws -> Int64 {
        let draft = encoded.draft
        let at = PostgresTime.stored(now)
        // Numbers are per repository: its row is locked so two servers never hand out one twice.
        if let repositoryID = draft.repositoryID {
            try await connection.run("SELECT id FROM repository WHERE id = \(repositoryID) FOR UPDATE", logger: logger)
        } else {
            try await connection.run("SELECT pg_advisory_xact_lock(\(Self.unattachedBuildNumberLock))", logger: logger)
        }
        let sameRepository = Self.sameRepository(draft.repositoryID)
        let number = try await connection.value(
            "SELECT COALESCE(max(number), 0) + 1 FROM build WHERE \(unescaped: sameRepository)", as: Int32.self, logger: logger) ?? 1
        let id = try await connection.value(
            """
            INSERT INTO build (repository_id, number, pipeline, state, trigger, branch, tag, commit_sha, pull_request, message, author,
                               env, concurrency_group, priority, delivery_id, created_at)
            VALUES (\(draft.repositoryID), \(number), \(draft.pipeline), 'pending', \(draft.trigger), \(draft.branch), \(draft.tag),
                    \(draft.commitSHA), \(draft.pullRequest.map(Int32.init(clamping:))), \(draft.message), \(draft.author), \(encoded.env),
                    \(draft.concurrencyGroup), \(Int32(clamping: draft.priority)), \(deliveryID), \(at))
            RETURNING id
            """, as: Int64.self, logger: logger)
        guard let id else { throw StoreError.database("build insert returned no id") }
        for (index, job) in draft.jobs.enumerated() {
            let waitingFor = job.spec.dependsOn
            let plan: String
            if let encodedPlan = encoded.plans[index] {
                plan = encodedPlan
            } else {
                var spec = job.spec
                spec.uiTests?.durations = try await suiteDurations(pipeline: draft.pipeline, stepKey: job.stepKey, on: connection)
                plan = try StoreJSON.encode(spec)
            }
            let reason = (waitingFor.isEmpty ? PendingReason.queued : .waitingForSteps(waitingFor)).message
            let requirements = encoded.requirementsKeys[index]
            let jobID = try await connection.value(
                """
                INSERT INTO job (build_id, step_key, label, shard_index, shard_count, attempt, state, plan, requirements_key, priority,
                                 concurrency_group, pending_reason, waiting_for_steps, created_at)
                VALUES (\(id), \(job.stepKey), \(job.label), \(Int32(clamping: job.shardIndex)), \(Int32(clamping: job.shardCount)), 1, 'pending',
                        \(plan), \(requirements), \(Int32(clamping: draft.priority)), \(draft.concurrencyGroup), \(reason), \(!waitingFor.isEmpty), \(at))
                RETURNING id
                """, as: Int64.self, logger: logger)
            if let jobID, waitingFor.isEmpty {
                try await connection.run(
                    """
                    INSERT INTO runnable_job (job_id, requirements_key, priority, concurrency_group)
                    VALUES (\(jobID), \(requirements), \(Int32(clamping: draft.priority)), \(draft.concurrencyGroup))
                    """, logger: logger)
            }
        }
        if draft.cancelSuperseded, let pullRequest = draft.pullRequest {
            let older = try await connection.values(
                """
                UPDATE build SET cancel_reason = \("superseded by build #\(number)")
                WHERE \(unescaped: sameRepository) AND pipeline = \(draft.pipeline)
                  AND pull_request = \(Int32(clamping: pullRequest)) AND id <> \(id) AND state IN ('pending', 'running')
                RETURNING id
                """, as: Int64.self, logger: logger)
            for build in older { try await cancelJobs(ofBuild: build, now: now, on: connection) }
        }
        if draft.cancelInProgress, let group = draft.concurrencyGroup {
            let older = try await connection.values(
                """
                UPDATE build SET cancel_reason = \("canceled by build #\(number) in concurrency group \(group)")
                WHERE concurrency_group = \(group) AND id <> \(id) AND state IN ('pending', 'running')
                RETURNING id
                """, as: Int64.self, logger: logger)
            for build in older { try await cancelJobs(ofBuild: build, now: now, on: connection) }
        }
        if let build = try await buildRow(id: id, on: connection) {
            try await enqueueCommitStatus(for: build, now: now, on: connection)
        }
        return id
    }

    /// `repository_id = 42`, or `repository_id IS NULL`: the two cases apart, because
    /// `IS NOT DISTINCT FROM` cannot use an index and would read every build (or delivery) of
    /// the table each time. An integer is safe to write into the statement.
    static func sameRepository(_ repositoryID: Int64?) -> String {
        repositoryID.map { "repository_id = \($0)" } ?? "repository_id IS NULL"
    }

    /// What a UI-test step's suites took lately, for its plan.
    private func suiteDurations(pipeline: String, stepKey: String, on connection: PostgresConnection) async throws -> [String: Double] {
        let rows = try await connection.query(
            "SELECT suite, seconds FROM ui_suite_duration WHERE pipeline = \(pipeline) AND step_key = \(stepKey)", logger: logger)
        var durations: [String: Double] = [:]
        for try await (suite, seconds) in rows.decode((String, Double).self) where durations[suite] == nil {
            durations[suite] = seconds
        }
        return durations
    }

    /// Pending jobs end now (and stop being claimable); running ones are asked to stop at their
    /// next heartbeat; the build's state follows.
    func cancelJobs(ofBuild buildID: Int64, now: Date, on connection: PostgresConnection) async throws {
        let canceled = try await connection.values(
            """
            UPDATE job SET state = 'canceled', finished_at = \(PostgresTime.stored(now)), pending_reason = NULL
            WHERE build_id = \(buildID) AND state = 'pending' RETURNING id
            """, as: Int64.self, logger: logger)
        if !canceled.isEmpty {
            try await connection.run("DELETE FROM runnable_job WHERE job_id = ANY(\(canceled))", logger: logger)
        }
        try await connection.run(
            "UPDATE job SET cancel_requested = true WHERE build_id = \(buildID) AND state IN ('assigned', 'running')", logger: logger)
        try await refreshBuildState(buildID, now: now, on: connection)
    }

    /// Adds a commit-status message for the build's current state to the outbox.
    func enqueueCommitStatus(for build: Build, now: Date, on connection: PostgresConnection) async throws {
        // Git hosts attach statuses to object names; a build of a branch tip has none to name.
        guard let repositoryID = build.repositoryID, CommitReference.isObjectName(build.commitSHA) else { return }
        let payload = CommitStatusPayload(
            buildID: build.id, repositoryID: repositoryID, number: build.number, pipeline: build.pipeline,
            commitSHA: build.commitSHA, state: build.state.rawValue)
        try await enqueueOutbox(kind: CommitStatusPayload.kind, payload: payload.jsonText, at: now, on: connection)
    }
}
