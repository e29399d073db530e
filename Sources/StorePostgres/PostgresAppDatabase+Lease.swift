import PostgresNIO
import Store

extension PostgresAppDatabase {
    /// Runs `body` on a pooled connection, but fails with `StoreError.unreachable` when no
    /// connection comes within the URL's `connect_timeout`.
    ///
    /// `PostgresClient` queues a lease until a connection is free and, while the server is
    /// down, keeps trying to connect without failing the queue: unbounded, a request would hang
    /// for the whole outage. So a task of its own waits for the lease and lends the connection
    /// to this one, which runs `body` (in this task: the closures need not be `Sendable`); the
    /// watchdog withdraws the lease when it takes too long. Each statement `body` sends through
    /// `boundedQuery` (and `run`, `value`, `values`) is watched too (``StatementWatch``): it
    /// ends when the connection is lost, after `statement_timeout` plus `connect_timeout`, or
    /// on cancellation.
    func withBoundedConnection<T>(_ body: (PostgresConnection) async throws -> T) async throws -> T {
        let handOff = ConnectionHandOff()
        let holder = Task { [client] in
            do {
                try await client.withConnection { connection in await handOff.lend(connection) }
            } catch {
                handOff.giveUp(error)
            }
        }
        let watched = watchdog.watch(handOff, holder: holder)
        defer { watchdog.release(watched) }
        let connection = try await withTaskCancellationHandler {
            try await handOff.borrow()
        } onCancel: {
            if handOff.giveUp(CancellationError()) { holder.cancel() }
        }
        defer { handOff.giveBack() }
        return try await StatementWatch.$current.withValue(statements) {
            try await body(connection)
        }
    }

    /// Runs `body` between `begin` and COMMIT on a bounded lease; ROLLBACK when it throws.
    func withBoundedTransaction<T>(
        begin: PostgresQuery = "BEGIN",
        _ body: (PostgresConnection) async throws -> T
    ) async throws -> T {
        try await withBoundedConnection { connection in
            try await connection.run(begin, logger: logger)
            let value: T
            do {
                value = try await body(connection)
            } catch {
                // After a lost connection this is the statement that used to wait forever.
                _ = try? await connection.run("ROLLBACK", logger: logger)
                throw error
            }
            try await connection.run("COMMIT", logger: logger)
            return value
        }
    }
}
