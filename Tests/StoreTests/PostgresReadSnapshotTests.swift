import Core
import Foundation
import Logging
import PostgresNIO
@testable import Store
@testable import StorePostgres
import Testing

/// A read of several statements on PostgreSQL sees one moment of the database, as SQLite's read
/// transactions do, even when another server commits between its statements.
@Suite("PostgreSQL reads: one snapshot per read", .enabled(if: StoreBackend.postgresURL != nil))
struct PostgresReadSnapshotTests {
    /// Both servers' "now".
    static let t0 = DeliveryIntakeTests.t0

    @Test("a repository another server adds between a read's two statements is seen by neither statement")
    func oneSnapshot() async throws {
        try await StoreBackend.postgres.withFreshStore(clock: ManualClock(at: Self.t0)) { store async throws in
            let first = try #require(store.postgres)
            let second = try await PostgresAppDatabase.open(
                location: first.location, clock: ManualClock(at: Self.t0), presenceWindow: 60, logger: Logger(label: "second-server"))
            do {
                let (before, after) = try await first.read { connection in
                    let before = try await Self.repositoryCount(connection, first.logger)
                    // Another server's write, committed while this read is between statements.
                    _ = try await second.createRepository(
                        name: "acme/app", provider: .github, cloneURL: "https://example.com/acme/app.git", defaultBranch: "main",
                        webhookSecret: "secret-secret-secret", audit: AuditEvent(occurredAt: Self.t0, actor: "t", action: "a", subject: "s"))
                    let after = try await Self.repositoryCount(connection, first.logger)
                    return (before, after)
                }
                #expect(before == 0)
                #expect(after == before)
                // The write did commit: the next read sees it.
                #expect(try await first.read { connection in try await Self.repositoryCount(connection, first.logger) } == 1)
            } catch {
                await second.close()
                throw error
            }
            await second.close()
        }
    }

    /// How many repositories `connection` sees.
    private static func repositoryCount(_ connection: PostgresConnection, _ logger: Logger) async throws -> Int64 {
        try await connection.value("SELECT count(*) FROM repository", as: Int64.self, logger: logger) ?? -1
    }
}
