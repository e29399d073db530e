import Foundation
import Logging
import PostgresNIO
import PostgresSupport
@testable import Store
@testable import StorePostgres
import Testing

/// A store call whose connection PostgreSQL ended, or whose PostgreSQL stopped answering,
/// ends with an error instead of waiting forever. A server whose outbox waited on such a call
/// after a PostgreSQL outage could not shut down (issue 33): postgres-nio drops a statement
/// sent on a connection it already tore down, and never gives up on one nobody answers.
///
/// Each call is given a generous bound; past it the call counts as waiting forever (and is
/// left behind, still waiting).
@Suite(
    "PostgreSQL: statements on a lost or silent connection end", .serialized,
    .enabled(if: StoreBackend.postgresURL != nil, "needs MOBILE_OPS_TEST_POSTGRES_URL (make test sets it)")
)
struct PostgresLostConnectionTests {
    /// How a store call ended within its bound.
    enum Ending: Equatable {
        case returned
        case threw(String)
        case stillWaiting
    }

    /// The call's own error, thrown after PostgreSQL ended the session.
    struct SessionEnded: Error {}

    @Test("a transaction whose session PostgreSQL ended fails with its error: the ROLLBACK on the torn-down connection does not wait forever")
    func rollbackOnLostConnection() async throws {
        let scratch = try await PostgresScratchDatabase.create()
        let database = try await PostgresAppDatabase.open(url: scratch.url)
        let logger = database.logger
        let ending = await Self.ending(within: .seconds(30)) {
            try await database.write { (connection: PostgresConnection) async throws -> Void in
                // PostgreSQL ends the session, as its fast shutdown ends every session.
                _ = try? await connection.run("SELECT pg_terminate_backend(pg_backend_pid())", logger: logger)
                // Once postgres-nio has torn the connection down, a statement sent on it is dropped.
                try? await connection.closeFuture.get()
                throw SessionEnded()
            }
        }
        #expect(ending == .threw("\(StoreError(postgres: SessionEnded()))"))
        await database.close()
        try await scratch.drop()
    }

    @Test("a statement sent after PostgreSQL ended the session fails at once, saying the connection was lost")
    func statementOnLostConnection() async throws {
        let scratch = try await PostgresScratchDatabase.create()
        let database = try await PostgresAppDatabase.open(url: scratch.url)
        let logger = database.logger
        let ending = await Self.ending(within: .seconds(30)) {
            _ = try await database.readStatement { connection in
                _ = try? await connection.run("SELECT pg_terminate_backend(pg_backend_pid())", logger: logger)
                try? await connection.closeFuture.get()
                return try await connection.value("SELECT 1", as: Int32.self, logger: logger)
            }
        }
        guard case .threw(let message) = ending else {
            Issue.record("expected the statement to fail, got \(ending)")
            await database.close()
            try await scratch.drop()
            return
        }
        #expect(message.contains("lost"), "\(message)")
        await database.close()
        try await scratch.drop()
    }

    @Test("a store call waiting on a PostgreSQL process that stopped answering ends when it is cancelled")
    func cancelledWhileUnanswered() async throws {
        let scratch = try await PostgresScratchDatabase.create()
        let database = try await PostgresAppDatabase.open(url: scratch.url)
        let backend = StoppedBackend()
        defer { backend.resume() }
        let call = Self.writeOnStoppedBackend(database, backend)
        try await backend.waitUntilStopped()
        call.cancel()
        let ending = await Self.ending(within: .seconds(30)) { try await call.value }
        #expect(backend.isStopped)
        #expect(ending != .stillWaiting && ending != .returned, "\(ending)")
        backend.resume()
        await database.close()
        try await scratch.drop()
    }

    @Test("a statement a stopped PostgreSQL process never answers is given up after statement_timeout plus connect_timeout")
    func unansweredPastTheDeadline() async throws {
        let scratch = try await PostgresScratchDatabase.create()
        // Given up after 3 + 2 = 5 s.
        let database = try await PostgresAppDatabase.open(url: scratch.url + "&statement_timeout=3&connect_timeout=2")
        let backend = StoppedBackend()
        defer { backend.resume() }
        let call = Self.writeOnStoppedBackend(database, backend)
        try await backend.waitUntilStopped()
        let ending = await Self.ending(within: .seconds(30)) { try await call.value }
        #expect(backend.isStopped)
        guard case .threw(let message) = ending else {
            Issue.record("expected the write to fail while PostgreSQL was stopped, got \(ending)")
            backend.resume()
            await database.close()
            try await scratch.drop()
            return
        }
        #expect(message.contains("no answer within 5"), "\(message)")
        backend.resume()
        await database.close()
        try await scratch.drop()
    }

    // MARK: Helpers

    /// A write whose session's PostgreSQL process is stopped before its second statement.
    private static func writeOnStoppedBackend(_ database: PostgresAppDatabase, _ backend: StoppedBackend) -> Task<Void, any Error> {
        let logger = database.logger
        return Task {
            try await database.write { connection in
                let pid = try await connection.value("SELECT pg_backend_pid()", as: Int32.self, logger: logger) ?? 0
                try backend.stop(pid)
                try await connection.run("SELECT 1", logger: logger)
            }
        }
    }

    /// How `call` ended, or `.stillWaiting` when it had not after `limit`.
    private static func ending(within limit: Duration, _ call: @escaping @Sendable () async throws -> Void) async -> Ending {
        do {
            try await within(limit, call)
            return .returned
        } catch is DeadlinePassed {
            return .stillWaiting
        } catch {
            return .threw("\(error)")
        }
    }
}
