import Core
import Devices
import Foundation
import MemberwiseInit

/// The batches of `devices:` steps (`docs/devices.md`): one run per build and step, kept as a
/// ``DeviceRun`` document that every call changes in one transaction, and each device's
/// health (failures in a row, quarantine) between builds.
public protocol DeviceRunStore: Sendable {
    /// Makes the step's queue from the tests its job's checkout selected, with what earlier
    /// runs of the step in the repository say of them; a step that has a queue keeps it.
    /// - Throws: `StoreError.jobNotHeld` unless the agent holds the job; `conflict` for a job without `devices:`.
    func queueDeviceTests(jobID: Int64, agentID: Int64, tests: [String], now: Date) async throws(StoreError) -> DeviceTestsQueued
    /// The next batch for one of the agent's devices (see ``DeviceRun/nextBatch(for:jobID:now:budget:)``):
    /// batches nobody will report are taken back first, and a quarantined device gets none.
    /// - Throws: `StoreError.jobNotHeld`; `conflict` before the step has a queue.
    func nextDeviceBatch(jobID: Int64, agentID: Int64, request: DeviceBatchRequest, now: Date) async throws(StoreError) -> DeviceBatchAnswer
    /// Records a batch's results, or its device's failure (which may quarantine the device).
    /// - Throws: `StoreError.jobNotHeld`; `conflict` for a batch that is not this job's running one.
    func recordDeviceBatch(jobID: Int64, agentID: Int64, batchID: Int, report: DeviceBatchReport, now: Date) async throws(StoreError) -> DeviceBatchAnswer
    /// The device runs of a build, by step key. - Throws: `StoreError.notFound` for an unknown build.
    func deviceRuns(buildID: Int64) async throws(StoreError) -> [StepDeviceRun]
    /// Every device's health, and the batch each runs now.
    func deviceHealth() async throws(StoreError) -> DeviceFleetHealth
    /// Lets a quarantined device take batches again, writing `audit` in the same transaction.
    /// - Throws: `StoreError.notFound` when the agent has no such device and the server knows no health of it.
    func readmitDevice(_ device: DeviceKey, audit: AuditEvent, now: Date) async throws(StoreError) -> DeviceHealth
}

/// One step's device run, as `GET /api/v1/builds/{id}/device-runs` lists it.
@MemberwiseInit(.public)
public struct StepDeviceRun: Codable, Sendable, Equatable {
    /// The step.
    public var stepKey: String
    /// Its queue, batches, tests and verdicts.
    public var run: DeviceRun
}

/// What the device list adds to the agents' reports: health and running batches.
@MemberwiseInit(.public)
public struct DeviceFleetHealth: Sendable, Equatable {
    /// Every device the server remembers a failure of.
    public var health: [DeviceKey: DeviceHealth]
    /// The batch each device runs now: its build and number.
    public var running: [DeviceKey: (buildID: Int64, batch: Int)]

    /// Equal when the same devices have the same health and batches.
    public static func == (lhs: DeviceFleetHealth, rhs: DeviceFleetHealth) -> Bool {
        lhs.health == rhs.health && lhs.running.mapValues { "\($0.buildID)/\($0.batch)" } == rhs.running.mapValues { "\($0.buildID)/\($0.batch)" }
    }

    /// `devices` with their quarantine, recent failures and running batch filled in.
    public func annotate(_ devices: [Device]) -> [Device] {
        devices.map { device in
            var device = device
            let key = DeviceKey(agentID: device.agentID, platform: device.platform, identifier: device.identifier)
            if let health = health[key] {
                device.infrastructureFailures = health.recentFailures
                device.quarantineReason = health.quarantineReason
                device.quarantinedAt = health.quarantinedAt
            }
            if let batch = running[key] {
                device.batch = Int64(batch.batch)
                device.batchBuildID = batch.buildID
            }
            return device
        }
    }
}
