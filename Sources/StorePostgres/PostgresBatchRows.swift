import Core
import Foundation
import NIOCore
import PostgresNIO
import Store

// MARK: - PostgresBatchRows

/// The rows a batch of new deliveries and builds inserts — each delivery with its answer, each
/// build, its jobs, the claimable ones among them, and its commit status — kept as one array
/// per column, so that one statement (`unnest`) inserts them all, however many there are.
///
/// A statement per row cost a round trip each, and the single intake writer waited for every
/// one in turn. Ids and numbers are handed out before (`allocate`), so rows name each other
/// without reading anything back.
struct PostgresBatchRows {
    /// `webhook_delivery.id`.
    private var deliveryIDs: [Int64] = []
    /// `webhook_delivery.provider`.
    private var providers: [String] = []
    /// `webhook_delivery.delivery_key`.
    private var keys: [String] = []
    /// `webhook_delivery.event`.
    private var events: [String] = []
    /// `webhook_delivery.repository_id`.
    private var deliveryRepositories = PostgresNullableArray<Int64>()
    /// `webhook_delivery.headers`.
    private var headers: [String] = []
    /// `webhook_delivery.body`.
    private var bodies: [ByteBuffer] = []
    /// `webhook_delivery.response_status`.
    private var statuses: [Int32] = []
    /// `webhook_delivery.response_body`.
    private var answers: [String] = []
    /// `build.id`.
    private var buildIDs: [Int64] = []
    /// `build.repository_id`.
    private var buildRepositories = PostgresNullableArray<Int64>()
    /// `build.number`.
    private var numbers: [Int32] = []
    /// `build.pipeline`.
    private var pipelines: [String] = []
    /// `build.trigger`.
    private var triggers: [String] = []
    /// `build.branch`.
    private var branches = PostgresNullableArray<String>()
    /// `build.tag`.
    private var tags = PostgresNullableArray<String>()
    /// `build.commit_sha`.
    private var commits: [String] = []
    /// `build.pull_request`.
    private var pullRequests = PostgresNullableArray<Int32>()
    /// `build.pull_request_origin`.
    private var origins = PostgresNullableArray<String>()
    /// `build.message`.
    private var messages = PostgresNullableArray<String>()
    /// `build.author`.
    private var authors = PostgresNullableArray<String>()
    /// `build.env`.
    private var envs: [String] = []
    /// `build.concurrency_group`.
    private var buildGroups = PostgresNullableArray<String>()
    /// `build.priority`.
    private var buildPriorities: [Int32] = []
    /// `build.delivery_id`.
    private var buildDeliveries = PostgresNullableArray<Int64>()
    /// `job.id`.
    private var jobIDs: [Int64] = []
    /// `job.build_id`.
    private var jobBuilds: [Int64] = []
    /// `job.step_key`.
    private var stepKeys: [String] = []
    /// `job.label`.
    private var labels: [String] = []
    /// `job.shard_index`.
    private var shardIndexes: [Int32] = []
    /// `job.shard_count`.
    private var shardCounts: [Int32] = []
    /// `job.plan`.
    private var plans: [String] = []
    /// `job.requirements_key` (and the runnable row's).
    private var requirements: [String] = []
    /// `job.priority` (and the runnable row's).
    private var jobPriorities: [Int32] = []
    /// `job.concurrency_group` (and the runnable row's).
    private var jobGroups = PostgresNullableArray<String>()
    /// `job.pending_reason`.
    private var reasons: [String] = []
    /// `job.waiting_for_steps`: a job that waits for none is also a `runnable_job` row.
    private var waiting: [Bool] = []
    /// The `outbox.payload` of each commit-status message.
    private var statusPayloads: [String] = []

    /// Adds a delivery, stored with the answer it gives.
    mutating func addDelivery(_ write: DeliveryWrite, id: Int64, answer: DeliveryAnswer) {
        let delivery = write.delivery
        deliveryIDs.append(id)
        providers.append(delivery.provider.rawValue)
        keys.append(delivery.key)
        events.append(delivery.event)
        deliveryRepositories.append(delivery.repositoryID)
        headers.append(write.headers)
        bodies.append(ByteBuffer(bytes: delivery.body))
        statuses.append(Int32(clamping: answer.status))
        answers.append(answer.body)
    }

