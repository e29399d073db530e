import Core
import MemberwiseInit
import PostgresNIO
import Synchronization

/// Keeps every statement on a leased connection from waiting forever.
///
/// postgres-nio waits for a statement's answer with no way out, and there are three ways it
/// never comes:
/// - the server ended the session (PostgreSQL stopping, `pg_terminate_backend`) and
///   postgres-nio tore the connection down before the next statement was sent: the channel
///   drops that statement without failing it. The statement after a failure is the usual one:
///   the ROLLBACK after a statement that failed because its connection went away. The outbox,
///   waiting there from a PostgreSQL outage on, kept the server from ever shutting down
///   (issue 33);
/// - the server went silent (a stopped process, a lost network): no answer, no close;
/// - cancelling the waiting task does not stop the wait.
///
/// So a statement runs in a task of its own, and its caller waits for the first of: the
/// answer; the connection seen closed at two ticks in a row (postgres-nio fails a statement in
/// flight as the connection closes, so one still waiting a tick later never gets an answer);
/// the deadline, `statement_timeout` plus `connect_timeout` (the server's own timeout answers
/// first); or the caller's cancellation. At the deadline or on cancellation the connection is
/// closed: a statement cannot be taken back, PostgreSQL rolls back what the session had not
/// committed, and the pool replaces the connection rather than lend it mid-transaction. A
/// statement given up while its connection was already torn down stays suspended, holding
/// nothing but that closed connection.
@MemberwiseInit
final class StatementWatch: Sendable {
    private struct Pending: Sendable {
        let connection: PostgresConnection
        let deadline: ContinuousClock.Instant?
        let giveUp: @Sendable (any Error) -> Void
        /// Closed at the last tick.
        var seenClosed = false
    }

    /// The watch of the store whose connection the current task has leased: set by
    /// `withBoundedConnection` while its body runs, nil elsewhere (a statement outside a lease
    /// runs unwatched).
    @TaskLocal static var current: StatementWatch?

    private let pending = Mutex<[UInt64: Pending]>([:])
    private let nextID = Atomic<UInt64>(0)
    /// How long a statement may wait for its answer; nil for as long as it takes.
    private let limit: Duration?
    private let failure: @Sendable (String) -> any Error

    /// The answer of `statement`, sent on `connection`, or the reason it was given up.
    /// - Throws: The statement's error; `failure(…)` when the connection is lost or the deadline
    ///   passed; `CancellationError` when the caller was cancelled.
    func answer<T: Sendable>(on connection: PostgresConnection, _ statement: @escaping @Sendable () async throws -> T) async throws -> T {
        // Sent on a connection already torn down, the statement would be dropped unanswered.
        guard !connection.isClosed else { throw failure("the connection to PostgreSQL was lost") }
        // A cancelled caller sends nothing more (its ROLLBACK included): the connection closes instead.
        guard !Task.isCancelled else {
            Self.close(connection)
            throw CancellationError()
        }
        let answer = OneAnswer<T>()
        let id = nextID.add(1, ordering: .relaxed).newValue
        let entry = Pending(connection: connection, deadline: limit.map { ContinuousClock.now + $0 }, giveUp: { answer.give(.failure($0)) })
        pending.withLock { $0[id] = entry }
        defer { pending.withLock { _ = $0.removeValue(forKey: id) } }
        Task {
            do {
                answer.give(.success(try await statement()))
            } catch {
                answer.give(.failure(error))
            }
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in answer.wait(continuation) }
        } onCancel: {
            Self.close(connection)
            answer.give(.failure(CancellationError()))
        }
    }

    /// Ticks every quarter second until cancelled, giving up the statements that will not be answered.
    func run() async {
        while !Task.isCancelled {
            try? await Task.sleep(for: .milliseconds(250))
            sweep(now: .now)
        }
    }

    /// Gives up the statements past their deadline (closing their connection) and those whose
    /// connection was already closed at the last tick.
    func sweep(now: ContinuousClock.Instant) {
        let (expired, lost) = pending.withLock { pending -> ([Pending], [Pending]) in
            var expired: [Pending] = [], lost: [Pending] = []
            for (id, entry) in pending {
                if entry.connection.isClosed {
                    if entry.seenClosed {
                        lost.append(entry)
                        pending.removeValue(forKey: id)
                    } else {
                        pending[id]?.seenClosed = true
                    }
                } else if let deadline = entry.deadline, deadline <= now {
                    expired.append(entry)
                    pending.removeValue(forKey: id)
                }
            }
            return (expired, lost)
        }
        for entry in expired {
            // The caller hears why first: closing fails the waiting statement too, and that
            // failure (`clientClosedConnection`) says nothing of the deadline.
            entry.giveUp(failure("no answer within \(limit.map { "\($0)" } ?? "") (statement_timeout + connect_timeout); the connection was closed"))
            Self.close(entry.connection)
        }
        for entry in lost { entry.giveUp(failure("the connection to PostgreSQL was lost while a statement waited for its answer")) }
    }

    /// Closes `connection` without waiting: its statements fail, the pool drops it.
    private static func close(_ connection: PostgresConnection) {
        let _: EventLoopFuture<Void> = connection.close()
    }
}
