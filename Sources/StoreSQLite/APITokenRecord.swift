import Core
import Foundation
import GRDB
import Store

/// The `apiToken` table row: a token's public part and the hash of its secret.
struct APITokenRecord: Codable, FetchableRecord, StoredDateColumns, PersistableRecord, Sendable {
    static let databaseTableName = "apiToken"

    var id: String
    var name: String
    /// Comma-separated `TokenScope` raw values.
    var scopes: String
    /// Hex SHA-256 of the whole token value.
    var secretHash: String
    /// Whether this is the admin token the server made or was configured with at start.
    var isBootstrap: Bool
    var createdAt: Date
    var revokedAt: Date?

    var token: APIToken {
        APIToken(
            id: id,
            name: name,
            scopes: scopes.split(separator: ",").compactMap { TokenScope(rawValue: String($0)) },
            createdAt: createdAt,
            revokedAt: revokedAt
        )
    }
}
