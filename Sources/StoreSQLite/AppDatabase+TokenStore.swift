import Core
import Foundation
import GRDB
import Store

extension AppDatabase: TokenStore {
    /// Stores a new token and its audit event in one transaction.
    public func createToken(id: String, name: String, scopes: [TokenScope], secretHash: String, audit: AuditEvent) async throws(StoreError) -> APIToken {
        try await write { db in
            let record = APITokenRecord(
                id: id, name: name, scopes: scopes.map(\.rawValue).joined(separator: ","),
                secretHash: secretHash, isBootstrap: false, createdAt: audit.occurredAt, revokedAt: nil
            )
            try record.insert(db)
            _ = try AuditEventRecord(audit).inserted(db)
            return try Self.storedToken(id: id, in: db)
        }
    }

    /// Reads a token back as stored, so callers see dates at the store's precision (ms).
    private static func storedToken(id: String, in db: Database) throws -> APIToken {
        guard let record = try APITokenRecord.fetchOne(db, key: id) else {
            throw StoreError.notFound("no token with id \(id)")
        }
        return record.token
    }

    /// The token and its stored hash, by public id.
    public func tokenCredentials(id: String) async throws(StoreError) -> (token: APIToken, secretHash: String)? {
        try await read { db in
            try APITokenRecord.fetchOne(db, key: id).map { ($0.token, $0.secretHash) }
        }
    }

    /// All tokens, newest first, without secrets.
    public func tokens() async throws(StoreError) -> [APIToken] {
        try await read { db in
            try APITokenRecord.order(Column("createdAt").desc, Column("id")).fetchAll(db).map(\.token)
        }
    }

    /// Marks a token revoked; revoking twice keeps the first revocation time.
    public func revokeToken(id: String, audit: AuditEvent) async throws(StoreError) -> APIToken {
        try await write { db in
            guard var record = try APITokenRecord.fetchOne(db, key: id) else {
                throw StoreError.notFound("no token with id \(id)")
            }
            if record.revokedAt == nil {
                // Checked in the same transaction as the revoke: two admins revoking each
                // other's tokens at once cannot both succeed and leave none.
                if record.token.scopes.grant(.admin) {
                    let others = try APITokenRecord.filter(Column("revokedAt") == nil && Column("id") != id).fetchAll(db)
                    guard others.contains(where: { $0.token.scopes.grant(.admin) }) else { throw StoreError.lastAdminToken(id: id) }
                }
                record.revokedAt = audit.occurredAt
                try record.update(db)
                _ = try AuditEventRecord(audit).inserted(db)
            }
            return try Self.storedToken(id: id, in: db)
        }
    }

    /// Makes sure the bootstrap admin token is exactly the one given, replacing an older one.
    /// - Throws: `StoreError.conflict` when the token was revoked: a revocation stands.
    public func installBootstrapToken(id: String, secretHash: String, audit: AuditEvent) async throws(StoreError) -> Bool {
        try await write { db in
            if try APITokenRecord.filter(Column("id") == id && Column("revokedAt") != nil).fetchCount(db) > 0 {
                throw StoreError.revokedToken(id: id)
            }
            let current = try APITokenRecord.filter(Column("isBootstrap") == true && Column("revokedAt") == nil).fetchAll(db)
            if current.count == 1, current[0].secretHash == secretHash { return false }
            for var old in current {
                old.revokedAt = audit.occurredAt
                try old.update(db)
            }
            let record = APITokenRecord(
                id: id, name: "bootstrap-admin", scopes: TokenScope.admin.rawValue, secretHash: secretHash,
                isBootstrap: true, createdAt: audit.occurredAt, revokedAt: nil
            )
            try record.insert(db)
            _ = try AuditEventRecord(audit).inserted(db)
            return true
        }
    }

    /// Whether any active token holds the admin scope.
    public func hasActiveAdminToken() async throws(StoreError) -> Bool {
        try await read { db in
            try APITokenRecord.filter(Column("revokedAt") == nil).fetchAll(db)
                .contains { $0.token.scopes.grant(.admin) }
        }
    }
}
