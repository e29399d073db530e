import Artifacts
import Core
import GitHosts
import Insights
import Logging
import Store

/// Everything the server needs to start, resolved from flags, then environment, then defaults.
public struct ServerConfiguration: Sendable, Equatable {
    /// Address to listen on (`--host`, `MOBILE_OPS_HOST`).
    public var host: String = "127.0.0.1"
    /// Port to listen on (`--port`, `MOBILE_OPS_PORT`); 0 picks a free one.
    public var port: Int = 8080
    /// SQLite file (`--database`, `MOBILE_OPS_DATABASE`). Its folder also holds the files kept
    /// beside the database (artifacts, impact checkouts), on PostgreSQL too.
    public var databasePath: String = ".mobile-ops/mobile-ops.sqlite"
    /// The PostgreSQL database, when `--database` (`MOBILE_OPS_DATABASE`) is a `postgres://` URL;
    /// the store is then PostgreSQL instead of the file at `databasePath`.
    public var postgres: PostgresLocation?
    /// Pipeline definitions folder (`--pipelines`, `MOBILE_OPS_PIPELINES`).
    public var pipelinesPath: String = "pipelines/"
    /// Admin token to install (`--admin-token`, `MOBILE_OPS_ADMIN_TOKEN`); generated when nil.
    public var adminToken: String?
    /// Log level (`--log-level`, `MOBILE_OPS_LOG_LEVEL`).
    public var logLevel: Logger.Level = .info
    /// Largest request body accepted, in bytes (`--max-body-size`, `MOBILE_OPS_MAX_BODY_BYTES`).
    public var maxBodySize: Int = 5 * 1024 * 1024

    /// Largest artifact an agent may upload, in bytes (`MOBILE_OPS_MAX_ARTIFACT_BYTES`, default 2 GiB).
    public var maxArtifactSize: Int64 = 2 * 1024 * 1024 * 1024
    /// Where artifacts are kept (`MOBILE_OPS_ARTIFACTS`): `artifacts/` beside the database
    /// file by default, another folder, or an S3 bucket.
    public var artifacts: ArtifactLocation = .besideDatabase
    /// The build cache's settings (`MOBILE_OPS_CACHE`, `MOBILE_OPS_CACHE_MAX_ENTRY_BYTES`, …).
    public var cache = CacheConfiguration()

    /// Seconds an agent may go without a heartbeat before its job is lost
    /// (`--lease-seconds`, `MOBILE_OPS_LEASE_SECONDS`).
    public var leaseSeconds: Double = 60
    /// Longest an agent's poll for a job is held open before answering 204, in seconds.
    public var pollSeconds: Double = 25

    /// Seconds a new connection has to send its first complete request head, however the
    /// bytes trickle (`MOBILE_OPS_HEADER_TIMEOUT_SECONDS`); closes slowloris connections.
    public var headerTimeoutSeconds: Double = 10
    /// Seconds a connection may go without a decoded request part while no request is being
    /// answered (`MOBILE_OPS_IDLE_TIMEOUT_SECONDS`). A request being answered, such as a long
    /// poll, is never cut by it; it must exceed `pollSeconds` only for uploads that pause.
    public var idleTimeoutSeconds: Double = 60
    /// Servers sharing PostgreSQL: how often parked long polls look for work without being
    /// signalled (`MOBILE_OPS_CLUSTER_POLL_SECONDS`), the backstop for a lost signal.
    public var clusterPollSeconds: Double = 5

    /// Most connections open at once (`MOBILE_OPS_MAX_CONNECTIONS`); beyond it new ones wait
    /// in the listen backlog until one closes.
    public var maxConnections: Int = 4096
    /// Seconds a body read before any credential (a webhook's) has to arrive whole, however
    /// the bytes trickle (`MOBILE_OPS_UNAUTHENTICATED_BODY_SECONDS`); then 408.
    public var unauthenticatedBodySeconds: Double = 20
    /// The share of `maxConnections`, in percent, that may be reading bodies before any
    /// credential at once (`MOBILE_OPS_UNAUTHENTICATED_CONNECTIONS_PERCENT`); past it 503.
    public var unauthenticatedConnectionsPercent: Int = 25
    /// Most logs one token may follow at once on a server (`MOBILE_OPS_MAX_LOG_FOLLOWERS_PER_TOKEN`); past it 429.
    public var maxLogFollowersPerToken: Int = 32

