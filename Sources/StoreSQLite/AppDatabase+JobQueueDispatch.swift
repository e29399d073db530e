import Core
import Foundation
import GRDB
import Store

// MARK: - Handing out jobs

extension AppDatabase {
    /// Assigns the best job this agent can run; else, when a running `devices:` step could use
    /// its devices, a new job of that step (``DeviceRunJoining``); else nil.
    public func claimNextJob(agent: Agent, leaseSeconds: Double, now: Date) async throws(StoreError) -> JobAssignment? {
        try await write { db in
            // Checked in the claiming transaction: an agent revoked after its poll was
            // authenticated is never given work.
            let connected = try String.fetchOne(
                db.cachedStatement(sql: "SELECT state FROM agent WHERE id = ?"), arguments: [agent.id]
            ) == "connected"
            guard connected else { return nil }
            let held = try Int.fetchOne(
                db.cachedStatement(sql: "SELECT COUNT(*) FROM job WHERE agentID = ? AND state IN ('assigned', 'running')"), arguments: [agent.id]
            ) ?? 0
            guard held < agent.slots else { return nil }
            // Requirement keys are few (one per distinct set of tags); decide per key, not per job.
            var cursors = try PendingJobCursor.pendingKeys(in: db).filter { key in
                RequirementsKeyCache.shared.requirements(of: key).isSatisfied(by: agent.tags)
            }.map(PendingJobCursor.init(key:))
            // Merge the keys' queues, best job first; give up after a bounded number of
            // candidates that are all waiting (for a step or a concurrency group).
            for _ in 0..<2_000 {
                var best: (index: Int, job: JobRecord)?
                for index in cursors.indices {
                    guard let head = try cursors[index].head(in: db) else { continue }
                    if let current = best?.job, !Self.precedes(head, current) { continue }
                    best = (index, head)
                }
                guard let (index, candidate) = best else {
                    return try Self.joinDeviceRun(agent: agent, leaseSeconds: leaseSeconds, now: now, in: db)
                }
                cursors[index].advance()
                if try Self.isEligible(candidate, for: agent, in: db) {
                    return try Self.assign(candidate, to: agent, leaseSeconds: leaseSeconds, now: now, in: db)
                }
            }
            return try Self.joinDeviceRun(agent: agent, leaseSeconds: leaseSeconds, now: now, in: db)
        }
    }

    /// Dispatch order: higher priority first, then the older job.
    private static func precedes(_ job: JobRecord, _ other: JobRecord) -> Bool {
        job.priority != other.priority ? job.priority > other.priority : (job.id ?? 0) < (other.id ?? 0)
    }

    /// Whether the job's dependencies have passed, its concurrency group is free for its build,
    /// and, for a `devices:` step, the agent reports a device that can run it: an agent
    /// without one would only fail the step.
    private static func isEligible(_ job: JobRecord, for agent: Agent, in db: Database) throws -> Bool {
        let spec = try job.spec()
        guard try unpassedDependencies(of: job, spec: spec, in: db).isEmpty, try concurrencyGroupHeldElsewhere(by: job, in: db) == nil else { return false }
        guard let step = spec.devices else { return true }
        return try !agentsReady(for: step, agentID: agent.id, in: db).isEmpty
    }

    static func assign(_ job: JobRecord, to agent: Agent, leaseSeconds: Double, now: Date, in db: Database) throws -> JobAssignment {
        var job = job
        job.state = JobState.assigned.rawValue
        job.agentID = agent.id
        job.assignedAt = now
        job.leaseExpiresAt = now.addingTimeInterval(leaseSeconds)
        job.pendingReason = nil
        try job.update(db)
        guard let build = try refreshBuildState(job.buildID, now: now, in: db), let jobID = job.id else {
            throw StoreError.database("job \(job.id ?? 0) has no build")
        }
        var spec = try job.spec()
        let buildEnv = (try? JSONDecoder().decode([String: String].self, from: Data(build.env.utf8))) ?? [:]
        let facts = JobEnvironmentFacts(
            buildID: build.id ?? 0, buildNumber: build.number, commitSHA: build.commitSHA, pipeline: build.pipeline,
            branch: build.branch, tag: build.tag, pullRequest: build.pullRequest,
            jobID: jobID, attempt: job.attempt, shardIndex: job.shardIndex, shardCount: job.shardCount
        )
        spec.env = facts.environment(build: buildEnv, step: spec.env)
        var checkout: CheckoutTarget?
        if let repositoryID = build.repositoryID, let repository = try RepositoryRecord.fetchOne(db, key: repositoryID) {
            checkout = CheckoutTarget(name: repository.name, cloneURL: repository.cloneURL, commitSHA: build.commitSHA, branch: build.branch)
        }
        return JobAssignment(
            jobID: jobID, buildID: job.buildID, buildNumber: build.number, pipeline: build.pipeline,
            stepKey: job.stepKey, label: job.label, attempt: job.attempt, repository: checkout,
            spec: spec, leaseSeconds: leaseSeconds
        )
    }
}

// MARK: - Schema
