import Core
import Foundation
import Logging
import PostgresNIO
import Store

/// The PostgreSQL store: a pool of connections to one database that several servers may
/// share, behind the same store protocols as the SQLite `AppDatabase`.
///
/// Opening checks that the server is reachable and applies the migrations over one
/// connection of its own, so a server that cannot reach PostgreSQL says so and exits before
/// it listens. The pool itself runs from then until `close()`; it reconnects by itself.
public final class PostgresAppDatabase: StoreAvailability {
    /// The pool every store call leases a connection from.
    let client: PostgresClient
    /// Where it is, for messages (password hidden).
    public let location: PostgresLocation
    /// Where stores read "now".
    let clock: any TimeSource
    /// Where query failures are logged.
    package let logger: Logger
    /// How long an agent counts as online after it was last heard from, in seconds.
    let presenceWindow: TimeInterval
    /// Runs the pool until `close()`.
    private let runner: Task<Void, Never>
    /// Withdraws lease waits longer than `connect_timeout`.
    let watchdog: LeaseWatchdog
    /// Runs the watchdog until `close()`.
    private let watching: Task<Void, Never>
    /// Ends statement waits that would never end (a lost or silent connection, a cancelled caller).
    let statements: StatementWatch
    /// Runs the statement watch until `close()`.
    private let watchingStatements: Task<Void, Never>
    /// This server's changes to one release, one at a time (`changeRelease`).
    let releaseTurns = KeyedTurns()

    private init(location: PostgresLocation, client: PostgresClient, clock: any TimeSource, presenceWindow: TimeInterval, logger: Logger) {
        self.location = location
        self.client = client
        self.clock = clock
        self.presenceWindow = presenceWindow
        self.logger = logger
        runner = Task { await client.run() }
        let watchdog = LeaseWatchdog(limit: .seconds(location.connectTimeoutSeconds)) {
            StoreError.unreachable(location: location.redacted, reason: "no connection within \(location.connectTimeoutSeconds) s (connect_timeout)")
        }
        self.watchdog = watchdog
        watching = Task { await watchdog.run() }
        // The server's statement_timeout answers first; a statement still unanswered after it and
        // the time a connection may take (connect_timeout) is on a connection that went silent.
        // With no statement_timeout (0) a statement may run as long as it likes.
        let statementLimit = location.statementTimeoutSeconds > 0
            ? Duration.seconds(location.statementTimeoutSeconds + location.connectTimeoutSeconds) : nil
        let statements = StatementWatch(limit: statementLimit) { reason in
            StoreError.unreachable(location: location.redacted, reason: reason)
        }
        self.statements = statements
        watchingStatements = Task { await statements.run() }
    }

    /// Connects to the database `url` names, applies the migrations, and starts the pool.
    /// - Throws: `StoreError.unreachable` when PostgreSQL does not answer, or refuses the
    ///   credentials; `StoreError.foreignDatabase` or `.newerSchema` as the SQLite store does.
    public static func open(
        url: String, clock: any TimeSource = SystemClock(), presenceWindow: TimeInterval = 60,
        logger: Logger = Logger(label: "mobile-ops.postgres")
    ) async throws -> PostgresAppDatabase {
        try await open(location: PostgresLocation(url: url), clock: clock, presenceWindow: presenceWindow, logger: logger)
    }

    /// Connects to `location`, applies the migrations, and starts the pool.
    /// - Throws: As ``open(url:clock:presenceWindow:logger:)``.
    public static func open(
        location: PostgresLocation, clock: any TimeSource, presenceWindow: TimeInterval, logger: Logger
    ) async throws -> PostgresAppDatabase {
        try await PostgresMigrator(location: location, logger: logger).migrate()
        let client = PostgresClient(configuration: location.clientConfiguration, backgroundLogger: logger)
        let database = PostgresAppDatabase(location: location, client: client, clock: clock, presenceWindow: presenceWindow, logger: logger)
        // Let the pool's run() start before the first lease: a lease before it works (it waits)
        // but logs a warning, and PostgresClient has no public "running" signal to wait for.
        for _ in 0..<16 { await Task.yield() }
        return database
    }

    /// Stops the pool; calls after this fail.
    public func close() async {
        watching.cancel()
        watchingStatements.cancel()
        runner.cancel()
        await runner.value
    }

    /// Whether PostgreSQL answers a query within two seconds: a pool that cannot connect makes
    /// a lease wait, and a readiness probe must answer rather than wait with it.
    public func isReady() async -> Bool {
        let (client, logger) = (self.client, self.logger)
        let answered = try? await within(.seconds(2)) {
            try await client.withConnection { connection in try await connection.value("SELECT 1", as: Int32.self, logger: logger) }
        }
        return answered == 1
    }

    // MARK: Running statements

    /// Runs `body` in one transaction (BEGIN … COMMIT, rolled back when it throws), mapping
    /// PostgreSQL's failures to `StoreError`; `.unreachable` when no connection comes in time.
    package func write<T: Sendable>(_ body: (PostgresConnection) async throws -> T) async throws(StoreError) -> T {
        do {
            return try await withBoundedTransaction(body)
        } catch {
            throw StoreError(postgres: error)
        }
    }

    /// Runs `body` in one read-only snapshot (REPEATABLE READ), mapping failures as `write` does.
    ///
    /// Under PostgreSQL's default READ COMMITTED each statement sees the commits made before it
    /// started, so a read of several statements (a build, then its jobs) could see a write of
    /// another replica between them: a canceled job beside a running build. One snapshot for
    /// the whole read gives what SQLite's read transactions give.
    func read<T: Sendable>(_ body: (PostgresConnection) async throws -> T) async throws(StoreError) -> T {
        do {
            return try await withBoundedTransaction(begin: "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", body)
        } catch {
            throw StoreError(postgres: error)
        }
    }

    /// Runs one statement on a leased connection, outside a transaction: one statement sees one
    /// snapshot by itself, so the hot single lookups (each request's token, each agent call's
    /// credentials) and NOTIFY, which commits at once there, skip `read`'s BEGIN and COMMIT.
    func readStatement<T: Sendable>(_ body: (PostgresConnection) async throws -> T) async throws(StoreError) -> T {
        do {
            return try await withBoundedConnection(body)
        } catch {
            throw StoreError(postgres: error)
        }
    }
}
