import Core
import Foundation
import PostgresNIO
import Store

// MARK: - Creating builds

extension PostgresAppDatabase {
    /// Inserts a build of no delivery (manual, scheduled), its jobs (the runnable ones also into
    /// `runnable_job`), the cancellation of the builds it supersedes, and the commit-status
    /// message announcing it, all in the caller's transaction. Answers the build's id.
    func insertBuild(_ encoded: EncodedBuildDraft, now: Date, on connection: PostgresConnection) async throws -> Int64 {
        guard let id = try await insertBatch(deliveries: [], builds: [encoded], now: now, on: connection).buildIDs.first else {
            throw StoreError.database("build insert returned no id")
        }
        return id
    }

    /// Inserts deliveries stored for the first time, each with its answer and the builds it
    /// starts, and builds of no delivery, in the caller's transaction: builds as `insertBuild`
    /// describes, numbered in the order given.
    ///
    /// A fixed number of statements whatever the batch holds (ids and numbers first, then every
    /// row in one statement, see `PostgresBatchRows`), plus one per build that cancels others
    /// and one per UI-test job (its plan needs the suite durations).
    /// - Returns: Each delivery's answer, and the ids of the builds of no delivery.
    func insertBatch(
        deliveries: [DeliveryWrite], builds lone: [EncodedBuildDraft], now: Date, on connection: PostgresConnection
    ) async throws -> (answers: [DeliveryAnswer], buildIDs: [Int64]) {
        let at = PostgresTime.stored(now)
        let builds = deliveries.flatMap(\.builds) + lone
        var plans: [[String]] = []
        for build in builds { plans.append(try await jobPlans(of: build, on: connection)) }
        let allocation = try await allocate(deliveries: deliveries.count, builds: builds, on: connection)
        var rows = PostgresBatchRows()
        var answers: [DeliveryAnswer] = []
        var deliveryOfBuild: [Int64?] = []
        for (write, deliveryID) in zip(deliveries, allocation.deliveryIDs) {
            let buildIDs = Array(allocation.buildIDs[deliveryOfBuild.count..<deliveryOfBuild.count + write.builds.count])
            let answer = write.answer(deliveryID, buildIDs)
            rows.addDelivery(write, id: deliveryID, answer: answer)
            answers.append(answer)
            deliveryOfBuild += buildIDs.map { _ in deliveryID }
        }
        deliveryOfBuild += lone.map { _ in nil }
        for (index, build) in builds.enumerated() {
            try rows.addBuild(
                build, id: allocation.buildIDs[index], number: allocation.buildNumbers[index], deliveryID: deliveryOfBuild[index],
                jobIDs: allocation.jobIDs[index], plans: plans[index], at: at)
        }
        try await connection.run(rows.insert(at: at), logger: logger)
        for index in builds.indices {
            // As if each build were inserted alone, in turn: those after it in the batch would not
            // exist yet, so it spares them.
            try await cancelReplaced(by: builds[index], number: allocation.buildNumbers[index], sparing: Array(allocation.buildIDs[index...]), now: now, on: connection)
        }
        return (answers, Array(allocation.buildIDs.suffix(lone.count)))
    }

    /// Cancels the unfinished builds a new build replaces: earlier ones of its pull request, and
    /// (when it says so) the holders of its concurrency group; never those in `sparing` (itself
    /// and the builds after it in its batch).
    private func cancelReplaced(by encoded: EncodedBuildDraft, number: Int, sparing: [Int64], now: Date, on connection: PostgresConnection) async throws {
        let draft = encoded.draft
        if draft.cancelSuperseded, let pullRequest = draft.pullRequest {
            let older = try await connection.values(
                """
                UPDATE build SET cancel_reason = \("superseded by build #\(number)")
                WHERE \(unescaped: Self.sameRepository(draft.repositoryID)) AND pipeline = \(draft.pipeline)
                  AND pull_request = \(Int32(clamping: pullRequest)) AND id <> ALL(\(sparing)) AND state IN ('pending', 'running')
                RETURNING id
                """, as: Int64.self, logger: logger)
            for build in older { try await cancelJobs(ofBuild: build, now: now, on: connection) }
        }
        if draft.cancelInProgress, let group = draft.concurrencyGroup {
            let older = try await connection.values(
                """
                UPDATE build SET cancel_reason = \("canceled by build #\(number) in concurrency group \(group)")
                WHERE concurrency_group = \(group) AND id <> ALL(\(sparing)) AND state IN ('pending', 'running')
                RETURNING id
                """, as: Int64.self, logger: logger)
            for build in older { try await cancelJobs(ofBuild: build, now: now, on: connection) }
        }
    }

    /// Each job's plan as JSON: encoded ahead of the transaction, but a UI-test step's needs
    /// the suites' recent durations, which only the database knows.
    private func jobPlans(of encoded: EncodedBuildDraft, on connection: PostgresConnection) async throws -> [String] {
        var plans: [String] = []
        for (index, job) in encoded.draft.jobs.enumerated() {
            if index < encoded.plans.count, let plan = encoded.plans[index] {
                plans.append(plan)
            } else {
                var spec = job.spec
                spec.uiTests?.durations = try await suiteDurations(pipeline: encoded.draft.pipeline, stepKey: job.stepKey, on: connection)
                plans.append(try StoreJSON.encode(spec))
            }
        }
        return plans
    }

    /// `repository_id = 42`, or `repository_id IS NULL`: the two cases apart, because
    /// `IS NOT DISTINCT FROM` cannot use an index and would read every build (or delivery) of
    /// the table each time. An integer is safe to write into the statement.
    static func sameRepository(_ repositoryID: Int64?) -> String {
        repositoryID.map { "repository_id = \($0)" } ?? "repository_id IS NULL"
    }

    /// What a UI-test step's suites took lately, for its plan.
    private func suiteDurations(pipeline: String, stepKey: String, on connection: PostgresConnection) async throws -> [String: Double] {
        let rows = try await connection.boundedQuery(
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
        guard let payload = Self.commitStatus(of: build) else { return }
        try await enqueueOutbox(kind: CommitStatusPayload.kind, payload: payload.jsonText, at: now, on: connection)
    }

    /// The commit status announcing the build's current state, or nil when there is none to send.
    static func commitStatus(of build: Build) -> CommitStatusPayload? {
        // Git hosts attach statuses to object names; a build of a branch tip has none to name.
        guard let repositoryID = build.repositoryID, CommitReference.isObjectName(build.commitSHA) else { return nil }
        return CommitStatusPayload(
            buildID: build.id, repositoryID: repositoryID, number: build.number, pipeline: build.pipeline,
            commitSHA: build.commitSHA, state: build.state.rawValue)
    }
}
