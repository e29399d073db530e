import Core
import Devices
import Foundation
import Testing
@testable import Store

/// An agent that finds no queued job joins a running `devices:` step with a job made for it,
/// on every backend: the step's queue reaches free devices on any agent, not only on the agents
/// its `parallelism` jobs went to, and never beyond the step's `count`.
struct DeviceRunJoinStoreTests {
    static let start = DeviceRunStoreTests.start
    static let step = DeviceStep(platform: .android, minOS: 30, count: 2, runner: .androidInstrumentation, instrumentation: "com.acme.test/R")

    static func register(_ database: FreshStore.Database, name: String) async throws -> Agent {
        let audit = AuditEvent(occurredAt: start, actor: "t", action: "agent.token", subject: name)
        let registration = try await database.createRegistrationToken(id: "r-\(name)", name: name, secretHash: "h", audit: audit)
        return try await database.registerAgent(
            AgentRegistration(name: name, tags: [:], slots: 2), registrationTokenID: registration.id, tokenID: "t-\(name)", secretHash: "h", now: start)
    }

    static func android(_ serial: String, os: String = "34", state: DeviceState = .ready) -> DeviceReport {
        DeviceReport(platform: .android, kind: .emulator, identifier: serial, osVersion: os, state: state)
    }

    @Test("an agent with a free matching device joins a running devices: step, once, while its queue has tests and the step has fewer than count devices; others do not",
          arguments: StoreBackend.available)
    func joins(_ backend: StoreBackend) async throws {
        try await backend.withFreshStore(clock: ManualClock(at: Self.start)) { store async throws in
            let database = store.database
            let now = Self.start
            let audit = AuditEvent(occurredAt: now, actor: "t", action: "build.create", subject: "build")
            let build = try await database.createBuild(BuildDraft(
                repositoryID: nil, pipeline: "ui", trigger: "manual", branch: "main", commitSHA: String(repeating: "c", count: 40), cancelSuperseded: false,
                jobs: [JobDraft(stepKey: "ui", label: "UI", spec: JobSpec(commands: ["./gradlew assembleDebug"], devices: Self.step))]), audit: audit)
            let a = try await Self.register(database, name: "pool-a")
            let b = try await Self.register(database, name: "pool-b")
            let ios = try await Self.register(database, name: "mac-c")
            let old = try await Self.register(database, name: "pool-d")
            let late = try await Self.register(database, name: "pool-e")
            try await database.recordDevices(agentID: a.id, devices: [Self.android("emulator-5554")], now: now)
            let first = try #require(try await database.claimNextJob(agent: a, leaseSeconds: 600, now: now))
            _ = try await database.startJob(id: first.jobID, agentID: a.id, leaseSeconds: 600, now: now)

            // Before the step has its queue there is nothing to join, with or without devices.
            try await database.recordDevices(agentID: b.id, devices: [Self.android("emulator-5556")], now: now)
            #expect(try await database.claimNextJob(agent: b, leaseSeconds: 600, now: now) == nil)
            _ = try await database.queueDeviceTests(jobID: first.jobID, agentID: a.id, tests: ["T#1", "T#2", "T#3", "T#4"], now: now)

            // Agents whose devices the step cannot run (no device, an iOS simulator, an old API level) do not join.
            #expect(try await database.claimNextJob(agent: late, leaseSeconds: 600, now: now) == nil)
            try await database.recordDevices(
                agentID: ios.id, devices: [DeviceReport(platform: .ios, kind: .simulator, identifier: "SIM-1", osVersion: "17.0", state: .ready)], now: now)
            #expect(try await database.claimNextJob(agent: ios, leaseSeconds: 600, now: now) == nil)
            try await database.recordDevices(agentID: old.id, devices: [Self.android("emulator-5558", os: "29")], now: now)
            #expect(try await database.claimNextJob(agent: old, leaseSeconds: 600, now: now) == nil)

            // Agent b has a free android device: it joins with a job of the same step and plan.
            let joined = try #require(try await database.claimNextJob(agent: b, leaseSeconds: 600, now: now))
            #expect(joined.buildID == build.id && joined.stepKey == "ui" && joined.jobID != first.jobID)
            #expect(joined.label == "UI (joined on pool-b)")
            #expect(joined.spec.devices == Self.step && joined.spec.commands == ["./gradlew assembleDebug"])
            #expect(joined.spec.env[JobSpec.shardIndexVariable] == "1")
            // Once: it takes part now, though it has a free slot.
            #expect(try await database.claimNextJob(agent: b, leaseSeconds: 600, now: now) == nil)
            _ = try await database.startJob(id: joined.jobID, agentID: b.id, leaseSeconds: 600, now: now)
            let batch = try await database.nextDeviceBatch(
                jobID: joined.jobID, agentID: b.id, request: DeviceBatchRequest(platform: .android, identifier: "emulator-5556"), now: now)
            #expect(batch.batch != nil, "the joined job's device takes batches: \(batch)")

            // Two devices take part, the step's count: a third agent does not join.
            try await database.recordDevices(agentID: late.id, devices: [Self.android("emulator-5560")], now: now)
            #expect(try await database.claimNextJob(agent: late, leaseSeconds: 600, now: now) == nil)
            let jobs = try #require(try await database.build(id: build.id)?.jobs)
            #expect(jobs.map(\.label) == ["UI", "UI (joined on pool-b)"])
            #expect(jobs.map(\.state) == [.running, .running])

        }
    }
}
