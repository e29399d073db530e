import Core
import Foundation
import Secrets
import Store

// MARK: - The key: the start-up check and rotation

extension SecretService {
    /// Why a server must not start with `key` over `store`: secrets are stored and no key is
    /// configured, or they were sealed under another key (both named by fingerprint, never
    /// shown). Nil when it may.
    public static func startupProblem(key: SecretKey?, store: any SecretStore) async throws(StoreError) -> String? {
        let counts = try await store.secretKeyFingerprints()
        guard !counts.isEmpty else { return nil }
        let stored = counts.sorted { $0.key < $1.key }.map { "\($0.key) (\($0.value) secret\($0.value == 1 ? "" : "s"))" }.joined(separator: ", ")
        guard let key else {
            return """
                secrets are stored, sealed under key \(stored), and no secrets key is configured: set MOBILE_OPS_SECRETS_KEY \
                or MOBILE_OPS_SECRETS_KEY_FILE to the key they were sealed with (every server shares one key)
                """
        }
        guard counts.keys.allSatisfy({ $0 == key.fingerprint }) else {
            return """
                the configured secrets key is \(key.fingerprint), but stored secrets were sealed under key \(stored): configure \
                the key they were sealed with (MOBILE_OPS_SECRETS_KEY or MOBILE_OPS_SECRETS_KEY_FILE), or re-seal them with \
                'mobile-ops-server rotate-secrets-key' under the key they were sealed with
                """
        }
        return nil
    }

    /// Re-seals every stored secret under `newKey`, each with a fresh nonce, in one
    /// transaction: a secret that does not open with `oldKey` stops it and changes nothing.
    /// - Returns: The number of secrets re-sealed.
    /// - Throws: `ServiceError` 409 `wrong_secrets_key` when rows were sealed under another
    ///   key than `oldKey`; `SecretError` for a row that does not open; `StoreError`.
    public static func rotate(store: any SecretStore, from oldKey: SecretKey, to newKey: SecretKey, at now: Date) async throws -> Int {
        let counts = try await store.secretKeyFingerprints()
        let others = counts.keys.filter { $0 != oldKey.fingerprint }.sorted()
        guard others.isEmpty else {
            throw ServiceError.conflict(code: "wrong_secrets_key", """
                stored secrets were sealed under key \(others.joined(separator: ", ")), not under the configured key \
                \(oldKey.fingerprint): nothing was changed; configure the key they were sealed with
                """)
        }
        let audit = AuditEvent(
            occurredAt: now, actor: "system", action: "secrets.rotate_key", subject: "secrets",
            detail: "re-sealed under key \(newKey.fingerprint), were under \(oldKey.fingerprint)")
        return try await store.resealSecrets(audit: audit) { row in
            let context = context(repositoryID: row.repositoryID, pipeline: row.pipeline, name: row.name)
            let value = try SecretBox(key: oldKey).open(row.sealed, context: context)
            return ResealedSecret(
                sealed: try SecretBox(key: newKey).seal(value, context: context), keyFingerprint: newKey.fingerprint,
                valueFingerprint: newKey.valueFingerprint(of: value))
        }
    }
}
