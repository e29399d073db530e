import Core
import Devices
import Foundation

/// The decisions of ``DeviceRunStore``, made alike by every backend: a backend reads the
/// run's document, the device health rows, the muted tests and the step's active jobs in one
/// transaction, calls these, and writes back what they changed (``Effects``).
package enum DeviceRunRules {
    /// How many earlier runs of a step history reads.
    package static let historyRuns = 10

    /// What one call changed besides the run itself.
    package struct Effects {
        /// What the device is told.
        package var answer: DeviceBatchAnswer
        /// Device healths to store.
        package var health: [DeviceHealth] = []
        /// The muted tests' changes, when the call finished the run.
        package var mutes = MuteRule.Changes()
    }

    /// The job's `devices:`, or a conflict naming the job.
    package static func deviceStep(of spec: JobSpec, jobID: Int64) throws(StoreError) -> DeviceStep {
        guard let step = spec.devices else { throw StoreError.conflict("job \(jobID) has no devices: step") }
        return step
    }

    /// A new run of `tests` with the facts earlier runs (newest first) give; `muted` tests (those
    /// of the build's repository) do not fail it.
    package static func newRun(step: DeviceStep, tests: [String], history: [DeviceRun], muted: [MutedTest]) -> DeviceRun {
        DeviceRun(step: step, tests: DeviceRunHistory.facts(for: tests, from: history), muted: Set(muted.map(\.name)))
    }

    /// The queue's size, as the test list's answer.
    package static func queued(_ run: DeviceRun) -> DeviceTestsQueued {
        DeviceTestsQueued(tests: run.tests.count, runs: run.tests.reduce(0) { $0 + $1.copies })
    }

    /// The next batch for `device`; `health` holds the stored health of the asking device, of
    /// the devices whose batches may be reclaimed, and of `fleet`: the devices the agents
    /// holding the step's active jobs reported. When every one of them the step can run on is
    /// quarantined, the run ends failed: nothing would ever take its tests.
    package static func next(
        run: inout DeviceRun, health: inout [DeviceKey: DeviceHealth], muted: [MutedTest], device: DeviceKey, jobID: Int64,
        build: (id: Int64, repositoryID: Int64?), activeJobs: Set<Int64>, fleet: [DeviceKey: DeviceReport], now: Date
    ) -> Effects {
        let wasFinished = run.isFinished
        let changed = reclaim(run: &run, health: &health, activeJobs: activeJobs, now: now)
        var effects: Effects
        if run.isFinished {
            effects = Effects(answer: run.finishedAnswer(), health: changed)
        } else if let quarantine = health[device]?.quarantineReason {
            run.forget(device)
            let matching = Set(fleet.filter { run.step.canRun($0.value) }.keys).union([device])
            if matching.allSatisfy({ health[$0]?.isQuarantined == true }) {
                run.stop(because: "every matching device is quarantined (\(matching.count) device(s); the last: \(quarantine))", now: now)
                return Effects(answer: run.finishedAnswer(), health: changed)
            }
            // It keeps asking, cheaply: re-admitted, it takes batches again; and it hears the verdict.
            effects = Effects(answer: DeviceBatchAnswer(retryAfterSeconds: 10, message: "quarantined: \(quarantine)", quarantined: true), health: changed)
        } else {
            effects = Effects(answer: run.nextBatch(for: device, jobID: jobID, now: now), health: changed)
        }
        if !wasFinished, run.isFinished {
            effects.mutes = MuteRule.changes(after: run, muted: byName(muted), buildID: build.id, repositoryID: build.repositoryID, now: now)
        }
        return effects
    }

    /// Records a batch's report; answers what the device does next and what else changed.
    package static func record(
        run: inout DeviceRun, health: inout [DeviceKey: DeviceHealth], muted: [MutedTest], batchID: Int, jobID: Int64,
        build: (id: Int64, repositoryID: Int64?), report: DeviceBatchReport, now: Date
    ) throws(StoreError) -> Effects {
        guard let device = run.batches.first(where: { $0.id == batchID })?.device else {
            throw StoreError.conflict(DeviceRunError.unknownBatch(batchID).description)
        }
        let wasFinished = run.isFinished
        let failure: String?
        do { failure = try run.record(batchID: batchID, jobID: jobID, report: report, now: now) } catch {
            throw StoreError.conflict(error.description)
        }
        var effects = Effects(answer: run.isFinished ? run.finishedAnswer() : DeviceBatchAnswer())
        if !wasFinished, run.isFinished {
            effects.mutes = MuteRule.changes(after: run, muted: byName(muted), buildID: build.id, repositoryID: build.repositoryID, now: now)
        }
        // A batch failed for the step's sake says nothing of the device, good or bad.
        if failure == nil, report.failure != nil { return effects }
        // A device with no failure on record needs no row for a good batch.
        guard failure != nil || health[device] != nil else { return effects }
        var entry = health[device] ?? DeviceHealth(device: device)
        if let failure {
            entry.recordFailure(failure, quarantineAfter: run.step.quarantineAfter, now: now)
            if entry.isQuarantined { run.forget(device) }
        } else {
            entry.recordSuccess()
        }
        if health[device] != entry { effects.health = [entry] }
        health[device] = entry
        return effects
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

    /// Muted tests by name.
    static func byName(_ muted: [MutedTest]) -> [String: MutedTest] {
        Dictionary(muted.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
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
