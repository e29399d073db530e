import Core
import Devices
import Foundation

// MARK: - Device health, as the store applies it

/// What the store does with `DeviceHealth` around the run, in `DeviceRunRules.next`,
/// `DeviceRunRules.record` and `DeviceRunRules.reclaim` (Sources/Store/Rules/DeviceRunRules.swift).
/// Those rules are `package`-scoped to the server's package, so this package cannot call them:
/// this makes the same calls in the same order, while every decision in it is the server's own
/// (`DeviceHealth.recordFailure`'s count and threshold, `DeviceRun.forget`, `reclaim`, `stop`).
/// The muted-test bookkeeping of the same rules changes no scheduling and is left out.
extension DeviceQueueSimulation {
    /// After `record` answered `failure` (the device's failure, or nil) for `device`'s batch.
    mutating func noteReport(_ failure: String?, report: DeviceBatchReport, device: Int, now: Double) {
        let key = keys[device]
        // A batch failed for the step's sake says nothing of the device, good or bad.
        if failure == nil, report.failure != nil { return }
        // A device with no failure on record needs no row for a good batch.
        guard failure != nil || health[key] != nil else { return }
        var entry = health[key] ?? DeviceHealth(device: key)
        if let failure {
            entry.recordFailure(failure, quarantineAfter: run.step.quarantineAfter, now: Date(timeIntervalSince1970: now))
            if entry.isQuarantined {
                run.forget(key)
                if quarantinedAt[device] == nil { quarantinedAt[device] = now }
            }
        } else {
            entry.recordSuccess()
        }
        health[key] = entry
    }

    /// Before each ask: batches whose job ended or that passed their time limit go back, the
    /// late ones charged to their device. Every job stays active here, so only the time limit
    /// can take a batch back.
    mutating func reclaim(now: Date) {
        let activeJobs = Set((0..<fleet.devices).map(jobID))
        for (key, reason) in run.reclaim(activeJobs: activeJobs, now: now) {
            var entry = health[key] ?? DeviceHealth(device: key)
            entry.recordFailure(reason, quarantineAfter: run.step.quarantineAfter, now: now)
            if entry.isQuarantined {
                run.forget(key)
                if let device = keys.firstIndex(of: key), quarantinedAt[device] == nil {
                    quarantinedAt[device] = now.timeIntervalSince1970
                }
            }
            health[key] = entry
        }
    }

    /// The answer to a quarantined device: wait 10 s (re-admitted, it would take batches
    /// again), or, when every device of the fleet is quarantined, the run stopped failed.
    /// Nil for a device that is not quarantined.
    mutating func quarantinedAnswer(for device: Int, now: Date) -> DeviceBatchAnswer? {
        let key = keys[device]
        guard let quarantine = health[key]?.quarantineReason else { return nil }
        run.forget(key)
        if keys.allSatisfy({ health[$0]?.isQuarantined == true }) {
            run.stop(because: "every matching device is quarantined (\(keys.count) device(s); the last: \(quarantine))", now: now)
            return run.finishedAnswer()
        }
        return DeviceBatchAnswer(retryAfterSeconds: 10, message: "quarantined: \(quarantine)")
    }
}
