import Core
import Foundation
import GRDB

// MARK: - Handing out jobs

extension AppDatabase {
    /// Assigns the best job this agent can run, or returns nil.
    public func claimNextJob(agent: Agent, leaseSeconds: Double, now: Date) throws(StoreError) -> JobAssignment? {
        try write { db in
            let held = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM job WHERE agentID = ? AND state IN ('assigned', 'running')", arguments: [agent.id]) ?? 0
            guard held < agent.slots else { return nil }
            // Requirement keys are few (one per distinct set of tags); decide per key, not per job.
            let keys = try String.fetchAll(db, sql: "SELECT DISTINCT requirementsKey FROM job WHERE state = 'pending'")
            let runnable = keys.filter { key in
                let requirements = (try? JSONDecoder().decode(AgentRequirements.self, from: Data(key.utf8))) ?? AgentRequirements(["unreadable": []])
                return requirements.isSatisfied(by: agent.tags)
            }
            guard !runnable.isEmpty else { return nil }
            var offset = 0
            while offset < 2_000 {
                let candidates = try JobRecord
                    .filter(Column("state") == JobState.pending.rawValue && runnable.contains(Column("requirementsKey")))
                    .order(Column("priority").desc, Column("id"))
                    .limit(100, offset: offset)
                    .fetchAll(db)
                if candidates.isEmpty { return nil }
                for candidate in candidates where try Self.isEligible(candidate, in: db) {
                    return try Self.assign(candidate, to: agent, leaseSeconds: leaseSeconds, now: now, in: db)
                }
                offset += candidates.count
            }
            return nil
        }
    }

    /// Whether the job's dependencies have passed and its concurrency group is free for its build.
    private static func isEligible(_ job: JobRecord, in db: Database) throws -> Bool {
        try unpassedDependencies(of: job, spec: job.spec(), in: db).isEmpty
            && concurrencyGroupHeldElsewhere(by: job, in: db) == nil
    }

    private static func assign(_ job: JobRecord, to agent: Agent, leaseSeconds: Double, now: Date, in db: Database) throws -> JobAssignment {
        var job = job
        job.state = JobState.assigned.rawValue
        job.agentID = agent.id
        job.assignedAt = now
        job.leaseExpiresAt = now.addingTimeInterval(leaseSeconds)
        job.pendingReason = nil
        try job.update(db)
        try refreshBuildState(job.buildID, now: now, in: db)
        guard let build = try BuildRecord.fetchOne(db, key: job.buildID), let jobID = job.id else {
            throw StoreError.database("job \(job.id ?? 0) has no build")
        }
        var spec = try job.spec()
        let buildEnv = (try? JSONDecoder().decode([String: String].self, from: Data(build.env.utf8))) ?? [:]
        spec.env = buildEnv.merging(spec.env) { _, step in step }.merging(Self.buildVariables(build, job: job)) { _, fixed in fixed }
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

    /// What every job is told about its build.
    private static func buildVariables(_ build: BuildRecord, job: JobRecord) -> [String: String] {
        var variables = [
            "MOBILE_OPS_BUILD_ID": "\(build.id ?? 0)",
            "MOBILE_OPS_BUILD_NUMBER": "\(build.number)",
            "MOBILE_OPS_COMMIT": build.commitSHA,
            "MOBILE_OPS_PIPELINE": build.pipeline,
            "MOBILE_OPS_JOB_ID": "\(job.id ?? 0)",
            "MOBILE_OPS_ATTEMPT": "\(job.attempt)",
            "MOBILE_OPS_SHARD_INDEX": "\(job.shardIndex)",
            "MOBILE_OPS_SHARD_COUNT": "\(job.shardCount)",
        ]
        if let branch = build.branch { variables["MOBILE_OPS_BRANCH"] = branch }
        if let tag = build.tag { variables["MOBILE_OPS_TAG"] = tag }
        if let pullRequest = build.pullRequest { variables["MOBILE_OPS_PULL_REQUEST"] = "\(pullRequest)" }
        return variables
    }
}
