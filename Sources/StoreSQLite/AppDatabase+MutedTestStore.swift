import Core
import Foundation
import GRDB
import Store

// MARK: - Muted tests

extension AppDatabase: MutedTestStore {
    /// Every muted test, by name.
    public func mutedTests() async throws(StoreError) -> [MutedTest] {
        try await read { db in try Self.mutedTestRows(in: db) }
    }

    /// Mutes a test by hand.
    public func muteTest(_ name: String, reason: String, audit: AuditEvent, now: Date) async throws(StoreError) -> MutedTest {
        try await write { db in
            let muted = MutedTest(name: name, reason: reason, mutedBy: audit.actor, mutedAt: now)
            try Self.saveMutedTest(muted, in: db)
            _ = try AuditEventRecord(audit).inserted(db)
            return muted
        }
    }

    /// Unmutes a test by hand.
    public func unmuteTest(_ name: String, audit: AuditEvent) async throws(StoreError) -> MutedTest {
        try await write { db in
            guard let muted = try Self.mutedTestRows(in: db).first(where: { $0.name == name }) else {
                throw StoreError.notFound("test \(name) is not muted")
            }
            try db.execute(sql: "DELETE FROM mutedTest WHERE name = ?", arguments: [name])
            _ = try AuditEventRecord(audit).inserted(db)
            return muted
        }
    }
}
