import Foundation
import Logging
import PostgresNIO
@testable import Store
@testable import StorePostgres

extension PostgresScratchDatabase {
    /// Every row of every table, each in PostgreSQL's text form of a row (a `bytea` column as
    /// `\x` and lowercase hex), one per line: for tests that look for what must never be stored.
    public func everyRowAsText() async throws -> String {
        let logger = Logger(label: "test.postgres")
        let location = try PostgresLocation(url: url, setting: "scratch database")
        let connection = try await PostgresConnection.connect(configuration: try location.connectionConfiguration(), id: 2, logger: logger)
        do {
            var tables: [String] = []
            let rows = try await connection.query(
                "SELECT table_name::text FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'",
                logger: logger)
            for try await table in rows.decode(String.self) { tables.append(table) }
            var text = ""
            for table in tables.sorted() {
                let lines = try await connection.query(PostgresQuery(unsafeSQL: "SELECT t::text FROM \(table) t"), logger: logger)
                for try await line in lines.decode(String.self) { text += "\(table): \(line)\n" }
            }
            try await connection.close()
            return text
        } catch {
            try? await connection.close()
            throw error
        }
    }
}
