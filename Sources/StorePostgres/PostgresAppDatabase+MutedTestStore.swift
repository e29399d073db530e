import Core
import Devices
import Foundation
import PostgresNIO
import Store

// MARK: - Muted tests

extension PostgresAppDatabase: MutedTestStore {
    /// Every muted test, by repository and name.
    public func mutedTests() async throws(StoreError) -> [MutedTest] {
        try await read { connection in
            let rows = try await connection.boundedQuery(
                """
                SELECT m.document, r.name FROM muted_test m LEFT JOIN repository r ON r.id = m.repository_id
                ORDER BY r.name NULLS FIRST, m.name
                """, logger: self.logger)
            var tests: [MutedTest] = []
            for try await (document, repository) in rows.decode((String, String?).self) {
                var muted = try DeviceRunRules.decode(MutedTest.self, document)
                muted.repository = repository
                tests.append(muted)
            }
            return tests
        }
    }

    /// Mutes a test by hand in one repository's builds.
    public func muteTest(_ name: String, repository: String?, reason: String, audit: AuditEvent, now: Date) async throws(StoreError) -> MutedTest {
        try await write { connection in
            let repositoryID = try await self.mutedRepositoryID(repository, on: connection)
            var muted = MutedTest(repositoryID: repositoryID, name: name, reason: reason, mutedBy: audit.actor, mutedAt: now)
            try await self.saveMutedTest(muted, on: connection)
            try await self.insertAudit(audit, on: connection)
            muted.repository = repository
            return muted
        }
    }

    /// Unmutes a test by hand in one repository's builds.
    public func unmuteTest(_ name: String, repository: String?, audit: AuditEvent) async throws(StoreError) -> MutedTest {
        try await write { connection in
            let repositoryID = try await self.mutedRepositoryID(repository, on: connection)
            guard let document = try await connection.value(
                "DELETE FROM muted_test WHERE repository_id IS NOT DISTINCT FROM \(repositoryID) AND name = \(name) RETURNING document",
                as: String.self, logger: self.logger) else {
                throw StoreError.notFound("test \(name) is not muted" + (repository.map { " in \($0)" } ?? " in builds of no repository"))
            }
            try await self.insertAudit(audit, on: connection)
            var muted = try DeviceRunRules.decode(MutedTest.self, document)
            muted.repository = repository
            return muted
        }
    }

    /// The id of the repository named `name` (nil for none), or not found.
    private func mutedRepositoryID(_ name: String?, on connection: PostgresConnection) async throws -> Int64? {
        guard let name else { return nil }
        guard let id = try await connection.value("SELECT id FROM repository WHERE lower(name) = lower(\(name))", as: Int64.self, logger: logger) else {
            throw StoreError.notFound("repository \(name) not found")
        }
        return id
    }
}
