import Core
import Foundation
import PostgresNIO
import Store

// MARK: - Jobs as read, and why pending ones wait

extension PostgresAppDatabase {
    /// A job row: the API value and what explaining its wait needs.
    struct StoredJob {
        var job: Job
        /// JSON of its `JobSpec`.
        var plan: String
        var concurrencyGroup: String?
    }

    static let jobColumns = """
        id, build_id, step_key, label, shard_index, shard_count, attempt, state, pending_reason, agent_id, exit_status,
        superseded_by, created_at, started_at, finished_at, plan, concurrency_group
        """

    static func jobs(from rows: PostgresRowSequence) async throws -> [StoredJob] {
        var jobs: [StoredJob] = []
        for try await row in rows { jobs.append(try storedJob(from: row)) }
        return jobs
    }

    /// One job from a row that starts with `jobColumns`.
    static func storedJob(from row: PostgresRow) throws -> StoredJob {
        let (id, buildID, stepKey, label, shardIndex, shardCount, attempt, state, pendingReason) =
            try row.decode((Int64, Int64, String, String, Int32, Int32, Int32, String, String?).self)
        let columns = row.makeRandomAccess()
        let job = Job(
            id: id, buildID: buildID, stepKey: stepKey, label: label, shardIndex: Int(shardIndex), shardCount: Int(shardCount),
            attempt: Int(attempt), state: JobState(rawValue: state) ?? .pending, pendingReason: pendingReason,
            agentID: try columns[9].decode(Int64?.self), exitStatus: try columns[10].decode(Int32?.self),
            supersededBy: try columns[11].decode(Int64?.self), createdAt: try columns[12].decode(Date.self),
            startedAt: try columns[13].decode(Date?.self), finishedAt: try columns[14].decode(Date?.self))
        return StoredJob(job: job, plan: try columns[15].decode(String.self), concurrencyGroup: try columns[16].decode(String?.self))
    }

    /// The jobs' API values, each pending one with why it waits now (`PendingJobFacts`), the
    /// fleet read once and only when some job waits: the agents heard from since `onlineSince`
    /// (by default, the presence window back from the clock's now).
    func explained(_ jobs: [StoredJob], onlineSince: Date? = nil, on connection: PostgresConnection) async throws -> [Job] {
        guard jobs.contains(where: { $0.job.state == .pending }) else { return jobs.map(\.job) }
        let fleet = try await onlineFleet(since: onlineSince ?? clock.now.addingTimeInterval(-presenceWindow), on: connection)
        var cache = HoldBackCache()
        var explained: [Job] = []
        for stored in jobs {
            var job = stored.job
            if job.state == .pending {
                let spec = try JSONDecoder().decode(JobSpec.self, from: Data(stored.plan.utf8))
                let held = try await holdBack(stored, spec: spec, cache: &cache, on: connection)
                var devices: PendingJobFacts.DeviceNeed?
                if let step = spec.devices { devices = PendingJobFacts.DeviceNeed(step: step, ready: try await agentsReady(for: step, agentID: nil, on: connection)) }
                job.pendingReason = PendingJobFacts(
                    unpassedDependencies: held.unpassed, groupHeldElsewhere: held.groupHeldElsewhere, requirements: spec.requirements, fleet: fleet,
                    devices: devices
                ).reason.message
            }
            explained.append(job)
        }
        return explained
    }

    /// What the hold-back checks have read within one request: each build's steps whose
    /// current attempts have not all passed, and each concurrency group's owning build. A build
    /// of 100 waiting jobs is then read once, not once per job.
    struct HoldBackCache {
        var notPassed: [Int64: Set<String>] = [:]
        var owners: [String: Int64?] = [:]
    }

    /// What holds a pending job back apart from the fleet: the steps it depends on that have
    /// not all passed, else its concurrency group when an older unfinished build holds it.
    func holdBack(
        _ stored: StoredJob, spec: JobSpec, cache: inout HoldBackCache, on connection: PostgresConnection
    ) async throws -> (unpassed: [String], groupHeldElsewhere: String?) {
        let buildID = stored.job.buildID
        if !spec.dependsOn.isEmpty {
            if cache.notPassed[buildID] == nil {
                cache.notPassed[buildID] = Set(try await connection.values(
                    "SELECT DISTINCT step_key FROM job WHERE build_id = \(buildID) AND superseded_by IS NULL AND state <> 'passed'",
                    as: String.self, logger: logger))
            }
            let notPassed = cache.notPassed[buildID] ?? []
            let waiting = spec.dependsOn.filter { notPassed.contains($0) }
            if !waiting.isEmpty { return (waiting, nil) }
        }
        guard let group = stored.concurrencyGroup else { return ([], nil) }
        if cache.owners[group] == nil {
            // The oldest unfinished build of a group owns it; later builds wait their turn.
            cache.owners[group] = try await connection.value(
                "SELECT min(build_id) FROM job WHERE concurrency_group = \(group) AND state IN ('pending', 'assigned', 'running')",
                as: Int64?.self, logger: logger) ?? nil
        }
        let owner = cache.owners[group] ?? nil
        return ([], owner == nil || owner == buildID ? nil : group)
    }

    /// The agents heard from within the presence window, and whether each has a free slot.
    private func onlineFleet(since: Date, on connection: PostgresConnection) async throws -> [PendingJobFacts.FleetMember] {
        let since = PostgresTime.stored(since)
        let rows = try await connection.boundedQuery(
            """
            SELECT a.id, a.tags, a.slots, count(j.id) FROM agent a
            LEFT JOIN job j ON j.agent_id = a.id AND j.state IN ('assigned', 'running')
            WHERE a.state = 'connected' AND a.last_seen_at > \(since)
            GROUP BY a.id, a.tags, a.slots
            """, logger: logger)
        var fleet: [PendingJobFacts.FleetMember] = []
        for try await (id, tags, slots, held) in rows.decode((Int64, String, Int32, Int64).self) {
            let values = (try? JSONDecoder().decode([String: String].self, from: Data(tags.utf8))) ?? [:]
            fleet.append(PendingJobFacts.FleetMember(id: id, tags: values, isBusy: held >= Int64(slots)))
        }
        return fleet
    }

    /// The agents (all, or only `agentID`) whose last report has a device that can run `step` now.
    func agentsReady(for step: DeviceStep, agentID: Int64?, on connection: PostgresConnection) async throws -> Set<Int64> {
        Set(try await deviceRows(agentID: agentID, on: connection).filter { step.canRun($0.report) }.map(\.agentID))
    }
}
