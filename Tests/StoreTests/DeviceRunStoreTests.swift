import Core
import Devices
import Foundation
import Testing
@testable import Store

/// `devices:` runs and device health, on every backend: the queue made once per step,
/// batches handed to devices and reported, a device's failures costing no retry and
/// quarantining it, a failed test retried to a verdict, history feeding the next run.
struct DeviceRunStoreTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)
    static let step = DeviceStep(platform: .android, count: 4, runner: .androidInstrumentation, instrumentation: "com.acme.test/R", quarantineAfter: 2)

    /// A build of one devices: step in two jobs, each claimed and started by its own agent.
    static func twoJobs(_ database: FreshStore.Database) async throws -> (build: Int64, jobs: [Int64], agents: [Int64]) {
        let audit = AuditEvent(occurredAt: start, actor: "t", action: "build.create", subject: "build")
        let spec = JobSpec(commands: [], devices: step)
        let build = try await database.createBuild(BuildDraft(
            repositoryID: nil, pipeline: "ui", trigger: "manual", branch: "main", commitSHA: String(repeating: "a", count: 40), cancelSuperseded: false,
            jobs: [JobDraft(stepKey: "ui", label: "UI (1/2)", shardIndex: 0, shardCount: 2, spec: spec),
                   JobDraft(stepKey: "ui", label: "UI (2/2)", shardIndex: 1, shardCount: 2, spec: spec)]), audit: audit)
        var jobs: [Int64] = [], agents: [Int64] = []
        for name in ["pool-a", "pool-b"] {
            let agent = try await DeviceStoreTests.register(database, name: name + "-\(build.id)", token: "r-\(name)-\(build.id)")
            // A devices: job goes only to an agent that reports a device able to run it.
            try await database.recordDevices(agentID: agent.id, devices: [emulator("emulator-5554")], now: start)
            let job = try #require(try await database.claimNextJob(agent: agent, leaseSeconds: 600, now: start))
            _ = try await database.startJob(id: job.jobID, agentID: agent.id, leaseSeconds: 600, now: start)
            jobs.append(job.jobID)
            agents.append(agent.id)
        }
        return (build.id, jobs, agents)
    }

    @Test("one queue per step; a device failure costs no retry and quarantines after two in a row; a failed test is retried to a flaky verdict; history gives the next run its times",
          arguments: StoreBackend.available)
    func batches(_ backend: StoreBackend) async throws {
        try await backend.withFreshStore(clock: ManualClock(at: Self.start)) { store async throws in
            let database = store.database
            let (build, jobs, agents) = try await Self.twoJobs(database)
            let now = Self.start
            let queued = try await database.queueDeviceTests(jobID: jobs[0], agentID: agents[0], tests: ["T#1", "T#2"], now: now)
            #expect(queued == DeviceTestsQueued(tests: 2, runs: 2))
            // The second job's list is not read: the step has its queue.
            #expect(try await database.queueDeviceTests(jobID: jobs[1], agentID: agents[1], tests: ["X#1"], now: now) == queued)
            await #expect(throws: StoreError.jobNotHeld(jobID: jobs[0])) {
                try await database.queueDeviceTests(jobID: jobs[0], agentID: agents[1], tests: [], now: now)
            }

            let a = DeviceBatchRequest(platform: .android, identifier: "emulator-5554")
            let b = DeviceBatchRequest(platform: .android, identifier: "emulator-5556")
            try await database.recordDevices(agentID: agents[1], devices: [Self.emulator("emulator-5556")], now: now)
            // Device a fails two batches for its own sake: quarantined, and no test charged.
            for round in 1...2 {
                let answer = try await database.nextDeviceBatch(jobID: jobs[0], agentID: agents[0], request: a, now: now)
                let batch = try #require(answer.batch, "round \(round): \(answer)")
                let after = try await database.recordDeviceBatch(
                    jobID: jobs[0], agentID: agents[0], batchID: batch.id,
                    report: DeviceBatchReport(results: [], deviceFailure: "adb: device offline"), now: now)
                #expect(after.stop == false)
            }
            let waiting = try await database.nextDeviceBatch(jobID: jobs[0], agentID: agents[0], request: a, now: now)
            #expect(waiting.batch == nil && waiting.stop == false)
            #expect(waiting.message?.contains("quarantined") == true, "\(waiting)")
            let health = try await database.deviceHealth()
            let key = DeviceKey(agentID: agents[0], platform: .android, identifier: "emulator-5554")
            #expect(health.health[key]?.quarantineReason?.contains("adb: device offline") == true)
            #expect(health.health[key]?.recentFailures.count == 2)

            // Device b takes every test; T#1 fails once, then passes: flaky.
            var answer = try await database.nextDeviceBatch(jobID: jobs[1], agentID: agents[1], request: b, now: now)
            var rounds = 0
            while let batch = answer.batch, rounds < 10 {
                rounds += 1
                let results = batch.tests.map { name in
                    DeviceTestResult(name: name, outcome: name == "T#1" && rounds == 1 ? .failed : .passed, seconds: 10)
                }
                #expect(try await database.deviceHealth().running[DeviceKey(agentID: agents[1], platform: .android, identifier: "emulator-5556")]?.batch == batch.id)
                answer = try await database.recordDeviceBatch(jobID: jobs[1], agentID: agents[1], batchID: batch.id, report: DeviceBatchReport(results: results), now: now)
                if !answer.stop { answer = try await database.nextDeviceBatch(jobID: jobs[1], agentID: agents[1], request: b, now: now) }
            }
            #expect(answer.stop && answer.passed == true, "\(answer)")
            let run = try #require(try await database.deviceRuns(buildID: build).first?.run)
            #expect(run.tests.map(\.verdict) == [.flaky, .passed])
            #expect(run.tests.map(\.retries) == [1, 0], "the device's failures cost no retry; the test's own failure one")
            #expect(run.batches.filter { $0.outcome == .deviceFailed }.count == 2)
            await #expect(throws: StoreError.self) {
                try await database.recordDeviceBatch(jobID: jobs[1], agentID: agents[1], batchID: 999, report: DeviceBatchReport(results: []), now: now)
            }

            // T#1 flipped in this build: the rule muted it.
            #expect(try await database.mutedTests().map(\.name) == ["T#1"])
            #expect(try await database.mutedTests().first?.mutedBy == "rule")

            // A person re-admits device a; a device nobody reported is not found.
            let readmitted = try await database.readmitDevice(key, audit: AuditEvent(occurredAt: now, actor: "t", action: "device.readmit", subject: "agent"), now: now)
            #expect(readmitted.isQuarantined == false && readmitted.failuresInARow == 0)
            #expect(try await database.deviceHealth().health[key]?.isQuarantined == false)
            await #expect(throws: StoreError.self) {
                try await database.readmitDevice(DeviceKey(agentID: agents[0], platform: .ios, identifier: "nope"), audit: AuditEvent(occurredAt: now, actor: "t", action: "device.readmit", subject: "agent"), now: now)
            }

            // The next build of the step plans with what this one took (p80 of 10 s).
            let (next, nextJobs, nextAgents) = try await Self.twoJobs(database)
            _ = try await database.queueDeviceTests(jobID: nextJobs[0], agentID: nextAgents[0], tests: ["T#1", "T#3"], now: now)
            let planned = try #require(try await database.deviceRuns(buildID: next).first?.run)
            #expect(planned.tests.map(\.expectedSeconds) == [10, 120])
            #expect(planned.tests.map(\.muted) == [true, false], "a run starts with the tests muted then")
        }
    }

    @Test("a devices: job goes only to an agent with a device able to run it, and says so while none has one", arguments: StoreBackend.available)
    func onlyToAnAgentWithADevice(_ backend: StoreBackend) async throws {
        try await backend.withFreshStore(clock: ManualClock(at: Self.start)) { store async throws in
            let database = store.database
            let audit = AuditEvent(occurredAt: Self.start, actor: "t", action: "build.create", subject: "build")
            let build = try await database.createBuild(BuildDraft(
                repositoryID: nil, pipeline: "ui", trigger: "manual", branch: "main", commitSHA: String(repeating: "b", count: 40), cancelSuperseded: false,
                jobs: [JobDraft(stepKey: "ui", label: "UI", spec: JobSpec(commands: [], devices: DeviceStep(platform: .android, minOS: 33, runner: .androidInstrumentation, instrumentation: "com.acme.test/R")))]),
                audit: audit)
            let agent = try await DeviceStoreTests.register(database, name: "pool", token: "r-pool")
            // Its only emulator runs API 30, and a phone is offline: neither can run the step.
            let old = DeviceReport(platform: .android, kind: .emulator, identifier: "emulator-5554", osVersion: "30", state: .ready)
            let offline = DeviceReport(platform: .android, kind: .physical, identifier: "R58M", osVersion: "34", state: .offline)
            try await database.recordDevices(agentID: agent.id, devices: [old, offline], now: Self.start)
            #expect(try await database.claimNextJob(agent: agent, leaseSeconds: 600, now: Self.start) == nil, "it would only fail the step")
            let waiting = try #require(try await database.build(id: build.id)?.jobs?.first)
            #expect(waiting.pendingReason == "no matching online agent has a ready android device (OS 33 or later)")

            try await database.recordDevices(agentID: agent.id, devices: [old, Self.emulator("emulator-5556")], now: Self.start)
            #expect(try await database.claimNextJob(agent: agent, leaseSeconds: 600, now: Self.start)?.jobID == waiting.id)
        }
    }

    /// A ready emulator as its agent reports it.
    static func emulator(_ serial: String) -> DeviceReport {
        DeviceReport(platform: .android, kind: .emulator, identifier: serial, osVersion: "34", state: .ready)
    }

    @Test("a batch failed for the step's sake charges no device; when every matching device is quarantined the run ends failed, saying so",
          arguments: StoreBackend.available)
    func stepFailuresAndAQuarantinedFleet(_ backend: StoreBackend) async throws {
        try await backend.withFreshStore(clock: ManualClock(at: Self.start)) { store async throws in
            let database = store.database
            let (build, jobs, agents) = try await Self.twoJobs(database)
            let now = Self.start
            _ = try await database.queueDeviceTests(jobID: jobs[0], agentID: agents[0], tests: ["T#1"], now: now)
            try await database.recordDevices(agentID: agents[0], devices: [Self.emulator("emulator-5554")], now: now)
            let a = DeviceBatchRequest(platform: .android, identifier: "emulator-5554")
            let key = DeviceKey(agentID: agents[0], platform: .android, identifier: "emulator-5554")
            // A missing APK: not the device's fault, whatever the count.
            for _ in 1...3 {
                let batch = try #require(try await database.nextDeviceBatch(jobID: jobs[0], agentID: agents[0], request: a, now: now).batch)
                _ = try await database.recordDeviceBatch(
                    jobID: jobs[0], agentID: agents[0], batchID: batch.id,
                    report: DeviceBatchReport(results: [], failure: "adb install app.apk failed: adb: failed to stat app.apk"), now: now)
                if try await database.deviceRuns(buildID: build).first?.run.isFinished == true { break }
            }
            #expect(try await database.deviceHealth().health[key] == nil, "a step's failure charges no device")
            let failed = try #require(try await database.deviceRuns(buildID: build).first?.run)
            #expect(failed.tests.first?.verdict == .failed, "failed the same way twice with no other device there")

            // The next build: the only matching device fails for its own sake until quarantined, and the run ends.
            let (next, nextJobs, nextAgents) = try await Self.twoJobs(database)
            _ = try await database.queueDeviceTests(jobID: nextJobs[0], agentID: nextAgents[0], tests: ["T#1"], now: now)
            try await database.recordDevices(agentID: nextAgents[0], devices: [Self.emulator("emulator-5554")], now: now)
            try await database.recordDevices(agentID: nextAgents[1], devices: [Self.emulator("emulator-5554")], now: now)
            for (job, agent) in zip(nextJobs, nextAgents) {
                for _ in 1...2 {
                    let batch = try #require(try await database.nextDeviceBatch(jobID: job, agentID: agent, request: a, now: now).batch)
                    _ = try await database.recordDeviceBatch(
                        jobID: job, agentID: agent, batchID: batch.id, report: DeviceBatchReport(results: [], deviceFailure: "adb: device offline"), now: now)
                }
                let answer = try await database.nextDeviceBatch(jobID: job, agentID: agent, request: a, now: now)
                if agent == nextAgents[0] {
                    #expect(answer.stop == false && answer.message?.contains("quarantined") == true, "the other agent's device may still take it: \(answer)")
                } else {
                    #expect(answer.stop && answer.passed == false, "\(answer)")
                    #expect(answer.message?.contains("every matching device is quarantined") == true, "\(answer)")
                }
            }
            let stopped = try #require(try await database.deviceRuns(buildID: next).first?.run)
            #expect(stopped.stopReason?.hasPrefix("every matching device is quarantined (2 device(s)") == true, "\(String(describing: stopped.stopReason))")
            #expect(stopped.tests.first?.verdict == .failed)
        }
    }

    @Test("a build that ends closes its device runs: its running batch is taken back and no device lists it", arguments: StoreBackend.available)
    func closesWithTheBuild(_ backend: StoreBackend) async throws {
        try await backend.withFreshStore(clock: ManualClock(at: Self.start)) { store async throws in
            let database = store.database
            let (build, jobs, agents) = try await Self.twoJobs(database)
            _ = try await database.queueDeviceTests(jobID: jobs[0], agentID: agents[0], tests: ["T#1"], now: Self.start)
            let a = DeviceBatchRequest(platform: .android, identifier: "emulator-5554")
            let batch = try #require(try await database.nextDeviceBatch(jobID: jobs[0], agentID: agents[0], request: a, now: Self.start).batch)
            let key = DeviceKey(agentID: agents[0], platform: .android, identifier: "emulator-5554")
            #expect(try await database.deviceHealth().running[key]?.batch == batch.id)
            // Both jobs end: the build is over.
            try await database.finishJob(id: jobs[0], agentID: agents[0], outcome: JobOutcome(state: .failed, exitStatus: 1), now: Self.start)
            #expect(try await database.deviceHealth().running[key]?.batch == batch.id, "the build still runs: its batch waits to be taken back")
            try await database.finishJob(id: jobs[1], agentID: agents[1], outcome: JobOutcome(state: .failed, exitStatus: 1), now: Self.start)
            #expect(try await database.deviceHealth().running.isEmpty)
            let run = try #require(try await database.deviceRuns(buildID: build).first?.run)
            #expect(run.batches.map(\.outcome) == [.returned])
            #expect(run.batches.first?.reason == "build \(build) ended")
            #expect(try await database.deviceHealth().health[key] == nil, "no device blamed")
        }
    }

    @Test("tests are muted and unmuted by hand in one repository, audited; unmuting one not muted there is not found", arguments: StoreBackend.available)
    func mutesByHand(_ backend: StoreBackend) async throws {
        try await backend.withFreshStore(clock: ManualClock(at: Self.start)) { store async throws in
            let database = store.database
            let setup = AuditEvent(occurredAt: Self.start, actor: "t", action: "repository.create", subject: "repository")
            let android = try await database.createRepository(
                name: "acme/android", provider: .github, cloneURL: "u", defaultBranch: "main", webhookSecret: "s", audit: setup).id
            _ = try await database.createRepository(name: "acme/ios", provider: .github, cloneURL: "u", defaultBranch: "main", webhookSecret: "s", audit: setup)
            let audit = AuditEvent(occurredAt: Self.start, actor: "ci", action: "test.mute", subject: "test", detail: "acme/android L#1")
            let muted = try await database.muteTest("L#1", repository: "acme/android", reason: "flaky on API 30", audit: audit, now: Self.start)
            var expected = MutedTest(repositoryID: android, name: "L#1", reason: "flaky on API 30", mutedBy: "ci", mutedAt: Self.start)
            expected.repository = "acme/android"
            #expect(muted == expected)
            _ = try await database.muteTest("L#1", repository: "acme/android", reason: "still flaky", audit: audit, now: Self.start)
            // The same name in another repository, and in builds of no repository, are other tests.
            _ = try await database.muteTest("L#1", repository: "acme/ios", reason: "ios", audit: audit, now: Self.start)
            _ = try await database.muteTest("L#1", repository: nil, reason: "none", audit: audit, now: Self.start)
            let listed = try await database.mutedTests()
            #expect(listed.map(\.repository) == [nil, "acme/android", "acme/ios"])
            #expect(listed.map(\.reason) == ["none", "still flaky", "ios"])
            await #expect(throws: StoreError.notFound("repository acme/nope not found")) {
                try await database.muteTest("L#1", repository: "acme/nope", reason: "x", audit: audit, now: Self.start)
            }
            let unmute = AuditEvent(occurredAt: Self.start, actor: "ci", action: "test.unmute", subject: "test")
            let unmuted = try await database.unmuteTest("L#1", repository: "acme/android", audit: unmute)
            #expect(unmuted.name == "L#1" && unmuted.repositoryID == android)
            #expect(try await database.mutedTests().map(\.repository) == [nil, "acme/ios"])
            await #expect(throws: StoreError.notFound("test L#1 is not muted in acme/android")) {
                try await database.unmuteTest("L#1", repository: "acme/android", audit: unmute)
            }
            #expect(try await database.auditEvents(limit: 10).filter { $0.action.hasPrefix("test.") }.count == 5)
        }
    }

    @Test("a run takes the tests muted in its build's repository only; the rule mutes in it", arguments: StoreBackend.available)
    func mutesPerRepository(_ backend: StoreBackend) async throws {
        try await backend.withFreshStore(clock: ManualClock(at: Self.start)) { store async throws in
            let database = store.database
            let setup = AuditEvent(occurredAt: Self.start, actor: "t", action: "repository.create", subject: "repository")
            _ = try await database.createRepository(name: "acme/other", provider: .github, cloneURL: "u", defaultBranch: "main", webhookSecret: "s", audit: setup)
            let audit = AuditEvent(occurredAt: Self.start, actor: "ci", action: "test.mute", subject: "test")
            _ = try await database.muteTest("T#1", repository: "acme/other", reason: "flaky over there", audit: audit, now: Self.start)
            // The build has no repository: the other repository's mute of T#1 is not its.
            let (build, jobs, agents) = try await Self.twoJobs(database)
            _ = try await database.queueDeviceTests(jobID: jobs[0], agentID: agents[0], tests: ["T#1"], now: Self.start)
            let run = try #require(try await database.deviceRuns(buildID: build).first?.run)
            #expect(run.tests.map(\.muted) == [false])
            _ = try await database.muteTest("T#2", repository: nil, reason: "here", audit: audit, now: Self.start)
            let (next, nextJobs, nextAgents) = try await Self.twoJobs(database)
            _ = try await database.queueDeviceTests(jobID: nextJobs[0], agentID: nextAgents[0], tests: ["T#1", "T#2"], now: Self.start)
            let muted = try #require(try await database.deviceRuns(buildID: next).first?.run)
            #expect(muted.tests.map(\.muted) == [false, true])
        }
    }

    @Test("a batch whose job ended goes back without blame; one past its time limit goes back as its device's failure", arguments: StoreBackend.available)
    func reclaims(_ backend: StoreBackend) async throws {
        try await backend.withFreshStore(clock: ManualClock(at: Self.start)) { store async throws in
            let database = store.database
            let (build, jobs, agents) = try await Self.twoJobs(database)
            _ = try await database.queueDeviceTests(jobID: jobs[0], agentID: agents[0], tests: ["T#1"], now: Self.start)
            let a = DeviceBatchRequest(platform: .android, identifier: "emulator-5554")
            let b = DeviceBatchRequest(platform: .android, identifier: "emulator-5556")
            let first = try #require(try await database.nextDeviceBatch(jobID: jobs[0], agentID: agents[0], request: a, now: Self.start).batch)
            #expect(first.tests == ["T#1"])
            // Job 0's agent is lost: its batch comes back to job 1, no device blamed.
            try await database.finishJob(id: jobs[0], agentID: agents[0], outcome: JobOutcome(state: .lost, exitStatus: nil), now: Self.start)
            let second = try #require(try await database.nextDeviceBatch(jobID: jobs[1], agentID: agents[1], request: b, now: Self.start).batch)
            #expect(second.tests == ["T#1"])
            // Past its time limit, the batch is the device's failure.
            let late = Self.start.addingTimeInterval(Self.step.batchTimeLimitSeconds + 1)
            let again = try await database.nextDeviceBatch(jobID: jobs[1], agentID: agents[1], request: DeviceBatchRequest(platform: .android, identifier: "emulator-5558"), now: late)
            #expect(again.batch?.tests == ["T#1"])
            let run = try #require(try await database.deviceRuns(buildID: build).first?.run)
            #expect(run.batches.map(\.outcome) == [.returned, .deviceFailed, nil])
            #expect(run.tests.first?.retries == 0)
            let health = try await database.deviceHealth().health
            #expect(health[DeviceKey(agentID: agents[1], platform: .android, identifier: "emulator-5556")]?.failuresInARow == 1)
            #expect(health[DeviceKey(agentID: agents[0], platform: .android, identifier: "emulator-5554")] == nil)
        }
    }
}
