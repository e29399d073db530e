import Core
import Devices
import Foundation
import PostgresNIO
import Testing
@testable import Store
@testable import StorePostgres

/// PostgreSQL locks only the device health rows a batch call may write: a transaction holding
/// one device's row does not hold up the calls about another device.
@Suite("PostgreSQL device health: only the rows a call writes are locked", .enabled(if: StoreBackend.postgresURL != nil))
struct DeviceHealthLockTests {
    /// Whether the holder still holds its lock, and when to let it go.
    actor Holder {
        var released = false
        var done = false
        func release() { released = true }
        func finish() { done = true }
    }

    @Test("a batch of device B is handed out and reported while another transaction holds device A's health row")
    func otherDevicesDoNotWait() async throws {
        try await StoreBackend.postgres.withFreshStore(clock: ManualClock(at: DeviceRunStoreTests.start)) { store async throws in
            let database = store.database
            let postgres = try #require(store.postgres)
            let (_, jobs, agents) = try await DeviceRunStoreTests.twoJobs(database)
            let now = DeviceRunStoreTests.start
            _ = try await database.queueDeviceTests(jobID: jobs[0], agentID: agents[0], tests: ["T#1", "T#2", "T#3"], now: now)
            let a = DeviceBatchRequest(platform: .android, identifier: "emulator-5554")
            let b = DeviceBatchRequest(platform: .android, identifier: "emulator-5556")
            // Device A has a health row (one failure).
            let first = try #require(try await database.nextDeviceBatch(jobID: jobs[0], agentID: agents[0], request: a, now: now).batch)
            _ = try await database.recordDeviceBatch(
                jobID: jobs[0], agentID: agents[0], batchID: first.id, report: DeviceBatchReport(results: [], deviceFailure: "adb: device offline"), now: now)

            // Another transaction locks A's row and holds it until told, or for 60 s at most.
            let holder = Holder()
            let (locked, signal) = AsyncStream<Void>.makeStream()
            let agentA = agents[0]
            let task = Task {
                try await postgres.write { connection in
                    _ = try await connection.values(
                        "SELECT document FROM device_health WHERE agent_id = \(agentA) FOR UPDATE", as: String.self, logger: postgres.logger)
                    signal.yield()
                    let deadline = ContinuousClock.now + .seconds(60)
                    while !(await holder.released), ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
                    await holder.finish()
                }
            }
            for await _ in locked { break }
            let batch = try #require(try await database.nextDeviceBatch(jobID: jobs[1], agentID: agents[1], request: b, now: now).batch)
            _ = try await database.recordDeviceBatch(
                jobID: jobs[1], agentID: agents[1], batchID: batch.id, report: DeviceBatchReport(results: [], deviceFailure: "adb: device offline"), now: now)
            let stillHeld = !(await holder.done)
            #expect(stillHeld, "device B's calls finished while A's row was still locked")
            await holder.release()
            try await task.value
            let health = try await database.deviceHealth().health
            #expect(health[DeviceKey(agentID: agents[1], platform: .android, identifier: "emulator-5556")]?.failuresInARow == 1)
        }
    }
}
