import PostgresNIO
import Store

extension StoreError {
    /// A failure from PostgreSQL as the store reports it: a refusal the store itself raised
    /// inside a transaction comes out as it was; a unique violation is a conflict; a full disk
    /// is `storageFull`, as on SQLite; a lost or refused connection is `unreachable`.
    init(postgres error: any Error) {
        switch error {
        case let error as StoreError:
            self = error
        case let error as PostgresTransactionError:
            self = StoreError(postgres: error.closureError ?? error.beginError ?? error.commitError ?? error.rollbackError ?? StoreError.database("a PostgreSQL transaction failed"))
        case let error as PSQLError:
            let state = error.serverInfo?[.sqlState]
            let message = error.serverInfo?[.message] ?? Self.postgresReason(error)
            switch state {
            case "23505": self = .conflict(message)
            case "53100": self = .storageFull(message)
            case nil: self = .unreachable(location: "the configured server", reason: Self.postgresReason(error))
            default: self = .database("PostgreSQL \(state ?? ""): \(message)")
            }
        default:
            self = .database(String(describing: error))
        }
    }

    /// What went wrong, in a line: the server's message, else the client's error code.
    static func postgresReason(_ error: any Error) -> String {
        guard let error = error as? PSQLError else { return String(describing: error) }
        if let message = error.serverInfo?[.message] { return message }
        if let underlying = error.underlying { return "\(error.code): \(underlying)" }
        return "\(error.code)"
    }
}
