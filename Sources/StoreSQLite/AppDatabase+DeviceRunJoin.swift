import Core
import Devices
import Foundation
import GRDB
import Store

// MARK: - Joining a running devices: step

extension AppDatabase {
    /// A new job of a running `devices:` step for `agent`, already assigned, when the step's
    /// queue could use the agent's devices (``DeviceRunJoining``); the oldest build first.
    /// Called in the claiming transaction once no queued job suits the agent.
    static func joinDeviceRun(agent: Agent, leaseSeconds: Double, now: Date, in db: Database) throws -> JobAssignment? {
        // Most polls come while no `devices:` step runs: they cost one read of a partial index.
        let running = try Bool.fetchOne(db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM deviceRun WHERE NOT finished)")) ?? false
        guard running else { return nil }
        let own = try deviceRows(agentID: agent.id, in: db).map { DeviceRunJoining.ReportedDevice(agentID: $0.agentID, report: $0.report) }
        guard !own.isEmpty else { return nil }
        let runs = try Row.fetchAll(db, sql: "SELECT buildID, stepKey, document FROM deviceRun WHERE NOT finished ORDER BY buildID")
        var health: [DeviceKey: DeviceHealth]?
        for row in runs {
            let run = try DeviceRunRules.decode(DeviceRun.self, row["document"])
            guard own.contains(where: { run.step.canRun($0.report) }) else { continue }
            let buildID: Int64 = row["buildID"]
            let stepKey: String = row["stepKey"]
            let jobs = try JobRecord.fetchAll(db, sql: """
                SELECT * FROM job WHERE buildID = ? AND stepKey = ? AND supersededBy IS NULL ORDER BY shardIndex
                """, arguments: [buildID, stepKey])
            guard let first = jobs.first, let last = jobs.last,
                  RequirementsKeyCache.shared.requirements(of: first.requirementsKey).isSatisfied(by: agent.tags) else { continue }
            let stepJobs = jobs.map { DeviceRunJoining.StepJob(agentID: $0.agentID, state: $0.jobState, cancelRequested: $0.cancelRequested) }
            var devices = own
            for holder in DeviceRunJoining.agentsTakingPart(stepJobs) where holder != agent.id {
                devices += try deviceRows(agentID: holder, in: db).map { DeviceRunJoining.ReportedDevice(agentID: $0.agentID, report: $0.report) }
            }
            let known = try health ?? deviceHealthRows(in: db)
            health = known
            guard DeviceRunJoining.shouldJoin(run: run, stepJobs: stepJobs, agentID: agent.id, devices: devices, health: known) else { continue }
            var joined = first.unrun(now: now)
            joined.shardIndex = last.shardIndex + 1
            joined.shardCount = last.shardIndex + 2
            joined.label = DeviceRunJoining.label(joining: first.label, shardIndex: first.shardIndex, shardCount: first.shardCount, agentName: agent.name)
            joined.attempt = 1
            joined.pendingReason = nil
            joined.waitingForSteps = false
            try joined.insert(db)
            return try assign(joined, to: agent, leaseSeconds: leaseSeconds, now: now, in: db)
        }
        return nil
    }
}
