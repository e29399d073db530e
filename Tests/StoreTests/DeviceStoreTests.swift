import Core
import Foundation
import Testing
@testable import Store

/// The devices agents report, on every backend.
struct DeviceStoreTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    static func register(_ database: FreshStore.Database, name: String, token: String) async throws -> Agent {
        let audit = AuditEvent(occurredAt: start, actor: "t", action: "agent.token", subject: token)
        let registration = try await database.createRegistrationToken(id: token, name: token, secretHash: "h", audit: audit)
        return try await database.registerAgent(
            AgentRegistration(name: name, tags: [:], slots: 1), registrationTokenID: registration.id, tokenID: "t-\(token)", secretHash: "h", now: start)
    }

    @Test("a report replaces the agent's devices; unchanged ones keep their time; each agent's are its own", arguments: StoreBackend.available)
    func replaces(_ backend: StoreBackend) async throws {
        try await backend.withFreshStore(clock: ManualClock(at: Self.start)) { store async throws in
            let database = store.database
            let mac = try await Self.register(database, name: "mac-1", token: "r1")
            let linux = try await Self.register(database, name: "linux-1", token: "r2")
            let simulator = DeviceReport(platform: .ios, kind: .simulator, identifier: "U-1", model: "iPhone 15", osVersion: "17.0", state: .ready)
            let shutdown = DeviceReport(platform: .ios, kind: .simulator, identifier: "U-2", model: "iPad Air", osVersion: "17.0", state: .shutdown)
            let emulator = DeviceReport(platform: .android, kind: .emulator, identifier: "emulator-5554", osVersion: "34", state: .booting)
            try await database.recordDevices(agentID: mac.id, devices: [simulator, shutdown], now: Self.start)
            try await database.recordDevices(agentID: linux.id, devices: [emulator], now: Self.start)
            var listed = try await database.devices()
            #expect(listed.map(\.identifier) == ["U-1", "U-2", "emulator-5554"])
            #expect(listed.map(\.agentName) == ["mac-1", "mac-1", "linux-1"])
            #expect(listed.first?.report == simulator)
            #expect(listed.allSatisfy { $0.batch == nil && $0.infrastructureFailures.isEmpty })

            // An hour on: the iPad is gone, the iPhone unchanged, the emulator now ready.
            let later = Self.start.addingTimeInterval(3_600)
            try await database.recordDevices(agentID: mac.id, devices: [simulator], now: later)
            var ready = emulator
            ready.state = .ready
            ready.detail = "booted"
            try await database.recordDevices(agentID: linux.id, devices: [ready], now: later)
            listed = try await database.devices()
            #expect(listed.map(\.identifier) == ["U-1", "emulator-5554"])
            #expect(listed.first?.updatedAt == Self.start, "an unchanged device keeps the time it last changed")
            #expect(listed.last?.report == ready)
            #expect(listed.last?.updatedAt == later)

            try await database.recordDevices(agentID: linux.id, devices: [], now: later)
            #expect(try await database.devices().map(\.identifier) == ["U-1"])
        }
    }

    @Test("a removed agent's devices are not listed; an offline one's are, with its state", arguments: StoreBackend.available)
    func agentsPresence(_ backend: StoreBackend) async throws {
        // The clock reads an hour after the agent was last seen: it is offline.
        try await backend.withFreshStore(clock: ManualClock(at: Self.start.addingTimeInterval(3_600)), presenceWindow: 60) { store async throws in
            let database = store.database
            let agent = try await Self.register(database, name: "mac-1", token: "r1")
            let device = DeviceReport(platform: .ios, kind: .physical, identifier: "00008110", model: "iPhone 15", state: .configured)
            try await database.recordDevices(agentID: agent.id, devices: [device], now: Self.start)
            let listed = try await database.devices()
            #expect(listed.map(\.agentState) == ["offline"])
            #expect(listed.map(\.state) == [.configured])
            _ = try await database.removeAgent(id: agent.id, audit: AuditEvent(occurredAt: Self.start.addingTimeInterval(3_600), actor: "t", action: "agent.remove", subject: "1"))
            #expect(try await database.devices().isEmpty)
        }
    }

    @Test("what one report changes: new or different devices are written, missing ones removed, the same ones left")
    func changes() {
        let a = DeviceReport(platform: .android, kind: .emulator, identifier: "a", state: .ready)
        let b = DeviceReport(platform: .android, kind: .emulator, identifier: "b", state: .ready)
        var b2 = b
        b2.state = .offline
        let sameIdentifierOtherPlatform = DeviceReport(platform: .ios, kind: .physical, identifier: "a", state: .configured)
        #expect(DeviceReportChanges.between(stored: [a, b], reported: [a, b]).isEmpty)
        let changes = DeviceReportChanges.between(stored: [a, b], reported: [b2, sameIdentifierOtherPlatform])
        #expect(changes.upserts == [b2, sameIdentifierOtherPlatform])
        #expect(changes.removals == [a])
    }
}
