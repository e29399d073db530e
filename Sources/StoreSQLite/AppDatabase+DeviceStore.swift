import Core
import Foundation
import GRDB
import Store

// MARK: - Devices agents report

extension AppDatabase: DeviceStore {
    /// Stores what changed since the agent's last report, in one transaction; a report that
    /// changes nothing writes nothing (agents report with every poll).
    public func recordDevices(agentID: Int64, devices: [DeviceReport], now: Date) async throws(StoreError) {
        let stored = try await read { db in try Self.deviceRows(agentID: agentID, in: db).map { $0.report } }
        let changes = DeviceReportChanges.between(stored: stored, reported: devices)
        guard !changes.isEmpty else { return }
        try await write { db in
            for device in changes.upserts {
                try db.execute(sql: """
                    INSERT INTO device (agentID, platform, identifier, kind, model, osVersion, state, detail, updatedAt)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT (agentID, platform, identifier) DO UPDATE SET
                      kind = excluded.kind, model = excluded.model, osVersion = excluded.osVersion, state = excluded.state,
                      detail = excluded.detail, updatedAt = excluded.updatedAt
                    """, arguments: [
                        agentID, device.platform.rawValue, device.identifier, device.kind.rawValue, device.model, device.osVersion,
                        device.state.rawValue, device.detail, StoredDate(now),
                    ])
            }
            for device in changes.removals {
                try db.execute(
                    sql: "DELETE FROM device WHERE agentID = ? AND platform = ? AND identifier = ?",
                    arguments: [agentID, device.platform.rawValue, device.identifier])
            }
        }
    }

    /// Every device of every agent not removed.
    public func devices() async throws(StoreError) -> [Device] {
        let agents = try await self.agents()
        let rows = try await read { db in try Self.deviceRows(agentID: nil, in: db) }
        return DeviceReportChanges.listed(rows, agents: agents)
    }

    /// The stored devices of one agent, or of all when `agentID` is nil. A row whose platform
    /// or kind this version does not know is left out.
    static func deviceRows(agentID: Int64?, in db: Database) throws -> [(agentID: Int64, report: DeviceReport, updatedAt: Date)] {
        let filter = agentID == nil ? "" : "WHERE agentID = ?"
        let rows = try Row.fetchAll(db, sql: """
            SELECT agentID, platform, identifier, kind, model, osVersion, state, detail, updatedAt FROM device \(filter)
            ORDER BY agentID, platform, identifier
            """, arguments: StatementArguments(agentID.map { [$0] } ?? [Int64]()))
        return rows.compactMap { row -> (agentID: Int64, report: DeviceReport, updatedAt: Date)? in
            guard let platform = DevicePlatform(rawValue: row["platform"]), let kind = DeviceKind(rawValue: row["kind"]) else { return nil }
            let report = DeviceReport(
                platform: platform, kind: kind, identifier: row["identifier"], model: row["model"], osVersion: row["osVersion"],
                state: DeviceState(rawValue: row["state"]) ?? .unknown, detail: row["detail"])
            return (agentID: row["agentID"], report: report, updatedAt: row[date: "updatedAt"])
        }
    }
}
