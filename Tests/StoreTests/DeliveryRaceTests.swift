import Core
import Foundation
import Logging
import PostgresNIO
@testable import Store
@testable import StorePostgres
import Testing

/// Two servers sharing one PostgreSQL database, given the same delivery at once: exactly one
/// of them creates builds, the other answers its answer as a duplicate.
@Suite("Deliveries raced by two servers on PostgreSQL", .enabled(if: StoreBackend.postgresURL != nil))
struct DeliveryRaceTests {
    /// Both servers' "now".
    static let t0 = DeliveryIntakeTests.t0

    /// Runs `body` with the fresh store's own server and a second one on the same database.
    private func withTwoServers(_ body: (PostgresAppDatabase, PostgresAppDatabase, Int64) async throws -> Void) async throws {
        try await StoreBackend.postgres.withFreshStore(clock: ManualClock(at: Self.t0)) { store async throws in
            let first = try #require(store.postgres)
            let repository = try await first.createRepository(
                name: "acme/app", provider: .github, cloneURL: "https://example.com/acme/app.git", defaultBranch: "main",
                webhookSecret: "secret-secret-secret", audit: AuditEvent(occurredAt: Self.t0, actor: "t", action: "a", subject: "s")).id
            let second = try await PostgresAppDatabase.open(
                location: first.location, clock: ManualClock(at: Self.t0), presenceWindow: 60, logger: Logger(label: "second-server"))
            do {
                try await body(first, second, repository)
            } catch {
                await second.close()
                throw error
            }
            await second.close()
        }
    }

    @Test("a delivery the other server stores after this one looked is answered as that server's, from the fallback")
    func storedMeanwhile() async throws {
        try await withTwoServers { first, second, repository in
            let write = try DeliveryIntakeTests.write("same", to: repository, builds: [DeliveryIntakeTests.draft(repository)])
            // The first server writes the delivery and, before it commits, the second is given it:
            // its look-up sees nothing, then it waits on the repository's lock until the commit,
            // and its insert meets the stored key.
            let (answers, raced) = try await first.write { connection in
                let answers = try await first.insertBatch(deliveries: [write], builds: [], now: Self.t0, on: connection).answers
                let raced = Task { await second.recordDeliveries([write]) }
                try await Self.waitUntilSomeoneWaitsForALock(first)
                return (answers, raced)
            }
            let stored = try #require(answers.first)
            let other = try #require(await raced.value.first).get()
            #expect(other.duplicate)
            #expect(other.body == stored.body)
            #expect(try await first.builds(BuildFilter()).count == 1)
        }
    }

    @Test("both servers given each of many deliveries at once: one creates its build, the other answers a duplicate")
    func atOnce() async throws {
        try await withTwoServers { first, second, repository in
            let count = 24
            for index in 0..<count {
                let write = try DeliveryIntakeTests.write("d\(index)", to: repository, builds: [DeliveryIntakeTests.draft(repository)])
                async let one = first.recordDeliveries([write])
                async let other = second.recordDeliveries([write])
                let answers = try await [one, other].map { try #require($0.first).get() }
                #expect(answers.filter { !$0.duplicate }.count == 1)
                #expect(answers[0].body == answers[1].body)
            }
            let builds = try await first.builds(BuildFilter(limit: 200))
            #expect(builds.map(\.number).sorted() == Array(1...count))
        }
    }

    /// Waits (up to ten seconds) until a session of this database waits for a lock.
    private static func waitUntilSomeoneWaitsForALock(_ database: PostgresAppDatabase) async throws {
        for _ in 0..<1_000 {
            let waiting = try await database.read { connection in
                try await connection.value(
                    "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
                    as: Int64.self, logger: database.logger)
            }
            if (waiting ?? 0) > 0 { return }
            try await Task.sleep(for: .milliseconds(10))
        }
        Issue.record("no session waited for a lock")
    }
}
