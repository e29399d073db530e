import Core
import Foundation

/// Where the PostgreSQL store lives and how to talk to it, read from a database URL:
/// `postgres://user:password@host:5432/database?sslmode=require&pool=20&statement_timeout=30`.
///
/// The query names follow libpq where libpq has them (`sslmode`, `connect_timeout`), so a URL
/// a team already uses with `psql` works here; `pool` (connections per server) and
/// `statement_timeout` (seconds a statement may run before PostgreSQL cancels it) are ours.
public struct PostgresLocation: Sendable, Equatable {
    /// How the connection is protected, as libpq's `sslmode` names it.
    public enum TLSMode: String, Sendable, Equatable, CaseIterable {
        /// Plain TCP.
        case disable
        /// TLS when the server offers it, plain otherwise (libpq's default).
        case prefer
        /// TLS, without checking the server's certificate.
        case require
        /// TLS, checking the certificate and the host name against the system's trust roots.
        case verifyFull = "verify-full"
    }

    /// The server's host name or address.
    public var host: String
    /// The server's port.
    public var port: Int
    /// The role to connect as.
    public var username: String
    /// Its password, if the server asks for one.
    public var password: String?
    /// The database.
    public var database: String
    /// How the connection is protected.
    public var tls: TLSMode
    /// Connections one server keeps at most.
    public var poolSize: Int
    /// Seconds a statement may run before PostgreSQL cancels it; 0 for no limit.
    public var statementTimeoutSeconds: Int
    /// Seconds to wait for a connection, new or from the pool, before the database counts as
    /// unreachable for this call.
    public var connectTimeoutSeconds: Int

    /// Whether `text` names a PostgreSQL database rather than an SQLite file.
    public static func isPostgresURL(_ text: String) -> Bool {
        text.hasPrefix("postgres://") || text.hasPrefix("postgresql://")
    }

    /// Reads a database URL.
    /// - Throws: `ConfigurationError` naming `setting` and what is wrong.
    public init(url text: String, setting: String = "--database (MOBILE_OPS_DATABASE)") throws(ConfigurationError) {
        func refuse(_ problem: String) -> ConfigurationError {
            ConfigurationError(setting: setting, message: "\(setting): \(problem); expected postgres://user:password@host:5432/database?sslmode=disable|prefer|require|verify-full")
        }
        guard Self.isPostgresURL(text), let components = URLComponents(string: text), let host = components.host, !host.isEmpty else {
            throw refuse("not a postgres:// URL with a host")
        }
        let database = String(components.path.drop { $0 == "/" })
        guard !database.isEmpty, !database.contains("/") else { throw refuse("no database name after the host") }
        guard let username = components.user, !username.isEmpty else { throw refuse("no user name before the host") }
        self.host = host
        self.port = components.port ?? 5432
        self.username = username.removingPercentEncoding ?? username
        self.password = components.password.map { $0.removingPercentEncoding ?? $0 }
        self.database = database.removingPercentEncoding ?? database
        self.tls = .prefer
        self.poolSize = 20
        self.statementTimeoutSeconds = 30
        self.connectTimeoutSeconds = 5
        for item in components.queryItems ?? [] {
            let value = item.value ?? ""
            switch item.name {
            case "sslmode":
                guard let mode = TLSMode(rawValue: value) else {
                    throw refuse("sslmode '\(value)' is not one of \(TLSMode.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                self.tls = mode
            case "pool":
                guard let size = Int(value), (1...500).contains(size) else { throw refuse("pool must be a number of connections from 1 to 500, got '\(value)'") }
                self.poolSize = size
            case "statement_timeout":
                guard let seconds = Int(value), seconds >= 0 else { throw refuse("statement_timeout must be whole seconds (0 for none), got '\(value)'") }
                self.statementTimeoutSeconds = seconds
            case "connect_timeout":
                guard let seconds = Int(value), (1...300).contains(seconds) else { throw refuse("connect_timeout must be whole seconds from 1 to 300, got '\(value)'") }
                self.connectTimeoutSeconds = seconds
            default:
                throw refuse("unknown parameter '\(item.name)' (known: sslmode, connect_timeout, pool, statement_timeout)")
            }
        }
    }

    /// The URL with the password hidden, for logs and messages.
    public var redacted: String {
        "postgres://\(username)\(password == nil ? "" : ":***")@\(host):\(port)/\(database)?sslmode=\(tls.rawValue)"
    }
}
