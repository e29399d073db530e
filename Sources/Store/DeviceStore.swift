import Core
import Foundation

/// The devices agents report with their polls (`GET /api/v1/devices`).
public protocol DeviceStore: Sendable {
    /// Makes `devices` what is known of the agent's devices: new and changed ones are stored
    /// with `now` as their `updatedAt`, unchanged ones keep theirs, and ones it no longer
    /// reports are forgotten.
    func recordDevices(agentID: Int64, devices: [DeviceReport], now: Date) async throws(StoreError)
    /// Every device of every agent not removed, by agent id, then platform and identifier.
    func devices() async throws(StoreError) -> [Device]
}

/// What one report changes in what is stored of an agent's devices, decided alike by every
/// backend.
public struct DeviceReportChanges: Sendable, Equatable {
    /// Devices to insert or update (new, or reported differently).
    public var upserts: [DeviceReport]
    /// Devices stored but no longer reported.
    public var removals: [DeviceReport]

    /// Whether the report changes nothing.
    public var isEmpty: Bool { upserts.isEmpty && removals.isEmpty }

    /// Compares the stored devices with the reported ones, matched by platform and identifier.
    public static func between(stored: [DeviceReport], reported: [DeviceReport]) -> DeviceReportChanges {
        func key(_ device: DeviceReport) -> String { device.platform.rawValue + " " + device.identifier }
        let storedByKey = Dictionary(stored.map { (key($0), $0) }, uniquingKeysWith: { first, _ in first })
        let reportedKeys = Set(reported.map(key))
        return DeviceReportChanges(
            upserts: reported.filter { storedByKey[key($0)] != $0 },
            removals: stored.filter { !reportedKeys.contains(key($0)) })
    }

    /// The listed devices, agents' presence joined in: devices of agents not listed (removed)
    /// are left out; sorted by agent id, platform and identifier.
    public static func listed(_ rows: [(agentID: Int64, report: DeviceReport, updatedAt: Date)], agents: [Agent]) -> [Device] {
        let agentsByID = Dictionary(agents.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        return rows.compactMap { row -> Device? in
            guard let agent = agentsByID[row.agentID] else { return nil }
            return Device(agentID: agent.id, agentName: agent.name, agentState: agent.state, report: row.report, updatedAt: row.updatedAt)
        }.sorted { lhs, rhs in
            (lhs.agentID, lhs.platform.rawValue, lhs.identifier) < (rhs.agentID, rhs.platform.rawValue, rhs.identifier)
        }
    }
}
