import Core
import Devices
import Foundation
import GRDB
import Store

// MARK: - Muted tests

extension AppDatabase: MutedTestStore {
    /// Every muted test, by repository and name.
    public func mutedTests() async throws(StoreError) -> [MutedTest] {
        try await read { db in
            let rows = try Row.fetchAll(db, sql: """
                SELECT m.document, r.name AS repository FROM mutedTest m LEFT JOIN repository r ON r.id = m.repositoryID
                ORDER BY r.name, m.name
                """)
            return try rows.map { row in
                var muted = try DeviceRunRules.decode(MutedTest.self, row["document"])
                muted.repository = row["repository"]
                return muted
            }
        }
    }

    /// Mutes a test by hand in one repository's builds.
    public func muteTest(_ name: String, repository: String?, reason: String, audit: AuditEvent, now: Date) async throws(StoreError) -> MutedTest {
        try await write { db in
            let repositoryID = try Self.mutedRepositoryID(repository, in: db)
            var muted = MutedTest(repositoryID: repositoryID, name: name, reason: reason, mutedBy: audit.actor, mutedAt: now)
            try Self.saveMutedTest(muted, in: db)
            _ = try AuditEventRecord(audit).inserted(db)
            muted.repository = repository
            return muted
        }
    }

    /// Unmutes a test by hand in one repository's builds.
    public func unmuteTest(_ name: String, repository: String?, audit: AuditEvent) async throws(StoreError) -> MutedTest {
        try await write { db in
            let repositoryID = try Self.mutedRepositoryID(repository, in: db)
            guard var muted = try Self.mutedTestRows(repositoryID: repositoryID, in: db).first(where: { $0.name == name }) else {
                throw StoreError.notFound("test \(name) is not muted" + (repository.map { " in \($0)" } ?? " in builds of no repository"))
            }
            try db.execute(sql: "DELETE FROM mutedTest WHERE repositoryID IS ? AND name = ?", arguments: [repositoryID, name])
            _ = try AuditEventRecord(audit).inserted(db)
            muted.repository = repository
            return muted
        }
    }

    /// The id of the repository named `name` (nil for none), or not found.
    private static func mutedRepositoryID(_ name: String?, in db: Database) throws -> Int64? {
        guard let name else { return nil }
        guard let id = try Int64.fetchOne(db, sql: "SELECT id FROM repository WHERE name = ? COLLATE NOCASE", arguments: [name]) else {
            throw StoreError.notFound("repository \(name) not found")
        }
        return id
    }
}
