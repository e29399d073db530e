import Core
import Foundation
import Logging

/// Every store protocol, served by one database: what the composition root opens once and
/// hands to each service as the protocol it needs.
///
/// `AppDatabase` (an SQLite file) and `PostgresAppDatabase` (a shared PostgreSQL database)
/// both conform; which one a server uses follows from `--database` (see ``DatabaseLocation``).
public typealias StoreDatabase = RepositoryStore & TokenStore & AuditLog & OutboxStore & AgentStore & NotableEventStore
    & BuildStore & DeliveryStore & JobQueue & ScheduleStore & ArtifactStore & UITestStore & OperationsStore & ReleaseStore
    & BuildMetricsStore & TestHistoryStore & FindingStore & StoreAvailability & ClusterCoordinating

/// Whether the database can serve requests now, and its release at shutdown.
public protocol StoreAvailability: Sendable {
    /// Whether the database answers, with every migration this binary knows applied; false
    /// (never a hang) while it is unreachable.
    func isReady() async -> Bool
    /// Releases what the database holds (PostgreSQL's connection pool) once the server has
    /// stopped answering requests.
    func close() async
}

/// Where the store lives: an SQLite file (the embedded default) or a PostgreSQL database
/// that several servers may share.
public enum DatabaseLocation: Sendable, Equatable, CustomStringConvertible {
    /// An SQLite file, created when missing.
    case sqlite(path: String)
    /// A PostgreSQL database.
    case postgres(PostgresLocation)

    /// Reads `--database`: a `postgres://` or `postgresql://` URL, else a file path.
    /// - Throws: `ConfigurationError` naming `setting` for a URL that cannot be used.
    public init(_ text: String, setting: String) throws(ConfigurationError) {
        self = PostgresLocation.isPostgresURL(text) ? .postgres(try PostgresLocation(url: text, setting: setting)) : .sqlite(path: text)
    }

    /// The path, or the URL with its password hidden: safe for logs.
    public var description: String {
        switch self {
        case let .sqlite(path): path
        case let .postgres(location): location.redacted
        }
    }

    /// Opens the store and brings its schema up to date.
    /// - Throws: `StoreError` saying why: a file that is not ours or is newer, a file in
    ///   use, PostgreSQL unreachable or refusing the credentials.
    public func open(clock: any TimeSource, presenceWindow: TimeInterval, logger: Logger) async throws -> any StoreDatabase {
        switch self {
        case let .sqlite(path):
            // Opening inspects and migrates the file through GRDB's blocking API: a thread of
            // its own keeps it off the cooperative pool (a migration of a new file takes a
            // noticeable time in a debug build, and every test server opens one).
            try await DedicatedThread.run { () -> Result<AppDatabase, StoreError> in
                Result { () throws(StoreError) in try AppDatabase.open(path: path, clock: clock, presenceWindow: presenceWindow) }
            }.get()
        case let .postgres(location):
            try await PostgresAppDatabase.open(location: location, clock: clock, presenceWindow: presenceWindow, logger: logger)
        }
    }
}
