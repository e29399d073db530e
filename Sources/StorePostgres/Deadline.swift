import Core
import Store

/// Runs `operation` in a task of its own and answers its result, or throws `DeadlinePassed`
/// once `limit` has passed, without waiting any longer for it (the operation is cancelled).
///
/// A statement on a connection whose server went away can wait forever, and postgres-nio
/// does not stop it on cancellation; a caller that must keep going (the leader lease, which
/// must notice the loss to stop trusting the lease and to let the server shut down) leaves
/// it behind: it ends once its connection is closed.
func within<T: Sendable>(_ limit: Duration, _ operation: @escaping @Sendable () async throws -> T) async throws -> T {
    let answer = OneAnswer<T>()
    let work = Task {
        do {
            answer.give(.success(try await operation()))
        } catch {
            answer.give(.failure(error))
        }
    }
    let timer = Task {
        try? await Task.sleep(for: limit)
        answer.give(.failure(DeadlinePassed(limit: limit)))
    }
    // Whatever wins, the work is asked to stop (a queued pool lease is withdrawn; a hung
    // statement ignores it and ends with its connection) and the timer is not left running.
    defer {
        work.cancel()
        timer.cancel()
    }
    return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { continuation in answer.wait(continuation) }
    } onCancel: {
        answer.give(.failure(CancellationError()))
    }
}

/// The time allowed to `within` ran out.
struct DeadlinePassed: Error, CustomStringConvertible {
    let limit: Duration
    var description: String { "no answer within \(limit)" }
}
