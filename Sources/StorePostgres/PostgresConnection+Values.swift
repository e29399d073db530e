import Logging
import PostgresNIO
import Store

extension PostgresConnection {
    /// The first column of every row `query` returns, decoded as `T`.
    package func values<T: PostgresDecodable & Sendable>(_ query: PostgresQuery, as type: T.Type, logger: Logger) async throws -> [T] {
        let rows: PostgresRowSequence = try await self.query(query, logger: logger)
        var values: [T] = []
        for try await value in rows.decode(T.self) { values.append(value) }
        return values
    }

    /// The first column of the first row, or nil when there is none.
    package func value<T: PostgresDecodable & Sendable>(_ query: PostgresQuery, as type: T.Type, logger: Logger) async throws -> T? {
        try await values(query, as: type, logger: logger).first
    }

    /// Runs a statement and drops whatever it returns.
    package func run(_ query: PostgresQuery, logger: Logger) async throws {
        let rows: PostgresRowSequence = try await self.query(query, logger: logger)
        for try await _ in rows {}
    }
}
