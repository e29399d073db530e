import Core
import Foundation
import Testing
@testable import Devices

/// A devices: step's run: batches handed out by time budget, device failures requeued whole at
/// no retry's cost, failed tests retried on another device within quotas, verdicts, copies up
/// front, batches taken back, quarantine.
struct DeviceRunTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let a = DeviceKey(agentID: 1, platform: .android, identifier: "emulator-5554")
    static let b = DeviceKey(agentID: 2, platform: .android, identifier: "emulator-5554")

    static func run(_ names: [String], step: DeviceStep = DeviceStep(platform: .android)) -> DeviceRun {
        DeviceRun(step: step, tests: names.map { TestHistoryFacts(name: $0, durations: [10]) })
    }

    static func pass(_ batch: DeviceBatch) -> DeviceBatchReport {
        DeviceBatchReport(results: batch.tests.map { DeviceTestResult(name: $0, outcome: .passed, seconds: 10) })
    }

    @Test("a batch the device failed goes back whole (results that came are kept), costing no test a retry")
    func deviceFailureRequeues() throws {
        var run = Self.run(["T#1", "T#2", "T#3"])
        let answer1 = run.nextBatch(for: Self.a, jobID: 1, now: Self.now)
        let batch = try #require(answer1.batch)
        #expect(batch.tests == ["T#1", "T#2", "T#3"], "30 s of tests fit the 30 s minimum budget")
        let failure = try run.record(batchID: batch.id, jobID: 1, report: DeviceBatchReport(
            results: [DeviceTestResult(name: "T#1", outcome: .passed)], deviceFailure: "adb: device offline"), now: Self.now)
        #expect(failure == "adb: device offline")
        #expect(run.queue.pending.map(\.name) == ["T#2", "T#3"], "the finished test stays finished; the others wait again")
        #expect(run.tests.map(\.retries) == [0, 0, 0])
        #expect(run.tests.first?.verdict == .passed)
        #expect(run.batches.first?.outcome == .deviceFailed)
        #expect(run.retriesUsed == 0)
    }

    @Test("a failed test is retried on another device while one is present; it passes there: flaky")
    func retriesElsewhere() throws {
        var run = Self.run(["T#1"])
        let answer2 = run.nextBatch(for: Self.b, jobID: 2, now: Self.now)
        let first = try #require(answer2.batch)
        let idle = run.nextBatch(for: Self.a, jobID: 1, now: Self.now)
        #expect(idle.batch == nil, "a is present, with nothing to take yet")
        _ = try run.record(batchID: first.id, jobID: 2, report: DeviceBatchReport(results: [DeviceTestResult(name: "T#1", outcome: .failed)]), now: Self.now)
        #expect(run.tests[0].retries == 1 && run.tests[0].verdict == nil)
        let notHere = run.nextBatch(for: Self.b, jobID: 2, now: Self.now)
        #expect(notHere.batch == nil, "b does not get a test that failed on it while a is there")
        let answer3 = run.nextBatch(for: Self.a, jobID: 1, now: Self.now)
        let retry = try #require(answer3.batch)
        #expect(retry.tests == ["T#1"])
        _ = try run.record(batchID: retry.id, jobID: 1, report: Self.pass(retry), now: Self.now)
        #expect(run.tests[0].verdict == .flaky)
        #expect(run.tests[0].attempts.map(\.device) == [Self.b, Self.a])
        #expect(run.isFinished && run.passed)
        let over = run.nextBatch(for: Self.b, jobID: 2, now: Self.now)
        #expect(over == DeviceBatchAnswer(stop: true, passed: true, message: "1 tests: 1 flaky"))
        // With no other device present, the retry goes to the one it failed on.
        var alone = Self.run(["T#1"])
        let answer4 = alone.nextBatch(for: Self.b, jobID: 2, now: Self.now)
        let only = try #require(answer4.batch)
        _ = try alone.record(batchID: only.id, jobID: 2, report: DeviceBatchReport(results: [DeviceTestResult(name: "T#1", outcome: .failed)]), now: Self.now)
        let again = alone.nextBatch(for: Self.b, jobID: 2, now: Self.now)
        #expect(again.batch?.tests == ["T#1"])
    }

    @Test("a test failing on both of two present devices is run again on one that already ran it, up to its quota: a verdict, no deadlock")
    func retriesWhenEveryDeviceRanIt() throws {
        var run = Self.run(["T#1"], step: DeviceStep(platform: .android, retriesPerTest: 2))
        var asked = 0
        while !run.isFinished, asked < 20 {
            for (device, job) in [(Self.a, Int64(1)), (Self.b, Int64(2))] {
                asked += 1
                guard let batch = run.nextBatch(for: device, jobID: job, now: Self.now).batch else { continue }
                _ = try run.record(batchID: batch.id, jobID: job, report: DeviceBatchReport(
                    results: batch.tests.map { DeviceTestResult(name: $0, outcome: .failed) }), now: Self.now)
            }
        }
        #expect(run.tests[0].verdict == .failed, "asked \(asked) times: \(run.tests[0].attempts.map(\.device))")
        #expect(run.tests[0].attempts.count == 3 && run.tests[0].retries == 2)
        #expect(Set(run.tests[0].attempts.prefix(2).map(\.device)) == [Self.a, Self.b], "the first retry went to the other device")
    }

    @Test("a batch failed for the step's sake charges no device and no retry; failed the same way on two devices, its tests fail with the reason")
    func stepFailures() throws {
        var run = Self.run(["T#1", "T#2"])
        let failure = "adb install app.apk failed: adb: failed to stat app.apk: No such file or directory"
        let first = try #require(run.nextBatch(for: Self.a, jobID: 1, now: Self.now).batch)
        #expect(run.nextBatch(for: Self.b, jobID: 2, now: Self.now).batch == nil, "b is present; a holds every test")
        let blamed = try run.record(batchID: first.id, jobID: 1, report: DeviceBatchReport(results: [], failure: failure), now: Self.now)
        #expect(blamed == nil, "no device is charged")
        #expect(run.batches[0].outcome == .failed && run.batches[0].reason == failure)
        #expect(run.tests.allSatisfy { $0.verdict == nil && $0.retries == 0 } && run.queue.pending.count == 2)
        #expect(run.nextBatch(for: Self.a, jobID: 1, now: Self.now).batch == nil, "b, which has not tried them, takes them")
        let second = try #require(run.nextBatch(for: Self.b, jobID: 2, now: Self.now).batch)
        _ = try run.record(batchID: second.id, jobID: 2, report: DeviceBatchReport(results: [], failure: failure), now: Self.now)
        #expect(run.tests.map(\.verdict) == [.failed, .failed])
        #expect(run.tests[0].attempts.map(\.message) == [failure])
        #expect(run.isFinished && !run.passed && run.queue.pending.isEmpty)
        // One device alone: twice the same way on it is enough.
        var alone = Self.run(["T#1"])
        for _ in 1...2 {
            let batch = try #require(alone.nextBatch(for: Self.a, jobID: 1, now: Self.now).batch)
            _ = try alone.record(batchID: batch.id, jobID: 1, report: DeviceBatchReport(results: [], failure: failure), now: Self.now)
        }
        #expect(alone.tests[0].verdict == .failed)
    }

    @Test("a crash pinned on one test fails that test once it crashed so on two devices; the batch's other tests go back free")
    func pinnedFailures() throws {
        var run = Self.run(["T#1", "T#2"])
        let failure = "the instrumentation process crashed while T#1 ran: Process crashed. (INSTRUMENTATION_CODE: 0)"
        let crash = DeviceBatchReport(results: [], failure: failure, failureTests: ["T#1"])
        let first = try #require(run.nextBatch(for: Self.a, jobID: 1, now: Self.now).batch)
        #expect(run.nextBatch(for: Self.b, jobID: 2, now: Self.now).batch == nil)
        _ = try run.record(batchID: first.id, jobID: 1, report: crash, now: Self.now)
        let again = try #require(run.nextBatch(for: Self.a, jobID: 1, now: Self.now).batch)
        #expect(again.tests == ["T#2"], "a takes what it has not been struck by; T#1 waits for b")
        let second = try #require(run.nextBatch(for: Self.b, jobID: 2, now: Self.now).batch)
        #expect(second.tests == ["T#1"])
        _ = try run.record(batchID: second.id, jobID: 2, report: crash, now: Self.now)
        #expect(run.tests[0].verdict == .failed && run.tests[0].attempts.map(\.message) == [failure])
        _ = try run.record(batchID: again.id, jobID: 1, report: Self.pass(again), now: Self.now)
        #expect(run.tests[1].verdict == .passed && run.tests[1].retries == 0, "T#2 was requeued at no cost and passed")
    }

    @Test("a run stopped early fails its tests without a verdict and says why")
    func stops() throws {
        var run = Self.run(["T#1"])
        _ = try #require(run.nextBatch(for: Self.a, jobID: 1, now: Self.now).batch)
        run.stop(because: "every matching device is quarantined", now: Self.now)
        #expect(run.isFinished && !run.passed)
        #expect(run.batches[0].outcome == .returned)
        #expect(run.finishedAnswer() == DeviceBatchAnswer(stop: true, passed: false, message: "1 tests: 1 failed; stopped: every matching device is quarantined"))
    }

    @Test("retries stop at the per-test quota, then at the per-build quota: the test fails, the run fails")
    func quotas() throws {
        var step = DeviceStep(platform: .android, retriesPerTest: 1, retriesPerBuild: 1)
        var run = Self.run(["T#1", "T#2"], step: step)
        func failEverything(_ run: inout DeviceRun) throws {
            while let batch = run.nextBatch(for: Self.a, jobID: 1, now: Self.now).batch {
                _ = try run.record(batchID: batch.id, jobID: 1, report: DeviceBatchReport(results: batch.tests.map { DeviceTestResult(name: $0, outcome: .failed) }), now: Self.now)
            }
        }
        try failEverything(&run)
        #expect(run.retriesUsed == 1, "one retry over the build")
        #expect(run.tests.map(\.attempts.count).sorted() == [1, 2])
        #expect(run.tests.allSatisfy { $0.verdict == .failed })
        #expect(!run.passed)
        // All-pass steps take the first failure as the verdict, with no retry.
        step.verdict = .allPass
        step.retriesPerBuild = 10
        var strict = Self.run(["T#1"], step: step)
        try failEverything(&strict)
        #expect(strict.tests[0].attempts.count == 1 && strict.tests[0].verdict == .failed)
    }

    @Test("a test history calls flaky gets copies up front; the first pass ends it and drops the copies waiting")
    func copies() throws {
        let step = DeviceStep(platform: .android, flakyTarget: 0.99, flakyCopies: 3)
        var run = DeviceRun(step: step, tests: [TestHistoryFacts(name: "T#1", durations: [10], passes: 1, runs: 2), TestHistoryFacts(name: "T#2", durations: [10], passes: 5, runs: 5)])
        #expect(run.tests.map(\.copies) == [3, 1])
        let answer5 = run.nextBatch(for: Self.a, jobID: 1, now: Self.now)
        let batch = try #require(answer5.batch)
        #expect(batch.tests == ["T#1", "T#2"], "never two copies in one batch")
        _ = try run.record(batchID: batch.id, jobID: 1, report: Self.pass(batch), now: Self.now)
        #expect(run.queue.pending.isEmpty, "the waiting copies of a passed test are dropped")
        #expect(run.isFinished)
    }

    @Test("an attempt arriving after the verdict counts: a pass, then a copy's failure, makes the test flaky")
    func lateAttempt() throws {
        let step = DeviceStep(platform: .android, flakyTarget: 0.99, flakyCopies: 2)
        var run = DeviceRun(step: step, tests: [TestHistoryFacts(name: "T#1", durations: [10], passes: 1, runs: 2)])
        let first = try #require(run.nextBatch(for: Self.a, jobID: 1, now: Self.now).batch)
        let copy = try #require(run.nextBatch(for: Self.b, jobID: 2, now: Self.now).batch)
        #expect(first.tests == ["T#1"] && copy.tests == ["T#1"])
        _ = try run.record(batchID: first.id, jobID: 1, report: Self.pass(first), now: Self.now)
        #expect(run.tests[0].verdict == .passed)
        _ = try run.record(batchID: copy.id, jobID: 2, report: DeviceBatchReport(results: [DeviceTestResult(name: "T#1", outcome: .failed)]), now: Self.now)
        #expect(run.tests[0].verdict == .flaky)
        #expect(run.isFinished && run.passed)
    }

    @Test("batches nobody will report come back: a lost job's without blame, a late one as its device's failure; two jobs never share a device")
    func reclaims() throws {
        var run = Self.run(["T#1"])
        let answer6 = run.nextBatch(for: Self.a, jobID: 1, now: Self.now)
        _ = try #require(answer6.batch)
        let busy = run.nextBatch(for: Self.a, jobID: 3, now: Self.now)
        #expect(busy.message == "job 1 runs a batch on this device")
        let stillHeld = run.reclaim(activeJobs: [1], now: Self.now)
        #expect(stillHeld.isEmpty)
        let lost = run.reclaim(activeJobs: [2], now: Self.now)
        #expect(lost.isEmpty, "job 1 ended: its batch returns, nobody blamed")
        #expect(run.batches[0].outcome == .returned && run.queue.pending.map(\.name) == ["T#1"])
        let answer7 = run.nextBatch(for: Self.b, jobID: 2, now: Self.now)
        _ = try #require(answer7.batch)
        let late = Self.now.addingTimeInterval(run.step.batchTimeLimitSeconds)
        let blamed = run.reclaim(activeJobs: [2], now: late)
        #expect(blamed.map(\.device) == [Self.b])
        #expect(blamed.first?.reason == "no result within the batch time limit of 1800 s")
        do {
            _ = try run.record(batchID: 2, jobID: 2, report: DeviceBatchReport(results: []), now: late)
            Issue.record("a batch taken back cannot be reported")
        } catch {
            #expect(error == .alreadyEnded(2, "no result within the batch time limit of 1800 s"))
        }
        #expect(run.tests[0].retries == 0 && run.queue.pending.count == 1)
    }

    @Test("a result for a class or suite entry is the worst of its tests")
    func suiteResults() {
        let results = [
            DeviceTestResult(name: "com.a.LoginTest#one", outcome: .passed, seconds: 1),
            DeviceTestResult(name: "com.a.LoginTest#two", outcome: .failed, seconds: 2, message: "boom"),
            DeviceTestResult(name: "App/Flow/test1", outcome: .skipped),
        ]
        #expect(DeviceRun.result(for: "com.a.LoginTest", in: results) == DeviceTestResult(name: "com.a.LoginTest", outcome: .failed, seconds: 3, message: "com.a.LoginTest#two: boom"))
        #expect(DeviceRun.result(for: "App/Flow", in: results)?.outcome == .skipped)
        #expect(DeviceRun.result(for: "com.a.Other", in: results) == nil)
    }

    @Test("a device is quarantined after N failures in a row; a good batch starts the count again; re-admitting clears it")
    func health() {
        var health = DeviceHealth(device: Self.a)
        health.recordFailure("adb: device offline", quarantineAfter: 2, now: Self.now)
        health.recordSuccess()
        health.recordFailure("adb: device offline", quarantineAfter: 2, now: Self.now)
        #expect(!health.isQuarantined)
        health.recordFailure("Process crashed.", quarantineAfter: 2, now: Self.now)
        #expect(health.quarantineReason == "2 failures in a row, the last: Process crashed.")
        #expect(health.recentFailures.map(\.reason) == ["Process crashed.", "adb: device offline", "adb: device offline"])
        health.readmit()
        #expect(!health.isQuarantined && health.failuresInARow == 0)
    }
}