    /// The key repository secrets are sealed under (`MOBILE_OPS_SECRETS_KEY` or
    /// `MOBILE_OPS_SECRETS_KEY_FILE`); nil when none is configured (no secret can be set then).
    public var secretsKey: SecretsKeySetting?

    /// Git hosts' API roots and tokens for commit statuses (`MOBILE_OPS_GITHUB_TOKEN`, …).
    public var notifier = NotifierConfiguration()
    /// Build metrics: retention, regression rules, regression webhook (`MOBILE_OPS_METRICS_RETENTION_DAYS`, …).
    public var buildMetrics = BuildMetricsConfiguration()

    /// The defaults.
    public init() {}

    /// Where the store lives: PostgreSQL when a URL was given, else the SQLite file.
    public var database: DatabaseLocation {
        postgres.map(DatabaseLocation.postgres) ?? .sqlite(path: databasePath)
    }
}

// MARK: - Resolution

extension ServerConfiguration {
    /// Values given on the command line; nil means "not given".
    public struct Flags: Sendable {
        /// `--host`.
        public var host: String?
        /// `--port`.
        public var port: String?
        /// `--database`.
        public var database: String?
        /// `--pipelines`.
        public var pipelines: String?
        /// `--admin-token`.
        public var adminToken: String?
        /// `--log-level`.
        public var logLevel: String?
        /// `--max-body-size`.
        public var maxBodySize: String?
        /// `--lease-seconds`.
        public var leaseSeconds: String?

        /// No flags given.
        public init() {}
    }

    /// Resolves each setting from `flags`, else `environment`, else the default.
    /// - Throws: `ConfigurationError` naming the setting and where its bad value came from.
    public static func resolve(flags: Flags, environment: [String: String]) throws(ConfigurationError) -> ServerConfiguration {
        var configuration = ServerConfiguration()
        configuration.notifier = .fromEnvironment(environment)
        configuration.buildMetrics = try BuildMetricsConfiguration.fromEnvironment(environment)
        func pick(_ flag: String?, _ flagName: String, _ variable: String) -> (value: String, source: String)? {
            if let flag { return (flag, flagName) }
            if let value = environment[variable], !value.isEmpty { return (value, variable) }
            return nil
        }
        if let (value, _) = pick(flags.host, "--host", "MOBILE_OPS_HOST") { configuration.host = value }
        if let (value, source) = pick(flags.port, "--port", "MOBILE_OPS_PORT") {
            guard let port = Int(value), (0...65535).contains(port) else {
                throw ConfigurationError(setting: source, message: "\(source) must be a port number from 0 to 65535, not '\(value)'")
            }
            configuration.port = port
        }
        if let (value, source) = pick(flags.database, "--database", "MOBILE_OPS_DATABASE") {
            switch try DatabaseLocation(value, setting: source) {
            case let .sqlite(path): configuration.databasePath = path
            case let .postgres(location): configuration.postgres = location
            }
        }
        if let (value, _) = pick(flags.pipelines, "--pipelines", "MOBILE_OPS_PIPELINES") { configuration.pipelinesPath = value }
        if let (value, _) = pick(flags.adminToken, "--admin-token", "MOBILE_OPS_ADMIN_TOKEN") { configuration.adminToken = value }
        if let (value, source) = pick(flags.logLevel, "--log-level", "MOBILE_OPS_LOG_LEVEL") {
            guard let level = Logger.Level(rawValue: value.lowercased()) else {
                let allowed = Logger.Level.allCases.map(\.rawValue).joined(separator: ", ")
                throw ConfigurationError(setting: source, message: "\(source) must be one of \(allowed), not '\(value)'")
            }
            configuration.logLevel = level
        }
        if let (value, source) = pick(flags.maxBodySize, "--max-body-size", "MOBILE_OPS_MAX_BODY_BYTES") {
            guard let bytes = Int(value), bytes >= 1024 else {
                throw ConfigurationError(setting: source, message: "\(source) must be a byte count of at least 1024, not '\(value)'")
            }
            configuration.maxBodySize = bytes
        }
        if let value = environment["MOBILE_OPS_MAX_ARTIFACT_BYTES"], !value.isEmpty {
            guard let bytes = Int64(value), bytes >= 1024 else {
                throw ConfigurationError(setting: "MOBILE_OPS_MAX_ARTIFACT_BYTES", message: "MOBILE_OPS_MAX_ARTIFACT_BYTES must be a byte count of at least 1024, not '\(value)'")
            }
            configuration.maxArtifactSize = bytes
        }
        configuration.secretsKey = try SecretsKeySetting.resolve(environment: environment)
        configuration.artifacts = try ArtifactLocation.resolve(environment: environment)
        configuration.cache = try CacheConfiguration.resolve(environment: environment)
        if let (value, source) = pick(flags.leaseSeconds, "--lease-seconds", "MOBILE_OPS_LEASE_SECONDS") {
            guard let seconds = Double(value), seconds >= 1, seconds <= 3600 else {
                throw ConfigurationError(setting: source, message: "\(source) must be a number of seconds from 1 to 3600, not '\(value)'")
            }
            configuration.leaseSeconds = seconds
        }
        try resolveConnectionLimits(into: &configuration, environment: environment)
        return configuration
    }

