/// Why the store refused to open or to write.
///
/// Start-up errors (`notADatabase`, `newerSchema`, `foreignDatabase`) are raised before
/// anything is written, so the file a user pointed us at is left exactly as it was.
public enum StoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The folder for the database file could not be created.
    case cannotCreateDirectory(path: String, reason: String)
    /// The file exists but is not an SQLite database.
    case notADatabase(path: String)
    /// The file is an SQLite database that MobileOps did not create.
    case foreignDatabase(path: String)
    /// The database was migrated by a newer MobileOps than this binary.
    case newerSchema(path: String, unknownMigrations: [String])
    /// A unique value (such as a repository name) is already taken.
    case conflict(String)
    /// The record does not exist.
    case notFound(String)
    /// The job is not held by the agent asking (given away after a lost lease, or finished).
    case jobNotHeld(jobID: Int64)
    /// Another process (a second server) has the database file open.
    case databaseInUse(path: String)
    /// Revoking this token would leave no active admin token: nobody could manage tokens.
    case lastAdminToken(id: String)
    /// The disk holding the database (or the artifacts beside it) has no space left, so the
    /// write was refused whole; reads still work, and writes work again once space is freed.
    /// The text says what was being written and what failed, for the log.
    case storageFull(String)
    /// The PostgreSQL server does not answer, or refuses the connection (credentials, TLS).
    case unreachable(location: String, reason: String)
    /// Any other database failure, with the database's message.
    case database(String)

    /// One line a person can act on.
    public var description: String {
        switch self {
        case let .cannotCreateDirectory(path, reason):
            "cannot create the database folder \(path): \(reason)"
        case let .notADatabase(path):
            "\(path) is not an SQLite database; point --database (MOBILE_OPS_DATABASE) at a MobileOps database or at a new path"
        case let .foreignDatabase(path):
            "\(path) is an SQLite database that MobileOps did not create; refusing to modify it. Use a new path"
        case let .newerSchema(path, unknown):
            "\(path) was written by a newer MobileOps (unknown migrations: \(unknown.joined(separator: ", "))); upgrade this server or use another database"
        case let .jobNotHeld(jobID):
            "job \(jobID) is not held by this agent; stop working on it"
        case let .databaseInUse(path):
            "\(path) is in use by another MobileOps server process (it holds \(path).lock); stop that server, or point --database (MOBILE_OPS_DATABASE) at another file"
        case let .lastAdminToken(id):
            "token \(id) is the last active admin token; create another admin token before revoking it"
        case let .storageFull(detail):
            "no space left on the disk holding the database (\(detail)); free space there or grow it: writes are refused until then, reads keep working"
        case let .unreachable(location, reason):
            "cannot reach PostgreSQL at \(location): \(reason); check that it runs and the URL in --database (MOBILE_OPS_DATABASE)"
        case let .conflict(message), let .notFound(message), let .database(message):
            message
        }
    }
}

extension StoreError {
    /// Installing token `id` as the bootstrap admin token was refused: it was revoked, and a
    /// revocation stands (the same rule and words on every backend).
    package static func revokedToken(id: String) -> StoreError {
        .conflict("token \(id) was revoked, and a revoked token is never made active again")
    }
}
