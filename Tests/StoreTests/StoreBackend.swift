import Core
import Foundation
import Logging
import PostgresNIO
import PostgresSupport
import TestSupport
import Testing
@testable import Store
@testable import StorePostgres
@testable import StoreSQLite

/// The store backends a suite runs on: SQLite always; PostgreSQL when
/// `MOBILE_OPS_TEST_POSTGRES_URL` names a server (`make test` starts one and sets it).
enum StoreBackend: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite
    case postgres

    /// The URL of the test PostgreSQL server's maintenance database, when there is one.
    static var postgresURL: String? {
        PostgresScratchDatabase.serverURL
    }

    /// Every backend this run can test.
    static var available: [StoreBackend] {
        postgresURL == nil ? [.sqlite] : [.sqlite, .postgres]
    }

    /// How the test's name shows it.
    var testDescription: String { self == .sqlite ? "SQLite" : "PostgreSQL" }

    /// A fresh, empty, migrated store: a file in a temp folder, or a new PostgreSQL database
    /// of its own; `body` runs against it and the store is removed afterwards, even when the
    /// body fails.
    func withFreshStore<T>(clock: any TimeSource = SystemClock(offset: DateShift.whole), presenceWindow: TimeInterval = 60, _ body: (FreshStore) async throws -> T) async throws -> T {
        switch self {
        case .sqlite:
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let database = try AppDatabase.open(path: directory.path("db.sqlite"), clock: clock, presenceWindow: presenceWindow)
            return try await body(FreshStore(backend: self, database: database, sqlite: database, postgres: nil))
        case .postgres:
            let scratch = try await PostgresScratchDatabase.create()
            do {
                let database = try await PostgresAppDatabase.open(url: scratch.url, clock: clock, presenceWindow: presenceWindow)
                let result: T
                do {
                    result = try await body(FreshStore(backend: self, database: database, sqlite: nil, postgres: database))
                } catch {
                    await database.close()
                    throw error
                }
                await database.close()
                try await scratch.drop()
                return result
            } catch {
                try? await scratch.drop()
                throw error
            }
        }
    }
}

/// One store under test, seen through the protocols the services use.
struct FreshStore: Sendable {
    /// Which backend it is.
    let backend: StoreBackend
    /// Every store protocol a backend implements.
    typealias Database = any RepositoryStore & TokenStore & AuditLog & OutboxStore & AgentStore & NotableEventStore & BuildStore & DeliveryStore
        & JobQueue & ScheduleStore & ArtifactStore & UITestStore & OperationsStore & ReleaseStore & BuildMetricsStore & TestHistoryStore
        & FindingStore & DeviceStore & DeviceRunStore & MutedTestStore & CacheStatsStore & SecretStore

    /// The store: it conforms to every protocol the backend implements.
    let database: Database
    /// The same store when it is SQLite, for fixtures written below the protocols.
    let sqlite: AppDatabase?
    /// The same store when it is PostgreSQL.
    let postgres: PostgresAppDatabase?

    /// Opens the same database a second time, as a restarted server does, and runs `body`
    /// against it; a PostgreSQL pool opened here is closed afterwards.
    func reopened<T>(_ body: (Database) async throws -> T) async throws -> T {
        if let sqlite {
            return try await body(try AppDatabase.open(path: sqlite.path))
        }
        guard let postgres else { throw StoreError.database("a fresh store is SQLite or PostgreSQL") }
        let again = try await PostgresAppDatabase.open(location: postgres.location, clock: postgres.clock, presenceWindow: postgres.presenceWindow, logger: postgres.logger)
        do {
            let result = try await body(again)
            await again.close()
            return result
        } catch {
            await again.close()
            throw error
        }
    }
}
