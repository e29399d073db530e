import Core
import Foundation
import PostgresNIO
import Store

// MARK: - Muted tests

extension PostgresAppDatabase: MutedTestStore {
    /// Every muted test, by name.
    public func mutedTests() async throws(StoreError) -> [MutedTest] {
        try await read { connection in try await self.mutedTestRows(on: connection) }
    }

    /// Mutes a test by hand.
    public func muteTest(_ name: String, reason: String, audit: AuditEvent, now: Date) async throws(StoreError) -> MutedTest {
        try await write { connection in
            let muted = MutedTest(name: name, reason: reason, mutedBy: audit.actor, mutedAt: now)
            try await self.saveMutedTest(muted, on: connection)
            try await self.insertAudit(audit, on: connection)
            return muted
        }
    }

    /// Unmutes a test by hand.
    public func unmuteTest(_ name: String, audit: AuditEvent) async throws(StoreError) -> MutedTest {
        try await write { connection in
            guard let document = try await connection.value(
                "DELETE FROM muted_test WHERE name = \(name) RETURNING document", as: String.self, logger: self.logger) else {
                throw StoreError.notFound("test \(name) is not muted")
            }
            try await self.insertAudit(audit, on: connection)
            return try DeviceRunRules.decode(MutedTest.self, document)
        }
    }
}
