import Core
import Crypto
import Foundation
import Logging
import Store
import Synchronization

/// Issues, checks and revokes API tokens.
///
/// Checking happens on every request, so verified tokens are cached in memory by the hash
/// of their value; revoking through this service evicts them at once, here and (through the
/// cluster signals) on every other server sharing the database. Failed look-ups are
/// never cached, so random guesses cannot grow the cache.
public final class TokenService: Sendable {
    private let store: any TokenStore
    private let clock: any TimeSource
    private let logger: Logger
    /// Verified tokens by the SHA-256 of their value (the digest's bytes, so a hit costs one
    /// hash and no hex). Bounded: cleared wholesale when it outgrows `cacheLimit`.
    private let verified = Mutex<[DigestKey: Identity]>([:])
    private let cacheLimit = 10_000
    /// Where a revocation is announced to the other servers sharing the database.
    private let signals: any ClusterSignals

    /// Creates the service over a token store; revocations are announced through `signals`.
    public init(store: any TokenStore, clock: any TimeSource, logger: Logger, signals: any ClusterSignals = SingleServerSignals()) {
        self.store = store
        self.clock = clock
        self.logger = logger
        self.signals = signals
    }

    /// Forgets every verified token (another server revoked one); the next check of each
    /// token reads the store.
    public func forgetVerified() {
        verified.withLock { $0.removeAll() }
    }

    // MARK: Checking

    /// The identity behind a bearer token, or nil when the token is unknown or revoked.
    public func authenticate(bearer text: String) async throws(StoreError) -> Identity? {
        let parsed = TokenValue(parsing: text)
        guard parsed != nil || Self.mayBeConfigured(text) else { return nil }
        // Every request with a token lands here: one SHA-256 of it, and the hex the store
        // compares only when the cache does not know it.
        let digest = SHA256.hash(data: Array(text.utf8))
        let key = DigestKey(digest)
        if let cached = verified.withLock({ $0[key] }) { return cached }
        let hash = digest.withUnsafeBytes { Hex.encode($0) }
        let value = parsed ?? TokenValue.configured(text, hash: hash)
        guard let (token, storedHash) = try await store.tokenCredentials(id: value.id),
              token.isActive, TokenValue.constantTimeEquals(hash, storedHash)
        else { return nil }
        let identity = Identity(tokenID: token.id, name: token.name, scopes: token.scopes)
        verified.withLock { cache in
            if cache.count >= cacheLimit { cache.removeAll(keepingCapacity: true) }
            cache[key] = identity
        }
        return identity
    }

    /// The identity behind a bearer token this server has verified already and not seen
    /// revoked; nil for any other, which only ``authenticate(bearer:)`` can tell apart. Never
    /// waits: the build cache's shortcut asks it on an event loop.
    public func verifiedIdentity(bearer text: String) -> Identity? {
        // Only what `authenticate` accepted is in the cache, so no shape check is needed here.
        let key = DigestKey(SHA256.hash(data: Array(text.utf8)))
        return verified.withLock { $0[key] }
    }

    /// A SHA-256 digest as a sendable dictionary key: its 32 bytes as four words.
    private struct DigestKey: Hashable, Sendable {
        let words: (UInt64, UInt64, UInt64, UInt64)

        init(_ digest: SHA256Digest) {
            words = digest.withUnsafeBytes { bytes in
                (bytes.loadUnaligned(fromByteOffset: 0, as: UInt64.self), bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self),
                 bytes.loadUnaligned(fromByteOffset: 16, as: UInt64.self), bytes.loadUnaligned(fromByteOffset: 24, as: UInt64.self))
            }
        }

        static func == (lhs: Self, rhs: Self) -> Bool { lhs.words == rhs.words }

        func hash(into hasher: inout Hasher) {
            hasher.combine(words.0)
            hasher.combine(words.1)
            hasher.combine(words.2)
            hasher.combine(words.3)
        }
    }

    /// Operator-configured admin tokens may have any shape; their id derives from their hash.
    private static func mayBeConfigured(_ text: String) -> Bool {
        // The byte count first: it is O(1) and bounds the character count from above.
        !text.isEmpty && (text.utf8.count <= 512 || text.count <= 512)
    }

    // MARK: Managing

    /// Issues a token; its value is returned once and never stored.
    public func issue(name: String, scopes: [TokenScope], actor: String) async throws(StoreError) -> (token: APIToken, value: String) {
        let value = TokenValue.generate()
        let audit = AuditEvent(occurredAt: clock.now, actor: actor, action: "token.create", subject: "token:\(value.id)", detail: "name=\(name) scopes=\(scopes.map(\.rawValue).joined(separator: ","))")
        let token = try await store.createToken(id: value.id, name: name, scopes: scopes, secretHash: value.hash, audit: audit)
        return (token, value.text)
    }

    /// All tokens, without values.
    public func list() async throws(StoreError) -> [APIToken] {
        try await store.tokens()
    }

    /// Revokes a token; it stops working immediately.
    public func revoke(id: String, actor: String) async throws(StoreError) -> APIToken {
        let token = try await store.revokeToken(id: id, audit: AuditEvent(occurredAt: clock.now, actor: actor, action: "token.revoke", subject: "token:\(id)"))
        verified.withLock { cache in cache = cache.filter { $0.value.tokenID != id } }
        signals.publish(.tokensChanged)
        return token
    }

    // MARK: Start-up

    /// Makes sure an admin can get in, and returns a newly generated token to print once.
    ///
    /// With `configured` set, that value becomes the bootstrap admin token (replacing an
    /// earlier one), unless it was revoked: a revocation stands, and the server starts
    /// without it. Without it, a token is generated only when no active admin token exists,
    /// so restarts do not mint new ones.
    public func bootstrapAdmin(configured: String?) async throws(StoreError) -> String? {
        let now = clock.now
        let audit = { (id: String) in AuditEvent(occurredAt: now, actor: "system", action: "token.bootstrap", subject: "token:\(id)") }
        if let configured, !configured.isEmpty {
            let value = TokenValue.configured(configured)
            do {
                if try await store.installBootstrapToken(id: value.id, secretHash: value.hash, audit: audit(value.id)) {
                    logger.info("admin token from configuration installed")
                    signals.publish(.tokensChanged)
                }
            } catch .conflict(let reason) {
                // An admin revoked this token through the API; starting it again would undo
                // that, and refusing to start would take the server down over a setting.
                logger.warning("MOBILE_OPS_ADMIN_TOKEN is not installed: \(reason). Set a new value, or run `mobile-ops-server reset-admin-token`")
            }
            verified.withLock { $0.removeAll() }
            return nil
        }
        guard try await !store.hasActiveAdminToken() else { return nil }
        let value = TokenValue.generate()
        _ = try await store.installBootstrapToken(id: value.id, secretHash: value.hash, audit: audit(value.id))
        return value.text
    }

    /// Recovery for an operator locked out: a new bootstrap admin token, returned once.
    ///
    /// Earlier bootstrap tokens are revoked (one may have been printed where nobody saw it);
    /// tokens issued through the API are kept. The audit log records the reset.
    public func resetAdmin(actor: String) async throws(StoreError) -> String {
        let value = TokenValue.generate()
        let audit = AuditEvent(occurredAt: clock.now, actor: actor, action: "token.reset_admin", subject: "token:\(value.id)")
        _ = try await store.installBootstrapToken(id: value.id, secretHash: value.hash, audit: audit)
        verified.withLock { $0.removeAll() }
        signals.publish(.tokensChanged)
        return value.text
    }
}
