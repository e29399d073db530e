import Core
import Foundation
import PostgresNIO
import Store

extension PostgresAppDatabase: TokenStore {
    /// Stores a new token and its audit event in one transaction.
    public func createToken(id: String, name: String, scopes: [TokenScope], secretHash: String, audit: AuditEvent) async throws(StoreError) -> APIToken {
        try await write { connection in
            let scopeList = scopes.map(\.rawValue).joined(separator: ",")
            try await connection.run(
                """
                INSERT INTO api_token (id, name, scopes, secret_hash, is_bootstrap, created_at)
                VALUES (\(id), \(name), \(scopeList), \(secretHash), false, \(PostgresTime.stored(audit.occurredAt)))
                """, logger: self.logger
            )
            try await self.insertAudit(audit, on: connection)
            guard let stored = try await self.tokenRows(where: "id = $1", id, on: connection).first else {
                throw StoreError.database("inserted token \(id) could not be read back")
            }
            return stored.token
        }
    }

    /// The token and its stored hash, by public id (revoked tokens included).
    public func tokenCredentials(id: String) async throws(StoreError) -> (token: APIToken, secretHash: String)? {
        let rows = try await readStatement { connection in try await self.tokenRows(where: "id = $1", id, on: connection) }
        return rows.first.map { ($0.token, $0.secretHash) }
    }

    /// All tokens, newest first, without secrets.
    public func tokens() async throws(StoreError) -> [APIToken] {
        try await read { connection in
            try await self.tokenRows(where: "true", order: "created_at DESC, id", on: connection).map(\.token)
        }
    }

    /// Marks a token revoked; revoking twice keeps the first revocation time. The check that
    /// another admin token stays active runs with every active token locked, so two admins
    /// revoking each other's tokens at once cannot both succeed and leave none.
    public func revokeToken(id: String, audit: AuditEvent) async throws(StoreError) -> APIToken {
        try await write { connection in
            guard let row = try await self.tokenRows(where: "id = $1", id, lock: true, on: connection).first else {
                throw StoreError.notFound("no token with id \(id)")
            }
            guard row.token.revokedAt == nil else { return row.token }
            if row.token.scopes.grant(.admin) {
                let others = try await self.tokenRows(where: "revoked_at IS NULL AND id <> $1", id, lock: true, on: connection)
                guard others.contains(where: { $0.token.scopes.grant(.admin) }) else { throw StoreError.lastAdminToken(id: id) }
            }
            try await connection.run(
                "UPDATE api_token SET revoked_at = \(PostgresTime.stored(audit.occurredAt)) WHERE id = \(id)", logger: self.logger
            )
            try await self.insertAudit(audit, on: connection)
            return try await self.tokenRows(where: "id = $1", id, on: connection).first?.token ?? row.token
        }
    }

    /// Makes sure the bootstrap admin token is exactly the one given, replacing an older one.
    /// - Throws: `StoreError.conflict` when the token was revoked: a revocation stands.
    public func installBootstrapToken(id: String, secretHash: String, audit: AuditEvent) async throws(StoreError) -> Bool {
        let now = PostgresTime.stored(audit.occurredAt)
        return try await write { connection in
            if try await self.tokenRows(where: "id = $1 AND revoked_at IS NOT NULL", id, on: connection).isEmpty == false {
                throw StoreError.revokedToken(id: id)
            }
            let current = try await self.tokenRows(where: "is_bootstrap AND revoked_at IS NULL", lock: true, on: connection)
            if current.count == 1, current[0].secretHash == secretHash { return false }
            try await connection.run(
                "UPDATE api_token SET revoked_at = \(now) WHERE is_bootstrap AND revoked_at IS NULL", logger: self.logger
            )
            try await connection.run(
                """
                INSERT INTO api_token (id, name, scopes, secret_hash, is_bootstrap, created_at)
                VALUES (\(id), 'bootstrap-admin', \(TokenScope.admin.rawValue), \(secretHash), true, \(now))
                """, logger: self.logger
            )
            try await self.insertAudit(audit, on: connection)
            return true
        }
    }

    /// Whether any active token holds the admin scope.
    public func hasActiveAdminToken() async throws(StoreError) -> Bool {
        try await read { connection in
            try await self.tokenRows(where: "revoked_at IS NULL", on: connection).contains { $0.token.scopes.grant(.admin) }
        }
    }

    // MARK: Rows

    /// Tokens matching `condition` (SQL over `api_token`, with `$1` bound to `argument`), each
    /// with its hash; locked for the transaction when `lock` is set.
    private func tokenRows(
        where condition: String, _ argument: String? = nil, order: String = "id", lock: Bool = false, on connection: PostgresConnection
    ) async throws -> [(token: APIToken, secretHash: String)] {
        var bindings = PostgresBindings()
        if let argument { bindings.append(argument) }
        let sql = "SELECT id, name, scopes, secret_hash, created_at, revoked_at FROM api_token WHERE \(condition) ORDER BY \(order)" + (lock ? " FOR UPDATE" : "")
        let rows = try await connection.boundedQuery(PostgresQuery(unsafeSQL: sql, binds: bindings), logger: logger)
        var tokens: [(token: APIToken, secretHash: String)] = []
        for try await (id, name, scopes, secretHash, createdAt, revokedAt) in rows.decode((String, String, String, String, Date, Date?).self) {
            let parsed = scopes.split(separator: ",").compactMap { TokenScope(rawValue: String($0)) }
            tokens.append((APIToken(id: id, name: name, scopes: parsed, createdAt: createdAt, revokedAt: revokedAt), secretHash))
        }
        return tokens
    }
}
