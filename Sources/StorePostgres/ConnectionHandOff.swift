import PostgresNIO
import Store
import Synchronization

/// One pooled connection passed from the task that leased it to the task that uses it, and
/// back: the leasing task keeps the lease open until the connection is given back.
///
/// Exactly one of "the connection arrived" and "the wait was given up" wins, so a connection
/// granted at the last moment is either used or returned at once, never lost or cut.
final class ConnectionHandOff: Sendable {
    private enum State {
        /// Neither side has arrived.
        case empty
        /// The user waits for a connection.
        case borrowerWaiting(CheckedContinuation<PostgresConnection, any Error>)
        /// The connection came first; the leasing task waits for its return.
        case offered(PostgresConnection, CheckedContinuation<Void, Never>)
        /// The user has it; the leasing task waits for its return.
        case lent(CheckedContinuation<Void, Never>)
        /// The wait was given up (timeout, cancellation, a failed lease).
        case abandoned(any Error)
        /// The connection went back.
        case returned
    }

    private let state = Mutex<State>(.empty)

    /// The user's side: the connection, once leased.
    /// - Throws: Why the wait was given up.
    func borrow() async throws -> PostgresConnection {
        try await withCheckedThrowingContinuation { borrower in
            let answer: Result<PostgresConnection, any Error>? = state.withLock { state in
                switch state {
                case .empty:
                    state = .borrowerWaiting(borrower)
                    return nil
                case let .offered(connection, lender):
                    state = .lent(lender)
                    return .success(connection)
                case let .abandoned(error):
                    return .failure(error)
                case .borrowerWaiting, .lent, .returned:
                    return .failure(StoreError.database("a connection was borrowed twice"))
                }
            }
            if let answer { borrower.resume(with: answer) }
        }
    }

    /// The leasing task's side: offers `connection` and waits until it is given back (at once
    /// when the wait was already given up). Not cancellable: the lease must outlive the use.
    func lend(_ connection: PostgresConnection) async {
        await withCheckedContinuation { lender in
            let (borrower, giveBackNow): (CheckedContinuation<PostgresConnection, any Error>?, Bool) = state.withLock { state in
                switch state {
                case .empty:
                    state = .offered(connection, lender)
                    return (nil, false)
                case let .borrowerWaiting(borrower):
                    state = .lent(lender)
                    return (borrower, false)
                case .abandoned, .offered, .lent, .returned:
                    return (nil, true)
                }
            }
            borrower?.resume(returning: connection)
            if giveBackNow { lender.resume() }
        }
    }

    /// Gives the wait up with `error`, unless the connection has already arrived.
    /// - Returns: Whether the wait was given up (the lease should then be withdrawn).
    @discardableResult
    func giveUp(_ error: any Error) -> Bool {
        let (gaveUp, borrower): (Bool, CheckedContinuation<PostgresConnection, any Error>?) = state.withLock { state in
            switch state {
            case .empty:
                state = .abandoned(error)
                return (true, nil)
            case let .borrowerWaiting(borrower):
                state = .abandoned(error)
                return (true, borrower)
            case .offered, .lent, .abandoned, .returned:
                return (false, nil)
            }
        }
        borrower?.resume(throwing: error)
        return gaveUp
    }

    /// The user is done: the leasing task returns the connection to the pool.
    func giveBack() {
        let lender: CheckedContinuation<Void, Never>? = state.withLock { state in
            guard case let .lent(lender) = state else { return nil }
            state = .returned
            return lender
        }
        lender?.resume()
    }
}
