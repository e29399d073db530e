import Core
import Foundation
import GRDB
import Store

// MARK: - Creating builds

extension AppDatabase {
    /// Inserts a build, its jobs, the cancellation of the builds it supersedes, and the
    /// commit-status message announcing it, all inside the caller's transaction.
    static func insertBuild(_ encoded: EncodedBuildDraft, deliveryID: Int64?, now: Date, in db: Database) throws -> BuildRecord {
        let draft = encoded.draft
        let number = try Int.fetchOne(
            db.cachedStatement(sql: "SELECT COALESCE(MAX(number), 0) + 1 FROM build WHERE repositoryID IS ?"),
            arguments: [draft.repositoryID]
        ) ?? 1
        var build = BuildRecord(
            id: nil, repositoryID: draft.repositoryID, number: number, pipeline: draft.pipeline,
            state: BuildState.pending.rawValue, trigger: draft.trigger, branch: draft.branch, tag: draft.tag,
            commitSHA: draft.commitSHA, pullRequest: draft.pullRequest, message: draft.message, author: draft.author,
            env: encoded.env, concurrencyGroup: draft.concurrencyGroup, priority: draft.priority,
            deliveryID: deliveryID, cancelReason: nil, createdAt: now, startedAt: nil, finishedAt: nil,
            pullRequestOrigin: draft.pullRequestOrigin?.rawValue
        )
        try build.insertDirectly(db)
        guard let buildID = build.id else { throw StoreError.database("build insert returned no id") }

        for (index, draftJob) in draft.jobs.enumerated() {
            let waitingFor = draftJob.spec.dependsOn
            let plan: String
            if let encodedPlan = encoded.plans[index] {
                plan = encodedPlan
            } else {
                var spec = draftJob.spec
                spec.uiTests?.durations = try suiteDurations(pipeline: draft.pipeline, stepKey: draftJob.stepKey, in: db)
                plan = try StoreJSON.encode(spec)
            }
            var job = JobRecord(
                id: nil, buildID: buildID, stepKey: draftJob.stepKey, label: draftJob.label,
                shardIndex: draftJob.shardIndex, shardCount: draftJob.shardCount, attempt: 1, supersededBy: nil,
                state: JobState.pending.rawValue, plan: plan,
                requirementsKey: encoded.requirementsKeys[index], priority: draft.priority,
                concurrencyGroup: draft.concurrencyGroup,
                pendingReason: (waitingFor.isEmpty ? PendingReason.queued : .waitingForSteps(waitingFor)).message,
                waitingForSteps: !waitingFor.isEmpty, agentID: nil, leaseExpiresAt: nil, cancelRequested: false, exitStatus: nil, createdAt: now,
                assignedAt: nil, startedAt: nil, finishedAt: nil
            )
            try job.insertDirectly(db)
        }
        if draft.cancelSuperseded, let pullRequest = draft.pullRequest {
            try cancelSupersededBuilds(of: build, pullRequest: pullRequest, now: now, in: db)
        }
        if draft.cancelInProgress, let group = draft.concurrencyGroup {
            try cancelGroupHolders(of: build, group: group, now: now, in: db)
        }
        try enqueueCommitStatus(for: build, in: db, now: now)
        return build
    }

    /// Cancels unfinished builds of the same repository, pipeline and pull request.
    private static func cancelSupersededBuilds(of build: BuildRecord, pullRequest: Int, now: Date, in db: Database) throws {
        let older = try BuildRecord
            .filter(Column("repositoryID") == build.repositoryID && Column("pipeline") == build.pipeline)
            .filter(Column("pullRequest") == pullRequest && Column("id") != build.id)
            .filter([BuildState.pending.rawValue, BuildState.running.rawValue].contains(Column("state")))
            .fetchAll(db)
        for var old in older {
            old.cancelReason = "superseded by build #\(build.number)"
            try old.update(db)
            if let id = old.id {
                try cancelJobs(ofBuild: id, now: now, in: db)
            }
        }
    }

    /// Cancels unfinished builds in the same concurrency group, so the newest one runs.
    private static func cancelGroupHolders(of build: BuildRecord, group: String, now: Date, in db: Database) throws {
        let older = try BuildRecord
            .filter(Column("concurrencyGroup") == group && Column("id") != build.id)
            .filter([BuildState.pending.rawValue, BuildState.running.rawValue].contains(Column("state")))
            .fetchAll(db)
        for var old in older {
            old.cancelReason = "canceled by build #\(build.number) in concurrency group \(group)"
            try old.update(db)
            if let id = old.id { try cancelJobs(ofBuild: id, now: now, in: db) }
        }
    }

    /// Pending jobs end now; running ones are asked to stop at their next heartbeat.
    static func cancelJobs(ofBuild buildID: Int64, now: Date, in db: Database) throws {
        try db.execute(
            sql: "UPDATE job SET state = 'canceled', finishedAt = ?, pendingReason = NULL WHERE buildID = ? AND state = 'pending'",
            arguments: [StoredDate(now), buildID]
        )
        try db.execute(
            sql: "UPDATE job SET cancelRequested = 1 WHERE buildID = ? AND state IN ('assigned', 'running')",
            arguments: [buildID]
        )
        try refreshBuildState(buildID, now: now, in: db)
    }

    // MARK: Derived state

    /// Re-derives a build's state from its current job attempts; announces a change.
    /// - Returns: The build as it is now, or nil when there is none.
    @discardableResult
    static func refreshBuildState(_ buildID: Int64, now: Date, in db: Database) throws -> BuildRecord? {
        guard var build = try BuildRecord.fetchOne(db, key: buildID) else { return nil }
        let states = try String.fetchAll(
            db.cachedStatement(sql: "SELECT state FROM job WHERE buildID = ? AND supersededBy IS NULL"), arguments: [buildID]
        ).compactMap(JobState.init(rawValue:))
        let current = BuildProgress(state: BuildState(rawValue: build.state) ?? .pending, startedAt: build.startedAt, finishedAt: build.finishedAt)
        guard let next = current.advanced(jobStates: states, now: now) else { return build }
        build.state = next.state.rawValue
        build.startedAt = next.startedAt
        build.finishedAt = next.finishedAt
        try build.update(db)
        if next.state.isFinished, let id = build.id { try closeDeviceRuns(buildID: id, now: now, in: db) }
        // A finished build is measured here, once, as the unit people wait on.
        let times = try recordBuildMetrics(build, now: now, in: db)
        try enqueueCommitStatus(for: build, in: db, now: now)
        // Findings stored while it ran go to the pull request once, when it finishes.
        if next.state.isFinished, let id = build.id, try hasFindings(id, in: db) {
            try enqueueFindingsReport(for: build, in: db, now: now)
        }
        try announceFailedDefaultBranchBuild(build, times: times, now: now, in: db)
        return build
    }

    /// Adds a commit-status message for the build's current state to the outbox.
    static func enqueueCommitStatus(for build: BuildRecord, in db: Database, now: Date) throws {
        // Git hosts attach statuses to object names; a build of a branch tip has none to name.
        guard let id = build.id, let repositoryID = build.repositoryID, CommitReference.isObjectName(build.commitSHA) else { return }
        let payload = CommitStatusPayload(
            buildID: id, repositoryID: repositoryID, number: build.number, pipeline: build.pipeline,
            commitSHA: build.commitSHA, state: build.state
        )
        var message = OutboxRecord(kind: CommitStatusPayload.kind, payload: payload.jsonText, at: now)
        try message.insertDirectly(db)
    }
}
