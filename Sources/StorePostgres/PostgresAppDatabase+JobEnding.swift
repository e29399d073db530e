import Core
import Foundation
import PostgresNIO
import Store

// MARK: - A job an agent holds, and what ending one does

extension PostgresAppDatabase {
    /// What the agent-facing writes need of a held job.
    struct HeldJob {
        var buildID: Int64
        var state: JobState
        var cancelRequested: Bool
    }

    /// The job, locked, if this agent holds it and it is still active.
    func heldJob(_ id: Int64, by agentID: Int64, on connection: PostgresConnection) async throws -> HeldJob {
        let rows = try await connection.boundedQuery(
            "SELECT build_id, state, agent_id, cancel_requested FROM job WHERE id = \(id) FOR UPDATE", logger: logger)
        for try await (buildID, state, holder, cancel) in rows.decode((Int64, String, Int64?, Bool).self) {
            if holder == agentID, let state = JobState(rawValue: state), state.isActive {
                return HeldJob(buildID: buildID, state: state, cancelRequested: cancel)
            }
        }
        throw StoreError.jobNotHeld(jobID: id)
    }

    /// Retries per policy, cancels dependents of a failure or releases those of a success
    /// (`JobEndingPlan`), and re-derives the build. A retry and a released job become
    /// claimable (`runnable_job`); a canceled one never was.
    ///
    /// The build's row is locked before its jobs are read: two of its jobs ending at once would
    /// otherwise each read the other as still running, and a step waiting for both would be
    /// released by neither (it stayed pending for good while agents sat idle).
    func afterJobEnded(_ id: Int64, now: Date, on connection: PostgresConnection) async throws {
        try await connection.run("SELECT id FROM build WHERE id = (SELECT build_id FROM job WHERE id = \(id)) FOR UPDATE", logger: logger)
        let rows = try await connection.boundedQuery("SELECT \(unescaped: Self.jobColumns), cancel_requested, waiting_for_steps FROM job WHERE build_id = (SELECT build_id FROM job WHERE id = \(id)) ORDER BY id", logger: logger)
        var snapshots: [BuildJobSnapshot] = []
        var ended: (stored: StoredJob, cancelRequested: Bool)?
        for try await row in rows {
            let columns = row.makeRandomAccess()
            let stored = try Self.storedJob(from: row)
            let cancelRequested = try columns[17].decode(Bool.self), waiting = try columns[18].decode(Bool.self)
            let dependsOn = stored.job.state == .pending
                ? ((try? JSONDecoder().decode(JobSpec.self, from: Data(stored.plan.utf8)).dependsOn) ?? []) : []
            snapshots.append(BuildJobSnapshot(
                id: stored.job.id, stepKey: stored.job.stepKey, state: stored.job.state, dependsOn: dependsOn,
                waitingForSteps: waiting, superseded: stored.job.supersededBy != nil))
            if stored.job.id == id { ended = (stored, cancelRequested) }
        }
        guard let ended, let endedSnapshot = snapshots.first(where: { $0.id == id }) else { return }
        let job = ended.stored.job
        let spec = try JSONDecoder().decode(JobSpec.self, from: Data(ended.stored.plan.utf8))
        let retryAllowed = !ended.cancelRequested && spec.retry.retries(after: job.state, exitStatus: job.exitStatus, attempt: job.attempt)
        let plan = JobEndingPlan.plan(ended: endedSnapshot, retryAllowed: retryAllowed, jobs: snapshots)
        let at = PostgresTime.stored(now)
        if plan.retry { try await insertNextAttempt(of: id, now: now, on: connection) }
        for released in plan.release {
            try await connection.run("UPDATE job SET waiting_for_steps = false WHERE id = \(released)", logger: logger)
            try await makeRunnable(released, on: connection)
        }
        if !plan.cancel.isEmpty {
            try await connection.run(
                "UPDATE job SET state = 'canceled', pending_reason = NULL, finished_at = \(at) WHERE id = ANY(\(plan.cancel))", logger: logger)
            try await connection.run("DELETE FROM runnable_job WHERE job_id = ANY(\(plan.cancel))", logger: logger)
        }
        try await refreshBuildState(job.buildID, now: now, on: connection)
    }

