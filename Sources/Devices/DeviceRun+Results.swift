import Core
import Foundation

// MARK: - Recording results

extension DeviceRun {
    /// Records what batch `batchID` did, reported through job `jobID`.
    ///
    /// Results that came are kept even when the device failed the batch (Marathon threw them
    /// away, its issue #187); the batch's other runs go back to the queue at no retry's cost.
    /// A result is matched to the batch's run of the same name, or to a run naming its class
    /// or suite (`com.acme.LoginTest` for `com.acme.LoginTest#signsIn`, `AppUITests/LoginTests`
    /// for `AppUITests/LoginTests/testSignIn`), whose outcome is then the worst of them.
    /// - Returns: The device's failure reason when it failed the batch, else nil.
    /// - Throws: ``DeviceRunError`` when the batch is not a running batch of that job.
    public mutating func record(batchID: Int, jobID: Int64, report: DeviceBatchReport, now: Date) throws(DeviceRunError) -> String? {
        guard let index = batches.firstIndex(where: { $0.id == batchID }) else { throw .unknownBatch(batchID) }
        guard batches[index].jobID == jobID else { throw .notThisJob(batchID) }
        guard batches[index].outcome == nil else {
            throw .alreadyEnded(batchID, batches[index].reason ?? batches[index].outcome?.rawValue ?? "")
        }
        let batch = batches[index]
        var reported: Set<String> = []
        for planned in batch.tests {
            guard let result = Self.result(for: planned.name, in: report.results) else { continue }
            reported.insert(planned.name)
            apply(result, to: planned, batch: batch)
        }
        batches[index].endedAt = now
        if let failure = report.deviceFailure {
            batches[index].outcome = .deviceFailed
            batches[index].reason = failure
            requeueUnfinished(of: index, reported: reported)
            return failure
        }
        if let failure = report.failure {
            // Not the device's fault, and not read as any test's result: no device is charged.
            batches[index].outcome = .failed
            batches[index].reason = failure
            batches[index].failureTests = report.failureTests
            failRepeated(batch: index, reason: failure, now: now)
            requeueUnfinished(of: index, reported: reported)
            return nil
        }
        batches[index].outcome = .finished
        // A batch the runner finished but that named no result for a run: the runner did not
        // know the test. That is the test's failure, not the device's.
        for planned in batch.tests where !reported.contains(planned.name) {
            let missing = DeviceTestResult(name: planned.name, outcome: .failed, message: "the runner reported no result for it")
            apply(missing, to: planned, batch: batch)
        }
        return nil
    }

    /// Gives a failed verdict, with the reason, to the tests batch `index`'s failure struck
    /// that an earlier batch's failure struck the same way (the same reason) on another device,
    /// or on this one while no other device is there: the failure follows the tests, not a
    /// device, and requeuing them again would never end.
    mutating func failRepeated(batch index: Int, reason: String, now: Date) {
        let batch = batches[index]
        let alone = presentDevices(now: now).subtracting([batch.device]).isEmpty
        var before: Set<String> = []
        for earlier in batches[..<index] where earlier.outcome == .failed && earlier.reason == reason && (earlier.device != batch.device || alone) {
            before.formUnion(struck(earlier))
        }
        for name in struck(batch) where before.contains(name) {
            guard let test = self.index(of: name), tests[test].verdict == nil else { continue }
            tests[test].attempts.append(DeviceTestAttempt(batch: batch.id, device: batch.device, outcome: .failed, message: reason))
            tests[test].verdict = .failed
            queue.remove(name)
        }
    }

    /// The tests a failed batch's failure struck: those it named, else those without a result from it.
    func struck(_ batch: DeviceRunBatch) -> [String] {
        let names = batch.tests.map(\.name)
        if let named = batch.failureTests { return names.filter { named.contains($0) } }
        let answered = Set(tests.filter { test in test.attempts.contains { $0.batch == batch.id } }.map(\.name))
        return names.filter { !answered.contains($0) }
    }

