import Core
import Foundation

/// Every store protocol, served by one database: what the composition root opens once and
/// hands to each service as the protocol it needs.
///
/// `AppDatabase` (an SQLite file) and `PostgresAppDatabase` (a shared PostgreSQL database)
/// both conform; which one a server uses follows from `--database` (see ``DatabaseLocation``); only the
/// server's composition root opens one.
public typealias StoreDatabase = RepositoryStore & TokenStore & AuditLog & OutboxStore & AgentStore & NotableEventStore
    & BuildStore & DeliveryStore & JobQueue & ScheduleStore & ArtifactStore & UITestStore & OperationsStore & ReleaseStore
    & BuildMetricsStore & TestHistoryStore & FindingStore & DeviceStore & DeviceRunStore & MutedTestStore & CacheStatsStore & SecretStore & StoreAvailability & ClusterCoordinating

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
}