    /// Inserts job `id`'s next attempt, pending, queued (claimable at once) or waiting for
    /// `waitingFor` when it is not empty, and marks `id` superseded by it: an automatic retry or
    /// one by hand.
    func insertNextAttempt(of id: Int64, waitingFor: [String] = [], now: Date, on connection: PostgresConnection) async throws {
        let reason = (waitingFor.isEmpty ? PendingReason.queued : .waitingForSteps(waitingFor)).message
        let retry = try await connection.value(
            """
            INSERT INTO job (build_id, step_key, label, shard_index, shard_count, attempt, state, plan, requirements_key, priority,
                             concurrency_group, pending_reason, waiting_for_steps, created_at)
            SELECT build_id, step_key, label, shard_index, shard_count, attempt + 1, 'pending', plan, requirements_key, priority,
                   concurrency_group, \(reason), \(!waitingFor.isEmpty), \(PostgresTime.stored(now))
            FROM job WHERE id = \(id)
            RETURNING id
            """, as: Int64.self, logger: logger)
        guard let retry else { return }
        try await connection.run("UPDATE job SET superseded_by = \(retry) WHERE id = \(id)", logger: logger)
        if waitingFor.isEmpty { try await makeRunnable(retry, on: connection) }
    }

    /// Puts a pending job where claims look.
    func makeRunnable(_ jobID: Int64, on connection: PostgresConnection) async throws {
        try await connection.run(
            """
            INSERT INTO runnable_job (job_id, requirements_key, priority, concurrency_group)
            SELECT id, requirements_key, priority, concurrency_group FROM job WHERE id = \(jobID) AND state = 'pending'
            ON CONFLICT DO NOTHING
            """, logger: logger)
    }

    /// Learns from a finished UI-test shard (`SuiteDurationLearning`): each suite's estimate
    /// moves halfway towards what it took this time.
    func learnSuiteDurations(jobID: Int64, now: Date, on connection: PostgresConnection) async throws {
        let rows = try await connection.boundedQuery("SELECT \(unescaped: Self.jobColumns) FROM job WHERE id = \(jobID)", logger: logger)
        guard let stored = try await Self.jobs(from: rows).first, [.passed, .failed].contains(stored.job.state) else { return }
        let text = try await connection.value("SELECT report FROM job_ui_test_report WHERE job_id = \(jobID)", as: String.self, logger: logger)
        let spec = try? JSONDecoder().decode(JobSpec.self, from: Data(stored.plan.utf8))
        let observations = SuiteDurationLearning.observations(
            state: stored.job.state, startedAt: stored.job.startedAt, finishedAt: stored.job.finishedAt,
            report: text.flatMap { try? JSONDecoder().decode(UITestReport.self, from: Data($0.utf8)) },
            known: spec?.uiTests?.durations ?? [:])
        guard !observations.isEmpty else { return }
        let pipeline = try await buildRow(id: stored.job.buildID, on: connection)?.pipeline ?? ""
        for (suite, observed) in observations {
            try await connection.run(
                """
                INSERT INTO ui_suite_duration (pipeline, step_key, suite, seconds, samples, updated_at)
                VALUES (\(pipeline), \(stored.job.stepKey), \(suite), \(observed), 1, \(PostgresTime.stored(now)))
                ON CONFLICT (pipeline, step_key, suite) DO UPDATE SET
                  seconds = (ui_suite_duration.seconds + excluded.seconds) / 2, samples = ui_suite_duration.samples + 1,
                  updated_at = excluded.updated_at
                """, logger: logger)
        }
    }
}