    /// The result for a run named `name`: its own, or the worst of its class's or suite's tests.
    public static func result(for given: String, in results: [DeviceTestResult]) -> DeviceTestResult? {
        // A list may name an XCTest method as Xcode does, `testSignIn()`; results are read without it.
        let name = XcresultTests.plain(given)
        if let exact = results.first(where: { XcresultTests.plain($0.name) == name }) {
            return DeviceTestResult(name: given, outcome: exact.outcome, seconds: exact.seconds, message: exact.message)
        }
        let members = results.filter { $0.name.hasPrefix(name + "#") || $0.name.hasPrefix(name + "/") || $0.name.hasPrefix(name + ".") }
        guard !members.isEmpty else { return nil }
        // No member's time is no time (nil), not 0 s: a 0 would make the next run's p80 0.
        let timed = members.compactMap(\.seconds)
        let seconds = timed.isEmpty ? nil : timed.reduce(0, +)
        if let failed = members.first(where: { $0.outcome == .failed }) {
            return DeviceTestResult(name: given, outcome: .failed, seconds: seconds, message: "\(failed.name): \(failed.message ?? "failed")")
        }
        let outcome: DeviceTestOutcome = members.allSatisfy { $0.outcome == .skipped } ? .skipped
            : members.contains { $0.outcome == .flaky } ? .flaky : .passed
        return DeviceTestResult(name: given, outcome: outcome, seconds: seconds)
    }

    /// One run's result: the attempt, then the verdict or a retry on another device.
    mutating func apply(_ result: DeviceTestResult, to planned: PlannedTest, batch: DeviceRunBatch) {
        guard let index = index(of: planned.name) else { return }
        tests[index].attempts.append(DeviceTestAttempt(
            batch: batch.id, device: batch.device, outcome: result.outcome, seconds: result.seconds, message: result.message))
        guard tests[index].verdict == nil else {
            // A late attempt (a copy that was running when another gave the verdict) still
            // counts: a pass and then a failure make the test flaky, not passed.
            tests[index].verdict = Self.verdict(of: tests[index].attempts, rule: step.verdict)
            return
        }
        let outstanding = queue.waiting(planned.name) + runningCopies(of: planned.name, except: batch.id)
        switch (result.outcome, step.verdict) {
        case (.passed, .anyPass):
            // One pass is enough: the copies still waiting are not needed.
            queue.remove(planned.name)
            tests[index].verdict = tests[index].attempts.contains { $0.outcome == .failed } ? .flaky : .passed
        case (.passed, .allPass), (.skipped, _):
            if outstanding == 0 { tests[index].verdict = Self.verdict(of: tests[index].attempts, rule: step.verdict) }
        case (.flaky, .anyPass):
            // It failed and passed within this attempt: flaky, and nothing more to run.
            queue.remove(planned.name)
            tests[index].verdict = .flaky
        case (.failed, .allPass), (.flaky, .allPass):
            queue.remove(planned.name)
            tests[index].verdict = .failed
        case (.failed, .anyPass):
            // A copy still waiting or running may pass: no retry is spent before it is in.
            if outstanding > 0 { break }
            if tests[index].retries < step.retriesPerTest, retriesUsed < step.retriesPerBuild {
                tests[index].retries += 1
                retriesUsed += 1
                queue.requeue([PlannedTest(name: planned.name, copy: tests[index].copies + tests[index].retries, expectedSeconds: planned.expectedSeconds)])
            } else {
                tests[index].verdict = .failed
            }
        }
    }

    /// A test's verdict from attempts that are all in.
    static func verdict(of attempts: [DeviceTestAttempt], rule: DeviceVerdictRule) -> DeviceTestVerdict {
        let outcomes = attempts.map(\.outcome)
        if outcomes.allSatisfy({ $0 == .skipped }) { return .skipped }
        // A flaky attempt failed and passed by itself.
        if outcomes.contains(.failed) || outcomes.contains(.flaky) {
            return rule == .anyPass && (outcomes.contains(.passed) || outcomes.contains(.flaky)) ? .flaky : .failed
        }
        return .passed
    }

    /// Runs of `name` in batches still running, other than batch `id`.
    func runningCopies(of name: String, except id: Int) -> Int {
        batches.filter { $0.outcome == nil && $0.id != id }.reduce(0) { count, batch in
            count + batch.tests.filter { $0.name == name }.count
        }
    }
}

/// A batch report the run cannot take.
public enum DeviceRunError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No batch has that number.
    case unknownBatch(Int)
    /// The batch was handed to another job.
    case notThisJob(Int)
    /// The batch already ended (reported, timed out or taken back).
    case alreadyEnded(Int, String)

    /// The message.
    public var description: String {
        switch self {
        case .unknownBatch(let id): "this step has no batch \(id)"
        case .notThisJob(let id): "batch \(id) was handed to another job"
        case .alreadyEnded(let id, let why): "batch \(id) already ended (\(why)); its tests went back to the queue"
        }
    }
}