    /// Adds a pending build with its jobs (one id and plan per job, in the draft's order) and,
    /// when its commit can carry one, its commit status.
    /// - Throws: `StoreError.database` when there is not one id and one plan per job.
    mutating func addBuild(
        _ encoded: EncodedBuildDraft, id: Int64, number: Int, deliveryID: Int64?, jobIDs ids: [Int64], plans jobPlans: [String], at: Date
    ) throws(StoreError) {
        let draft = encoded.draft
        let jobCount = draft.jobs.count
        guard ids.count == jobCount, jobPlans.count == jobCount, encoded.requirementsKeys.count == jobCount else {
            throw StoreError.database("build \(id): \(jobCount) jobs but \(ids.count) ids and \(jobPlans.count) plans")
        }
        buildIDs.append(id)
        buildRepositories.append(draft.repositoryID)
        numbers.append(Int32(clamping: number))
        pipelines.append(draft.pipeline)
        triggers.append(draft.trigger)
        branches.append(draft.branch)
        tags.append(draft.tag)
        commits.append(draft.commitSHA)
        pullRequests.append(draft.pullRequest.map(Int32.init(clamping:)))
        origins.append(draft.pullRequestOrigin?.rawValue)
        messages.append(draft.message)
        authors.append(draft.author)
        envs.append(encoded.env)
        buildGroups.append(draft.concurrencyGroup)
        buildPriorities.append(Int32(clamping: draft.priority))
        buildDeliveries.append(deliveryID)
        for (index, job) in draft.jobs.enumerated() {
            let waitingFor = job.spec.dependsOn
            jobIDs.append(ids[index])
            jobBuilds.append(id)
            stepKeys.append(job.stepKey)
            labels.append(job.label)
            shardIndexes.append(Int32(clamping: job.shardIndex))
            shardCounts.append(Int32(clamping: job.shardCount))
            plans.append(jobPlans[index])
            requirements.append(encoded.requirementsKeys[index])
            jobPriorities.append(Int32(clamping: draft.priority))
            jobGroups.append(draft.concurrencyGroup)
            reasons.append((waitingFor.isEmpty ? PendingReason.queued : .waitingForSteps(waitingFor)).message)
            waiting.append(!waitingFor.isEmpty)
        }
        let build = Build(
            id: id, repositoryID: draft.repositoryID, number: number, pipeline: draft.pipeline, state: .pending, trigger: draft.trigger,
            branch: draft.branch, tag: draft.tag, commitSHA: draft.commitSHA, pullRequest: draft.pullRequest,
            pullRequestOrigin: draft.pullRequestOrigin, message: draft.message, author: draft.author, concurrencyGroup: draft.concurrencyGroup, priority: draft.priority, cancelReason: nil, createdAt: at,
            startedAt: nil, finishedAt: nil)
        if let status = PostgresAppDatabase.commitStatus(of: build) { statusPayloads.append(status.jsonText) }
    }

    /// The one statement that inserts every row, stamped `at`. Foreign keys between them hold:
    /// PostgreSQL checks them at the end of the statement, when all its rows are in.
    func insert(at: Date) -> PostgresQuery {
        """
        WITH new_delivery AS (
            INSERT INTO webhook_delivery (id, provider, delivery_key, event, repository_id, headers, body, received_at, response_status, response_body)
            SELECT id, provider, delivery_key, event, repository_id, headers, body, \(at), response_status, response_body
            FROM unnest(\(deliveryIDs), \(providers), \(keys), \(events), \(deliveryRepositories), \(headers), \(bodies), \(statuses), \(answers))
              AS d(id, provider, delivery_key, event, repository_id, headers, body, response_status, response_body)),
        new_build AS (
            INSERT INTO build (id, repository_id, number, pipeline, state, trigger, branch, tag, commit_sha, pull_request, message, author,
                               env, concurrency_group, priority, delivery_id, created_at, pull_request_origin)
            SELECT id, repository_id, number, pipeline, 'pending', trigger, branch, tag, commit_sha, pull_request, message, author,
                   env, concurrency_group, priority, delivery_id, \(at), pull_request_origin
            FROM unnest(\(buildIDs), \(buildRepositories), \(numbers), \(pipelines), \(triggers), \(branches), \(tags), \(commits),
                        \(pullRequests), \(messages), \(authors), \(envs), \(buildGroups), \(buildPriorities), \(buildDeliveries), \(origins))
              AS b(id, repository_id, number, pipeline, trigger, branch, tag, commit_sha, pull_request, message, author,
                   env, concurrency_group, priority, delivery_id, pull_request_origin)),
        new_job AS (
            INSERT INTO job (id, build_id, step_key, label, shard_index, shard_count, attempt, state, plan, requirements_key, priority,
                             concurrency_group, pending_reason, waiting_for_steps, created_at)
            SELECT id, build_id, step_key, label, shard_index, shard_count, 1, 'pending', plan, requirements_key, priority,
                   concurrency_group, pending_reason, waiting_for_steps, \(at)
            FROM unnest(\(jobIDs), \(jobBuilds), \(stepKeys), \(labels), \(shardIndexes), \(shardCounts), \(plans), \(requirements),
                        \(jobPriorities), \(jobGroups), \(reasons), \(waiting))
              AS j(id, build_id, step_key, label, shard_index, shard_count, plan, requirements_key, priority,
                   concurrency_group, pending_reason, waiting_for_steps)
            RETURNING id, requirements_key, priority, concurrency_group, waiting_for_steps),
        new_runnable AS (
            INSERT INTO runnable_job (job_id, requirements_key, priority, concurrency_group)
            SELECT id, requirements_key, priority, concurrency_group FROM new_job WHERE NOT waiting_for_steps)
        INSERT INTO outbox (kind, payload, created_at, attempts, next_attempt_at)
        SELECT \(CommitStatusPayload.kind), payload, \(at), 0, \(at) FROM unnest(\(statusPayloads)) AS s(payload)
        """
    }
}
