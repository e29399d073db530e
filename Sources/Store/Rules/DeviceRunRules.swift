import Core
import Devices
import Foundation

/// The decisions of ``DeviceRunStore``, made alike by every backend: a backend reads the
/// run's document, the device health rows and the step's active jobs in one transaction,
/// calls these, and writes back what they changed.
package enum DeviceRunRules {
    /// How many earlier runs of a step history reads.
    package static let historyRuns = 10

    /// The job's `devices:`, or a conflict naming the job.
    package static func deviceStep(of spec: JobSpec, jobID: Int64) throws(StoreError) -> DeviceStep {
        guard let step = spec.devices else { throw StoreError.conflict("job \(jobID) has no devices: step") }
        return step
    }

    /// A new run of `tests` with the facts earlier runs (newest first) give.
    package static func newRun(step: DeviceStep, tests: [String], history: [DeviceRun]) -> DeviceRun {
        DeviceRun(step: step, tests: DeviceRunHistory.facts(for: tests, from: history))
    }

    /// The queue's size, as the test list's answer.
    package static func queued(_ run: DeviceRun) -> DeviceTestsQueued {
        DeviceTestsQueued(tests: run.tests.count, runs: run.tests.reduce(0) { $0 + $1.copies })
    }

    /// The next batch for `device`; `health` holds every stored device health and comes back
    /// with the ones changed listed in `changed`.
    package static func next(
        run: inout DeviceRun, health: inout [DeviceKey: DeviceHealth], device: DeviceKey, jobID: Int64,
        activeJobs: Set<Int64>, now: Date
    ) -> (answer: DeviceBatchAnswer, changed: [DeviceHealth]) {
        let changed = reclaim(run: &run, health: &health, activeJobs: activeJobs, now: now)
        if run.isFinished { return (run.finishedAnswer(), changed) }
        if let quarantine = health[device]?.quarantineReason {
            run.forget(device)
            // It keeps asking, cheaply: re-admitted, it takes batches again; and it hears the verdict.
            return (DeviceBatchAnswer(retryAfterSeconds: 10, message: "quarantined: \(quarantine)"), changed)
        }
        return (run.nextBatch(for: device, jobID: jobID, now: now), changed)
    }

    /// Records a batch's report; answers what the device does next and the healths changed.
    package static func record(
        run: inout DeviceRun, health: inout [DeviceKey: DeviceHealth], batchID: Int, jobID: Int64, report: DeviceBatchReport, now: Date
    ) throws(StoreError) -> (answer: DeviceBatchAnswer, changed: [DeviceHealth]) {
        guard let device = run.batches.first(where: { $0.id == batchID })?.device else {
            throw StoreError.conflict(DeviceRunError.unknownBatch(batchID).description)
        }
        let failure: String?
        do { failure = try run.record(batchID: batchID, jobID: jobID, report: report, now: now) } catch {
            throw StoreError.conflict(error.description)
        }
        let answer = run.isFinished ? run.finishedAnswer() : DeviceBatchAnswer()
        // A device with no failure on record needs no row for a good batch.
        guard failure != nil || health[device] != nil else { return (answer, []) }
        var entry = health[device] ?? DeviceHealth(device: device)
        if let failure {
            entry.recordFailure(failure, quarantineAfter: run.step.quarantineAfter, now: now)
            if entry.isQuarantined { run.forget(device) }
        } else {
            entry.recordSuccess()
        }
        let changed = health[device] == entry ? [] : [entry]
        health[device] = entry
        return (answer, changed)
    }

    /// Takes back batches nobody will report, charging the devices that timed out.
    static func reclaim(run: inout DeviceRun, health: inout [DeviceKey: DeviceHealth], activeJobs: Set<Int64>, now: Date) -> [DeviceHealth] {
        var changed: [DeviceKey: DeviceHealth] = [:]
        for (device, reason) in run.reclaim(activeJobs: activeJobs, now: now) {
            var entry = health[device] ?? DeviceHealth(device: device)
            entry.recordFailure(reason, quarantineAfter: run.step.quarantineAfter, now: now)
            if entry.isQuarantined { run.forget(device) }
            health[device] = entry
            changed[device] = entry
        }
        return Array(changed.values)
    }

    /// Which batch each device runs now, over the unfinished runs.
    package static func running(_ runs: [(buildID: Int64, run: DeviceRun)]) -> [DeviceKey: (buildID: Int64, batch: Int)] {
        var running: [DeviceKey: (buildID: Int64, batch: Int)] = [:]
        for (buildID, run) in runs {
            for batch in run.batches where batch.outcome == nil { running[batch.device] = (buildID, batch.id) }
        }
        return running
    }

    /// The document as stored.
    package static func encode(_ value: some Encodable) throws(StoreError) -> String {
        do { return try StoreJSON.encode(value) } catch { throw StoreError.database("a device run could not be encoded: \(error)") }
    }

    /// A stored document.
    package static func decode<Value: Decodable>(_ type: Value.Type, _ text: String) throws(StoreError) -> Value {
        do { return try JSONDecoder().decode(type, from: Data(text.utf8)) } catch {
            throw StoreError.database("a stored device run could not be read: \(error)")
        }
    }
}
