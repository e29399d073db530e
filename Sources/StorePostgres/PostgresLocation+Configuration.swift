import PostgresNIO
import Store

/// What postgres-nio needs from a ``PostgresLocation``: the pool's and one connection's
/// configuration, with the TLS the URL's `sslmode` asked for. Kept here so that `Store`
/// reads a database URL without linking postgres-nio.
extension PostgresLocation {
    /// The pool's configuration.
    var clientConfiguration: PostgresClient.Configuration {
        var configuration = PostgresClient.Configuration(
            host: host, port: port, username: username, password: password, database: database, tls: clientTLS)
        configuration.options.maximumConnections = poolSize
        configuration.options.connectTimeout = .seconds(connectTimeoutSeconds)
        // Every pooled connection starts with the statement timeout and UTC, so no query can
        // hold a connection forever and `timestamptz` text never depends on the server's zone.
        configuration.options.additionalStartupParameters = [
            ("statement_timeout", "\(statementTimeoutSeconds * 1_000)"), ("TimeZone", "UTC"),
        ]
        return configuration
    }

    /// One connection's configuration (the check and migrations at start).
    /// - Throws: when the TLS context cannot be made.
    func connectionConfiguration() throws -> PostgresConnection.Configuration {
        let tls: PostgresConnection.Configuration.TLS
        switch self.tls {
        case .disable: tls = .disable
        case .prefer: tls = .prefer(try NIOSSLContext(configuration: tlsConfiguration))
        case .require, .verifyFull: tls = .require(try NIOSSLContext(configuration: tlsConfiguration))
        }
        var configuration = PostgresConnection.Configuration(
            host: host, port: port, username: username, password: password, database: database, tls: tls)
        configuration.options.connectTimeout = .seconds(Int64(connectTimeoutSeconds))
        configuration.options.additionalStartupParameters = [("TimeZone", "UTC")]
        return configuration
    }

    private var tlsConfiguration: TLSConfiguration {
        var configuration = TLSConfiguration.makeClientConfiguration()
        if tls != .verifyFull { configuration.certificateVerification = .none }
        return configuration
    }

    private var clientTLS: PostgresClient.Configuration.TLS {
        switch tls {
        case .disable: .disable
        case .prefer: .prefer(tlsConfiguration)
        case .require, .verifyFull: .require(tlsConfiguration)
        }
    }
}