    /// The limits on slow and hostile clients, from environment variables only.
    private static func resolveConnectionLimits(into configuration: inout ServerConfiguration, environment: [String: String]) throws(ConfigurationError) {
        func seconds(_ variable: String) throws(ConfigurationError) -> Double? {
            guard let value = environment[variable], !value.isEmpty else { return nil }
            guard let seconds = Double(value), seconds >= 0.1, seconds <= 3600 else {
                throw ConfigurationError(setting: variable, message: "\(variable) must be a number of seconds from 0.1 to 3600, not '\(value)'")
            }
            return seconds
        }
        if let value = try seconds("MOBILE_OPS_HEADER_TIMEOUT_SECONDS") { configuration.headerTimeoutSeconds = value }
        if let value = try seconds("MOBILE_OPS_IDLE_TIMEOUT_SECONDS") { configuration.idleTimeoutSeconds = value }
        if let value = try seconds("MOBILE_OPS_CLUSTER_POLL_SECONDS") { configuration.clusterPollSeconds = value }
        if let value = try seconds("MOBILE_OPS_UNAUTHENTICATED_BODY_SECONDS") { configuration.unauthenticatedBodySeconds = value }
        func count(_ variable: String, in range: ClosedRange<Int>) throws(ConfigurationError) -> Int? {
            guard let value = environment[variable], !value.isEmpty else { return nil }
            guard let count = Int(value), range.contains(count) else {
                let bound = range.upperBound == .max ? "of at least \(range.lowerBound)" : "from \(range.lowerBound) to \(range.upperBound)"
                throw ConfigurationError(setting: variable, message: "\(variable) must be a whole number \(bound), not '\(value)'")
            }
            return count
        }
        if let value = try count("MOBILE_OPS_MAX_CONNECTIONS", in: 1...Int.max) { configuration.maxConnections = value }
        if let value = try count("MOBILE_OPS_UNAUTHENTICATED_CONNECTIONS_PERCENT", in: 1...100) { configuration.unauthenticatedConnectionsPercent = value }
        if let value = try count("MOBILE_OPS_MAX_LOG_FOLLOWERS_PER_TOKEN", in: 1...Int.max) { configuration.maxLogFollowersPerToken = value }
    }
}
