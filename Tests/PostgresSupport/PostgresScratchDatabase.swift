import Foundation
import Logging
import PostgresNIO
@testable import Store
@testable import StorePostgres

/// A database of its own on the test PostgreSQL server, made from `template0` for one test
/// and dropped after it, so tests never see each other's rows.
public struct PostgresScratchDatabase: Sendable {
    /// The new database's URL.
    public let url: String
    /// Its name.
    public let name: String
    /// The server's maintenance database.
    let maintenance: PostgresLocation

    /// The URL of the test server's maintenance database, from `MOBILE_OPS_TEST_POSTGRES_URL`
    /// (`make test` starts a throwaway server and sets it); nil when no server was given.
    public static var serverURL: String? {
        ProcessInfo.processInfo.environment["MOBILE_OPS_TEST_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Creates an empty database named after a fresh UUID.
    public static func create() async throws -> PostgresScratchDatabase {
        guard let url = serverURL else { throw StoreError.database("MOBILE_OPS_TEST_POSTGRES_URL is not set") }
        let maintenance = try PostgresLocation(url: url, setting: "MOBILE_OPS_TEST_POSTGRES_URL")
        let name = "mobile_ops_test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        try await run("CREATE DATABASE \(name) TEMPLATE template0", on: maintenance)
        var location = maintenance
        location.database = name
        let scratchURL = "postgres://\(location.username)@\(location.host):\(location.port)/\(name)?sslmode=\(location.tls.rawValue)"
        return PostgresScratchDatabase(url: scratchURL, name: name, maintenance: maintenance)
    }

    /// Drops the database, closing whatever still holds it.
    public func drop() async throws {
        try await Self.run("DROP DATABASE IF EXISTS \(name) WITH (FORCE)", on: maintenance)
    }

    /// Runs one statement on a connection of its own to `location`.
    private static func run(_ sql: String, on location: PostgresLocation) async throws {
        let logger = Logger(label: "test.postgres")
        let connection = try await PostgresConnection.connect(configuration: try location.connectionConfiguration(), id: 1, logger: logger)
        do {
            try await connection.query(PostgresQuery(unsafeSQL: sql), logger: logger)
        } catch {
            try? await connection.close()
            throw error
        }
        try await connection.close()
    }
}
