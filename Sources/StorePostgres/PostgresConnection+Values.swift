import Logging
import PostgresNIO
import Store

extension PostgresConnection {
    /// Runs `query` and answers its rows, as postgres-nio's `query` does, but inside a lease
    /// the wait is watched (``StatementWatch``): it ends when the connection is lost, the
    /// deadline passes or the caller is cancelled, rather than never. Store code sends every
    /// statement through here (or `values`, `value`, `run`).
    package func boundedQuery(_ query: PostgresQuery, logger: Logger) async throws -> PostgresRowSequence {
        guard let watch = StatementWatch.current else { return try await self.query(query, logger: logger) }
        return try await watch.answer(on: self) { () async throws -> PostgresRowSequence in try await self.query(query, logger: logger) }
    }

    /// The first column of every row `query` returns, decoded as `T`.
    package func values<T: PostgresDecodable & Sendable>(_ query: PostgresQuery, as type: T.Type, logger: Logger) async throws -> [T] {
        let rows = try await boundedQuery(query, logger: logger)
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
        let rows = try await boundedQuery(query, logger: logger)
        for try await _ in rows {}
    }
}