/// Muting: a muted test's failure does not fail the run; the rule mutes a test that flipped in
/// one build and unmutes a muted one after three clean runs in a row.
struct MuteRuleTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    /// A finished run of `outcomes` per test (each test's attempts, in order) on one device.
    static func finished(_ outcomes: [String: [DeviceTestOutcome]], muted: Set<String> = []) throws -> DeviceRun {
        var run = DeviceRun(step: DeviceStep(platform: .android), tests: outcomes.keys.sorted().map { TestHistoryFacts(name: $0, durations: [10]) }, muted: muted)
        var round: [String: Int] = [:]
        while true {
            let answer = run.nextBatch(for: DeviceRunTests.a, jobID: 1, now: Self.now)
            guard let batch = answer.batch else { break }
            let results = batch.tests.map { name -> DeviceTestResult in
                let attempt = round[name, default: 0]
                round[name] = attempt + 1
                let planned = outcomes[name] ?? [.passed]
                return DeviceTestResult(name: name, outcome: planned[min(attempt, planned.count - 1)])
            }
            _ = try run.record(batchID: batch.id, jobID: 1, report: DeviceBatchReport(results: results), now: Self.now)
        }
        return run
    }

    @Test("a muted test's failure does not fail the run; it keeps its verdict")
    func mutedFailure() throws {
        let run = try Self.finished(["T#1": [.failed, .failed, .failed], "T#2": [.passed]], muted: ["T#1"])
        #expect(run.isFinished)
        #expect(run.tests.first?.verdict == .failed && run.tests.first?.muted == true)
        #expect(run.passed)
        #expect(run.summary == "2 tests: 1 passed, 1 failed (1 failed muted)")
        let unmuted = try Self.finished(["T#1": [.failed, .failed, .failed]])
        #expect(!unmuted.passed)
    }

    @Test("flipped on one commit: muted by the rule; three clean runs in a row unmute it; a failure starts the count again")
    func rule() throws {
        let flipped = try Self.finished(["T#1": [.failed, .passed], "T#2": [.passed]])
        var changes = MuteRule.changes(after: flipped, muted: [:], buildID: 7, repositoryID: 3, now: Self.now)
        #expect(changes.upserts.map(\.name) == ["T#1"])
        #expect(changes.upserts.first?.mutedBy == "rule")
        #expect(changes.upserts.first?.repositoryID == 3, "muted in the build's repository")
        #expect(changes.upserts.first?.reason.contains("build 7") == true)
        var muted = try #require(changes.upserts.first)
        let clean = try Self.finished(["T#1": [.passed]], muted: ["T#1"])
        for run in 1...2 {
            changes = MuteRule.changes(after: clean, muted: ["T#1": muted], buildID: 8, repositoryID: 3, now: Self.now)
            muted = try #require(changes.upserts.first)
            #expect(muted.cleanRuns == run)
        }
        let failedAgain = MuteRule.changes(after: try Self.finished(["T#1": [.failed, .failed, .failed]], muted: ["T#1"]), muted: ["T#1": muted], buildID: 9, repositoryID: 3, now: Self.now)
        #expect(failedAgain.upserts.first?.cleanRuns == 0)
        muted.cleanRuns = 2
        changes = MuteRule.changes(after: clean, muted: ["T#1": muted], buildID: 10, repositoryID: 3, now: Self.now)
        #expect(changes.unmuted == ["T#1"] && changes.upserts.isEmpty)
    }
}
