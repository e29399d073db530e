import Core
import Foundation
import GRDB
import Store

extension AppDatabase {
    /// The instant an agent must have been heard from since to count as online now.
    var onlineSince: Date { clock.now.addingTimeInterval(-presenceWindow) }

    /// Why a pending job waits, worked out now from the fleet and the build, not stored:
    /// the fleet changes far more often than jobs do.
    static func pendingReason(for job: JobRecord, onlineSince: Date, in db: Database) throws -> PendingReason {
        try pendingReason(for: job, fleet: FleetSnapshot.load(seenSince: onlineSince, in: db), in: db)
    }

    /// The same, against a fleet read once for several jobs (the rule: `PendingJobFacts`).
    static func pendingReason(for job: JobRecord, fleet: FleetSnapshot, in db: Database) throws -> PendingReason {
        let spec = try job.spec()
        let waiting = try unpassedDependencies(of: job, spec: spec, in: db)
        let group = waiting.isEmpty ? try concurrencyGroupHeldElsewhere(by: job, in: db) : nil
        let devices = try spec.devices.map { step in
            PendingJobFacts.DeviceNeed(step: step, ready: try agentsReady(for: step, agentID: nil, in: db))
        }
        return PendingJobFacts(
            unpassedDependencies: waiting, groupHeldElsewhere: group, requirements: spec.requirements, fleet: fleet.members, devices: devices
        ).reason
    }

    /// The agents (all, or only `agentID`) whose last report has a device that can run `step` now.
    static func agentsReady(for step: DeviceStep, agentID: Int64?, in db: Database) throws -> Set<Int64> {
        Set(try deviceRows(agentID: agentID, in: db).filter { step.canRun($0.report) }.map(\.agentID))
    }

    // MARK: Shared by dispatch and pending reasons

    /// The steps this job depends on whose current attempts have not all passed.
    static func unpassedDependencies(of job: JobRecord, spec: JobSpec, in db: Database) throws -> [String] {
        guard !spec.dependsOn.isEmpty else { return [] }
        let notPassed = try String.fetchAll(
            db, sql: "SELECT DISTINCT stepKey FROM job WHERE buildID = ? AND supersededBy IS NULL AND state != 'passed'",
            arguments: [job.buildID]
        )
        return spec.dependsOn.filter { notPassed.contains($0) }
    }

    /// The job's concurrency group, when an older unfinished build holds it; nil when free.
    /// The oldest unfinished build of a group owns it; later builds wait their turn.
    static func concurrencyGroupHeldElsewhere(by job: JobRecord, in db: Database) throws -> String? {
        guard let group = job.concurrencyGroup else { return nil }
        let owner = try Int64.fetchOne(
            db, sql: "SELECT MIN(buildID) FROM job WHERE concurrencyGroup = ? AND state IN ('pending', 'assigned', 'running')",
            arguments: [group]
        )
        return owner == nil || owner == job.buildID ? nil : group
    }
}
