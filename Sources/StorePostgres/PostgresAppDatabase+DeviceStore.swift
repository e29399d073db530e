import Core
import Foundation
import PostgresNIO
import Store

extension PostgresAppDatabase: DeviceStore {
    /// Stores what changed since the agent's last report, in one transaction; a report that
    /// changes nothing writes nothing (agents report with every poll).
    public func recordDevices(agentID: Int64, devices: [DeviceReport], now: Date) async throws(StoreError) {
        let stored = try await read { connection in try await self.deviceRows(agentID: agentID, on: connection).map { $0.report } }
        let changes = DeviceReportChanges.between(stored: stored, reported: devices)
        guard !changes.isEmpty else { return }
        try await write { connection in
            for device in changes.upserts {
                try await connection.run(
                    """
                    INSERT INTO device (agent_id, platform, identifier, kind, model, os_version, state, detail, updated_at)
                    VALUES (\(agentID), \(device.platform.rawValue), \(device.identifier), \(device.kind.rawValue), \(device.model),
                            \(device.osVersion), \(device.state.rawValue), \(device.detail), \(PostgresTime.stored(now)))
                    ON CONFLICT (agent_id, platform, identifier) DO UPDATE SET
                      kind = excluded.kind, model = excluded.model, os_version = excluded.os_version, state = excluded.state,
                      detail = excluded.detail, updated_at = excluded.updated_at
                    """, logger: self.logger)
            }
            for device in changes.removals {
                try await connection.run(
                    "DELETE FROM device WHERE agent_id = \(agentID) AND platform = \(device.platform.rawValue) AND identifier = \(device.identifier)",
                    logger: self.logger)
            }
        }
    }

    /// Every device of every agent not removed.
    public func devices() async throws(StoreError) -> [Device] {
        let agents = try await self.agents()
        let rows = try await read { connection in try await self.deviceRows(agentID: nil, on: connection) }
        return DeviceReportChanges.listed(rows, agents: agents)
    }

    /// The stored devices of one agent, or of all when `agentID` is nil. A row whose platform
    /// or kind this version does not know is left out.
    func deviceRows(agentID: Int64?, on connection: PostgresConnection) async throws -> [(agentID: Int64, report: DeviceReport, updatedAt: Date)] {
        let query: PostgresQuery
        if let agentID {
            query = """
                SELECT agent_id, platform, identifier, kind, model, os_version, state, detail, updated_at FROM device
                WHERE agent_id = \(agentID) ORDER BY platform, identifier
                """
        } else {
            query = """
                SELECT agent_id, platform, identifier, kind, model, os_version, state, detail, updated_at FROM device
                ORDER BY agent_id, platform, identifier
                """
        }
        let rows = try await connection.boundedQuery(query, logger: self.logger)
        var found: [(agentID: Int64, report: DeviceReport, updatedAt: Date)] = []
        for try await (agent, platformName, identifier, kindName, model, osVersion, stateName, detail, updatedAt)
            in rows.decode((Int64, String, String, String, String?, String?, String, String?, Date).self) {
            guard let platform = DevicePlatform(rawValue: platformName), let kind = DeviceKind(rawValue: kindName) else { continue }
            let report = DeviceReport(
                platform: platform, kind: kind, identifier: identifier, model: model, osVersion: osVersion,
                state: DeviceState(rawValue: stateName) ?? .unknown, detail: detail)
            found.append((agentID: agent, report: report, updatedAt: updatedAt))
        }
        return found
    }
}
