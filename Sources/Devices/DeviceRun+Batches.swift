import Core
import Foundation

// MARK: - Handing out batches

extension DeviceRun {
    /// The next batch for `device`, held through job `jobID`; or when to ask again; or stop.
    ///
    /// A batch the device still holds is handed back first (its agent asked again without
    /// reporting it: it restarted), without blaming the device. A test is not handed to a
    /// device it already ran on while another present device has not run it yet; once every
    /// present device has run it, any of them may run it again (its retries are already
    /// counted), so a test that keeps failing reaches its verdict instead of waiting forever.
    public mutating func nextBatch(for device: DeviceKey, jobID: Int64, now: Date, budget: BatchBudget = BatchBudget()) -> DeviceBatchAnswer {
        if let busy = batches.first(where: { $0.outcome == nil && $0.device == device && $0.jobID != jobID }) {
            // Two jobs of the step on one agent see the same devices: one drives it at a time.
            return DeviceBatchAnswer(retryAfterSeconds: Self.retryAfterSeconds, message: "job \(busy.jobID) runs a batch on this device")
        }
        see(device, at: now)
        for index in batches.indices where batches[index].outcome == nil && batches[index].device == device {
            end(batch: index, as: .returned, reason: "the device asked for a new batch without reporting this one", now: now)
        }
        if isFinished { return finishedAnswer() }
        let running = Set(batches.filter { $0.outcome == nil }.map(\.device))
        guard running.count < step.count else {
            return DeviceBatchAnswer(retryAfterSeconds: Self.retryAfterSeconds, message: "\(step.count) devices already run this step's batches")
        }
        let present = presentDevices(now: now)
        let others = present.subtracting([device])
        // A test this device ran is left for another present device that has not run it.
        var leftForOthers: Set<String> = []
        for (name, ranOn) in devicesTried() where ranOn.contains(device) && others.contains(where: { !ranOn.contains($0) }) {
            leftForOthers.insert(name)
        }
        let seconds = budget.seconds(remainingSeconds: queue.remainingSeconds, devices: max(present.count, 1))
        let runs = queue.nextBatch(budgetSeconds: seconds) { planned in leftForOthers.contains(planned.name) }
        guard !runs.isEmpty else {
            return DeviceBatchAnswer(retryAfterSeconds: Self.retryAfterSeconds, message: "nothing to hand out now; running batches may come back")
        }
        let id = (batches.last?.id ?? 0) + 1
        batches.append(DeviceRunBatch(
            id: id, jobID: jobID, device: device, tests: runs, startedAt: now,
            deadline: now.addingTimeInterval(step.batchTimeLimitSeconds)))
        return DeviceBatchAnswer(batch: DeviceBatch(id: id, tests: runs.map(\.name), timeLimitSeconds: step.batchTimeLimitSeconds))
    }

    /// For each test, the devices that ran it to a result, or failed a batch in a way that is
    /// not the device's (``DeviceBatchOutcome/failed``) and struck it.
    func devicesTried() -> [String: Set<DeviceKey>] {
        var tried: [String: Set<DeviceKey>] = [:]
        for test in tests {
            for attempt in test.attempts { tried[test.name, default: []].insert(attempt.device) }
        }
        for batch in batches where batch.outcome == .failed {
            for name in struck(batch) { tried[name, default: []].insert(batch.device) }
        }
        return tried
    }

    /// Ends the run before every test ran (every matching device is quarantined): the tests
    /// without a verdict fail, nothing more is handed out, running batches end.
    public mutating func stop(because reason: String, now: Date) {
        for index in batches.indices where batches[index].outcome == nil {
            batches[index].outcome = .returned
            batches[index].reason = reason
            batches[index].endedAt = now
        }
        for index in tests.indices where tests[index].verdict == nil { tests[index].verdict = .failed }
        for test in tests { queue.remove(test.name) }
        stopReason = reason
    }

    /// Closes the run of a build that ended (canceled, failed, its last job lost): its running
    /// batches end as taken back, blaming no device, so no device shows a dead build's batch.
    public mutating func close(because reason: String, now: Date) {
        for index in batches.indices where batches[index].outcome == nil {
            end(batch: index, as: .returned, reason: reason, now: now)
        }
    }

    /// Takes back the batches nobody will report: those whose job is no longer active (its
    /// agent was lost; no device blamed) and those past their time limit (the device's
    /// failure). Answers the devices to blame, with why.
    public mutating func reclaim(activeJobs: Set<Int64>, now: Date) -> [(device: DeviceKey, reason: String)] {
        var blamed: [(device: DeviceKey, reason: String)] = []
        for index in batches.indices where batches[index].outcome == nil {
            if !activeJobs.contains(batches[index].jobID) {
                end(batch: index, as: .returned, reason: "its job \(batches[index].jobID) ended without reporting it", now: now)
            } else if now >= batches[index].deadline {
                let reason = "no result within the batch time limit of \(Int(step.batchTimeLimitSeconds)) s"
                end(batch: index, as: .deviceFailed, reason: reason, now: now)
                blamed.append((batches[index].device, reason))
            }
        }
        return blamed
    }

    /// The answer once every test has its verdict: stop, with the step's verdict.
    public func finishedAnswer() -> DeviceBatchAnswer {
        DeviceBatchAnswer(stop: true, passed: passed, message: summary)
    }

    /// Ends a running batch without results: its runs go back to the queue, costing no retry.
    mutating func end(batch index: Int, as outcome: DeviceBatchOutcome, reason: String, now: Date) {
        batches[index].outcome = outcome
        batches[index].reason = reason
        batches[index].endedAt = now
        requeueUnfinished(of: index, reported: [])
    }

    /// Puts back the runs of batch `index` that have no result among `reported` and whose
    /// test still needs one.
    mutating func requeueUnfinished(of index: Int, reported: Set<String>) {
        let back = batches[index].tests.filter { planned in
            !reported.contains(planned.name) && self.index(of: planned.name).map { tests[$0].verdict == nil } == true
        }
        queue.requeue(back)
    }

    /// Notes that `device` asked for work at `now`.
    mutating func see(_ device: DeviceKey, at now: Date) {
        lastSeen.removeAll { $0.device == device }
        lastSeen.append(DeviceSighting(device: device, at: now))
    }

    /// The devices that asked lately or are running a batch.
    func presentDevices(now: Date) -> Set<DeviceKey> {
        let recent = lastSeen.filter { now.timeIntervalSince($0.at) <= Self.presenceSeconds }.map(\.device)
        return Set(recent).union(batches.filter { $0.outcome == nil }.map(\.device))
    }

    /// Forgets a device (it is quarantined): it no longer counts as present to take a retry.
    public mutating func forget(_ device: DeviceKey) {
        lastSeen.removeAll { $0.device == device }
    }
}
