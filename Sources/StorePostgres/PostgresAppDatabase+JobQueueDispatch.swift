import Core
import Foundation
import PostgresNIO
import Store

// MARK: - Handing out jobs

extension PostgresAppDatabase {
    /// Candidates read per round of a claim.
    private static let claimPage = 16
    /// Candidates looked at before a claim gives up (all waiting for a step or a group).
    private static let claimLimit = 2_000

    /// Assigns the best job this agent can run (higher priority, then older); else, when a
    /// running `devices:` step could use its devices, a new job of that step
    /// (``DeviceRunJoining``); else nil.
    ///
    /// Reads only `runnable_job` (the jobs nothing holds back by their steps), in pages, with
    /// `FOR UPDATE SKIP LOCKED`: servers claiming at once each lock other rows, and the row of
    /// an assigned job is deleted in the same transaction, so no job is ever handed out twice.
    public func claimNextJob(agent: Agent, leaseSeconds: Double, now: Date) async throws(StoreError) -> JobAssignment? {
        try await write { connection in
            // Checked in the claiming transaction: an agent revoked after its poll was
            // authenticated is never given work.
            let state = try await connection.value("SELECT state FROM agent WHERE id = \(agent.id)", as: String.self, logger: self.logger)
            guard state == "connected" else { return nil }
            let held = try await connection.value(
                "SELECT count(*) FROM job WHERE agent_id = \(agent.id) AND state IN ('assigned', 'running')", as: Int64.self, logger: self.logger) ?? 0
            guard held < Int64(agent.slots) else { return nil }
            // Requirement keys are few (one per distinct set of tags); decide per key, not per
            // job. The keys are read by skipping through the claim index one key at a time: a
            // plain DISTINCT read every runnable row (10 ms with 90,000 of them).
            let keys = try await connection.values(
                """
                WITH RECURSIVE runnable_key(key) AS (
                    SELECT min(requirements_key) FROM runnable_job
                    UNION ALL
                    SELECT (SELECT min(requirements_key) FROM runnable_job WHERE requirements_key > runnable_key.key)
                    FROM runnable_key WHERE runnable_key.key IS NOT NULL)
                SELECT key FROM runnable_key WHERE key IS NOT NULL
                """, as: String.self, logger: self.logger
            ).filter { RequirementsKeyCache.shared.requirements(of: $0).isSatisfied(by: agent.tags) }
            guard !keys.isEmpty else { return try await self.joinDeviceRun(agent: agent, leaseSeconds: leaseSeconds, now: now, on: connection) }
            var passed: [Int64] = []
            var cache = HoldBackCache()
            while passed.count < Self.claimLimit {
                // One ordered index walk per key (ANY over several keys made PostgreSQL sort every
                // matching row), merged here: higher priority first, then the older job.
                var candidates: [(jobID: Int64, priority: Int32)] = []
                for key in keys {
                    let rows = try await connection.boundedQuery(
                        """
                        SELECT job_id, priority FROM runnable_job WHERE requirements_key = \(key) AND NOT (job_id = ANY(\(passed)))
                        ORDER BY priority DESC, job_id LIMIT \(Int64(Self.claimPage)) FOR UPDATE SKIP LOCKED
                        """, logger: self.logger)
                    for try await candidate in rows.decode((Int64, Int32).self) { candidates.append(candidate) }
                }
                if candidates.isEmpty { return try await self.joinDeviceRun(agent: agent, leaseSeconds: leaseSeconds, now: now, on: connection) }
                candidates.sort { ($1.priority, $0.jobID) < ($0.priority, $1.jobID) }
                for (jobID, _) in candidates {
                    if try await self.isEligible(jobID, for: agent, cache: &cache, on: connection) {
                        return try await self.assign(jobID, to: agent, leaseSeconds: leaseSeconds, now: now, on: connection)
                    }
                    passed.append(jobID)
                }
            }
            return try await self.joinDeviceRun(agent: agent, leaseSeconds: leaseSeconds, now: now, on: connection)
        }
    }

    /// Whether the job's dependencies have passed, its concurrency group is free for its build,
    /// and, for a `devices:` step, the agent reports a device that can run it: an agent
    /// without one would only fail the step.
    private func isEligible(_ jobID: Int64, for agent: Agent, cache: inout HoldBackCache, on connection: PostgresConnection) async throws -> Bool {
        let rows = try await connection.boundedQuery(
            "SELECT \(unescaped: Self.jobColumns) FROM job WHERE id = \(jobID) AND state = 'pending'", logger: logger)
        guard let stored = try await Self.jobs(from: rows).first else { return false }
        let spec = try JSONDecoder().decode(JobSpec.self, from: Data(stored.plan.utf8))
        let held = try await holdBack(stored, spec: spec, cache: &cache, on: connection)
        guard held.unpassed.isEmpty, held.groupHeldElsewhere == nil else { return false }
        guard let step = spec.devices else { return true }
        return try await !agentsReady(for: step, agentID: agent.id, on: connection).isEmpty
    }

    /// Gives the job to the agent: assigned, leased, no longer claimable; the build follows.
    func assign(_ jobID: Int64, to agent: Agent, leaseSeconds: Double, now: Date, on connection: PostgresConnection) async throws -> JobAssignment {
        try await connection.run("DELETE FROM runnable_job WHERE job_id = \(jobID)", logger: logger)
        let at = PostgresTime.stored(now)
        let rows = try await connection.boundedQuery(
            """
            UPDATE job SET state = 'assigned', agent_id = \(agent.id), assigned_at = \(at),
              lease_expires_at = \(PostgresTime.stored(now.addingTimeInterval(leaseSeconds))), pending_reason = NULL
            WHERE id = \(jobID) RETURNING \(unescaped: Self.jobColumns)
            """, logger: logger)
        guard let stored = try await Self.jobs(from: rows).first else { throw StoreError.database("job \(jobID) vanished while assigned") }
        try await refreshBuildState(stored.job.buildID, now: now, on: connection)
        guard let build = try await buildRow(id: stored.job.buildID, on: connection) else { throw StoreError.database("job \(jobID) has no build") }
        var spec = try JSONDecoder().decode(JobSpec.self, from: Data(stored.plan.utf8))
        let env = try await connection.value("SELECT env FROM build WHERE id = \(build.id)", as: String.self, logger: logger) ?? "{}"
        let buildEnv = (try? JSONDecoder().decode([String: String].self, from: Data(env.utf8))) ?? [:]
        let facts = JobEnvironmentFacts(
            buildID: build.id, buildNumber: build.number, commitSHA: build.commitSHA, pipeline: build.pipeline,
            branch: build.branch, tag: build.tag, pullRequest: build.pullRequest,
            jobID: jobID, attempt: stored.job.attempt, shardIndex: stored.job.shardIndex, shardCount: stored.job.shardCount)
        spec.env = facts.environment(build: buildEnv, step: spec.env)
        var checkout: CheckoutTarget?
        if let repositoryID = build.repositoryID {
            let repository = try await connection.boundedQuery("SELECT name, clone_url FROM repository WHERE id = \(repositoryID)", logger: logger)
            for try await (name, cloneURL) in repository.decode((String, String).self) {
                checkout = CheckoutTarget(name: name, cloneURL: cloneURL, commitSHA: build.commitSHA, branch: build.branch)
            }
        }
        return JobAssignment(
            jobID: jobID, buildID: build.id, buildNumber: build.number, pipeline: build.pipeline, stepKey: stored.job.stepKey,
            label: stored.job.label, attempt: stored.job.attempt, repository: checkout, spec: spec, leaseSeconds: leaseSeconds)
    }
}
