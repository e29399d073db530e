import Core
import Devices
import Foundation
import PostgresNIO
import Store

// MARK: - Joining a running devices: step

extension PostgresAppDatabase {
    /// A new job of a running `devices:` step for `agent`, already assigned, when the step's
    /// queue could use the agent's devices (``DeviceRunJoining``); the oldest build first.
    /// Called in the claiming transaction once no queued job suits the agent.
    ///
    /// The decision is made without a lock, then, when it says join, made again with the
    /// build's row locked: a job of the build ending at once either sees the new job when it
    /// works out the build's state, or has finished the build, which this then sees and leaves
    /// alone. The run's document is read without a lock: joining one agent too many only adds
    /// a job that finds nothing left to hand out.
    func joinDeviceRun(agent: Agent, leaseSeconds: Double, now: Date, on connection: PostgresConnection) async throws -> JobAssignment? {
        // Most polls come while no `devices:` step runs: they cost one read of a partial index.
        var runs: [(buildID: Int64, stepKey: String, run: DeviceRun)] = []
        let rows = try await connection.boundedQuery(
            "SELECT build_id, step_key, document FROM device_run WHERE NOT finished ORDER BY build_id", logger: logger)
        for try await (buildID, stepKey, document) in rows.decode((Int64, String, String).self) {
            runs.append((buildID, stepKey, try DeviceRunRules.decode(DeviceRun.self, document)))
        }
        guard !runs.isEmpty else { return nil }
        let own = try await deviceRows(agentID: agent.id, on: connection).map { DeviceRunJoining.ReportedDevice(agentID: $0.agentID, report: $0.report) }
        guard !own.isEmpty else { return nil }
        let candidates = runs.filter { entry in own.contains { entry.run.step.canRun($0.report) } }
        guard !candidates.isEmpty else { return nil }
        let health = try await deviceHealthRows(on: connection, all: true, locking: [])
        for (buildID, stepKey, run) in candidates {
            // Decided first without a lock, so that idle agents' polls lock no build they do not join.
            guard try await joinable(run, buildID: buildID, stepKey: stepKey, agent: agent, own: own, health: health, on: connection) != nil,
                  let build = try await buildRow(id: buildID, lock: true, on: connection), !build.state.isFinished,
                  let (first, last) = try await joinable(run, buildID: buildID, stepKey: stepKey, agent: agent, own: own, health: health, on: connection)
            else { continue }
            let label = DeviceRunJoining.label(
                joining: first.label, shardIndex: Int(first.shardIndex), shardCount: Int(first.shardCount), agentName: agent.name)
            let shardIndex = last.shardIndex + 1
            let joined = try await connection.value(
                """
                INSERT INTO job (build_id, step_key, label, shard_index, shard_count, attempt, state, plan, requirements_key, priority,
                                 concurrency_group, waiting_for_steps, created_at)
                SELECT build_id, step_key, \(label), \(shardIndex), \(shardIndex + 1), 1, 'pending', plan, requirements_key, priority,
                       concurrency_group, false, \(PostgresTime.stored(now))
                FROM job WHERE id = \(first.id)
                RETURNING id
                """, as: Int64.self, logger: logger)
            guard let joined else { continue }
            return try await assign(joined, to: agent, leaseSeconds: leaseSeconds, now: now, on: connection)
        }
        return nil
    }

    /// One job of a step, as joining copies it.
    private struct StepJobRow {
        var id: Int64
        var shardIndex: Int32
        var shardCount: Int32
        var label: String
    }

    /// The step's first and last current jobs when `agent` should join it now
    /// (``DeviceRunJoining``), else nil.
    private func joinable(
        _ run: DeviceRun, buildID: Int64, stepKey: String, agent: Agent, own: [DeviceRunJoining.ReportedDevice],
        health: [DeviceKey: DeviceHealth], on connection: PostgresConnection
    ) async throws -> (first: StepJobRow, last: StepJobRow)? {
        let rows = try await connection.boundedQuery(
            """
            SELECT id, agent_id, state, cancel_requested, shard_index, shard_count, label, requirements_key FROM job
            WHERE build_id = \(buildID) AND step_key = \(stepKey) AND superseded_by IS NULL ORDER BY shard_index
            """, logger: logger)
        var jobs: [StepJobRow] = []
        var stepJobs: [DeviceRunJoining.StepJob] = []
        var requirementsKey: String?
        for try await (id, holder, state, cancelRequested, shardIndex, shardCount, label, key) in rows.decode(
            (Int64, Int64?, String, Bool, Int32, Int32, String, String).self
        ) {
            jobs.append(StepJobRow(id: id, shardIndex: shardIndex, shardCount: shardCount, label: label))
            stepJobs.append(DeviceRunJoining.StepJob(agentID: holder, state: JobState(rawValue: state) ?? .pending, cancelRequested: cancelRequested))
            requirementsKey = requirementsKey ?? key
        }
        guard let first = jobs.first, let last = jobs.last, let requirementsKey,
              RequirementsKeyCache.shared.requirements(of: requirementsKey).isSatisfied(by: agent.tags) else { return nil }
        var devices = own
        for holder in DeviceRunJoining.agentsTakingPart(stepJobs) where holder != agent.id {
            devices += try await deviceRows(agentID: holder, on: connection).map { DeviceRunJoining.ReportedDevice(agentID: $0.agentID, report: $0.report) }
        }
        guard DeviceRunJoining.shouldJoin(run: run, stepJobs: stepJobs, agentID: agent.id, devices: devices, health: health) else { return nil }
        return (first, last)
    }
}
