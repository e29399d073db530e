import Core
import Foundation
import Logging
import MemberwiseInit
import Secrets
import Store

/// Repository secrets: set, listed and removed by admins, sealed with AES-256-GCM under the
/// server's secrets key before they reach the store, and handed to the jobs whose step lists
/// them when their build may have them (`SecretPolicy`).
///
/// No value ever leaves through a listing, an error, an audit event or a log line: only
/// names, scopes, sizes and fingerprints do.
public final class SecretService: Sendable {
    /// The largest value, in bytes: a keystore, a `.p12`, a provisioning profile.
    public static let maximumSize = 1 << 20
    /// The largest environment-variable value, in bytes; larger values must be files (an
    /// environment string is limited to 128 KiB on Linux, and every child process inherits it).
    public static let maximumEnvironmentSize = 64 << 10
    /// What a value shorter than this risks: masking it in logs is weak.
    public static let shortValueLength = 8

    let store: any SecretStore
    /// The secrets key; nil when none is configured (nothing can be set then).
    let key: SecretKey?
    let clock: any TimeSource
    let logger: Logger
    /// The second masking pass over running jobs' logs.
    let masks: JobLogMasks

    /// Creates the service.
    public init(store: any SecretStore, key: SecretKey?, clock: any TimeSource, logger: Logger, masks: JobLogMasks = JobLogMasks()) {
        self.store = store
        self.key = key
        self.clock = clock
        self.logger = logger
        self.masks = masks
    }

    /// What an admin sends to set a secret.
    @MemberwiseInit(.public)
    public struct Input: Sendable {
        /// The value's bytes.
        public var value: [UInt8]
        /// How jobs receive it.
        public var kind: JobSecrets.Kind
        /// The one pipeline that may have it; nil for all.
        public var pipeline: String?
        /// Branch patterns; nil for every branch.
        public var branches: [String]?
        /// Whether same-repository pull requests may have it.
        public var pullRequests: Bool = false
    }

    /// What a stored secret's sealed value is bound to: its repository, pipeline and name, so
    /// a sealed value moved to another row does not open there.
    public static func context(repositoryID: Int64, pipeline: String?, name: String) -> String {
        "repository:\(repositoryID)/pipeline:\(pipeline ?? "*")/name:\(name)"
    }

    /// Seals and stores a secret, replacing the one of the same repository, name and pipeline.
    /// - Throws: `ServiceError` 400 for a bad name, scope or value, 409
    ///   `secrets_key_not_configured` without a key and `secrets_key_mismatch` when stored
    ///   secrets were sealed under another key; `StoreError.notFound` for an unknown repository.
    public func set(repositoryID: Int64, name: String, input: Input, actor: String) async throws -> (secret: RepositorySecret, created: Bool) {
        guard let key else {
            throw ServiceError.conflict(code: "secrets_key_not_configured", """
                this server has no secrets key, so it cannot store secrets: set MOBILE_OPS_SECRETS_KEY (32 bytes as base64 or hex, \
                e.g. from 'openssl rand -base64 32') or MOBILE_OPS_SECRETS_KEY_FILE, the same on every server, and restart
                """)
        }
        let scope = try Self.validated(name: name, input: input)
        // A replica started with another key before any secret was stored passed the start-up
        // check; sealing under its key now would leave secrets no other server can open.
        let others = try await store.secretKeyFingerprints().keys.filter { $0 != key.fingerprint }.sorted()
        guard others.isEmpty else {
            throw ServiceError.conflict(code: "secrets_key_mismatch", """
                this server's secrets key is \(key.fingerprint), but stored secrets were sealed under key \(others.joined(separator: ", ")): \
                nothing was stored; every server must have the same key (MOBILE_OPS_SECRETS_KEY or MOBILE_OPS_SECRETS_KEY_FILE): \
                restart this one with the key the others have
                """)
        }
        let context = Self.context(repositoryID: repositoryID, pipeline: scope.pipeline, name: name)
        let sealed = try SecretBox(key: key).seal(input.value, context: context)
        let now = clock.now
        let fingerprint = key.valueFingerprint(of: input.value)
        let row = StoredSecret(
            repositoryID: repositoryID, name: name, pipeline: scope.pipeline, branches: scope.branches, pullRequests: input.pullRequests,
            kind: input.kind, sealed: sealed, keyFingerprint: key.fingerprint, valueFingerprint: fingerprint, size: input.value.count,
            createdAt: now, createdBy: actor, updatedAt: now, updatedBy: actor)
        let detail = "\(name) \(Self.describe(row)), \(input.kind.rawValue), \(input.value.count) bytes, fingerprint \(fingerprint)"
        let (stored, created) = try await store.saveSecret(
            row, audit: AuditEvent(occurredAt: now, actor: actor, action: "secret.set", subject: "repository:\(repositoryID)", detail: detail))
        logger.info("secret set", metadata: ["repository": "\(repositoryID)", "name": "\(name)", "size": "\(input.value.count)"])
        return (stored.listing, created)
    }

    /// A repository's secrets: names, scopes, sizes and fingerprints, never values.
    public func list(repositoryID: Int64) async throws(StoreError) -> [RepositorySecret] {
        try await store.secrets(repositoryID: repositoryID).map(\.listing)
    }

    /// Removes a repository's secret: the only one of `name`, or the one of `pipeline` (`*`
    /// for the one every pipeline shares).
    /// - Throws: `StoreError.notFound`, or `.conflict` when several share the name and no
    ///   pipeline is named.
    public func remove(repositoryID: Int64, name: String, pipeline: String?, actor: String) async throws -> [RepositorySecret] {
        if let problem = SecretName.problem(name) { throw ServiceError.badRequest(problem, code: "invalid_secret_name") }
        let selection: SecretSelection = switch pipeline {
        case nil: .only
        case "*"?: .everyPipeline
        case let named?: .pipeline(named)
        }
        let scope = pipeline.map { $0 == "*" ? "every pipeline" : "pipeline \($0)" } ?? "its only scope"
        let removed = try await store.removeSecrets(
            repositoryID: repositoryID, name: name, selection: selection,
            audit: AuditEvent(occurredAt: clock.now, actor: actor, action: "secret.remove", subject: "repository:\(repositoryID)", detail: "\(name) (\(scope))"))
        logger.info("secret removed", metadata: ["repository": "\(repositoryID)", "name": "\(name)"])
        return removed.map(\.listing)
    }

    /// A row's scope in words, for audit events.
    static func describe(_ row: StoredSecret) -> String {
        let pipeline = row.pipeline.map { "pipeline \($0)" } ?? "every pipeline"
        let branches = row.branches.map { "branches \($0.joined(separator: ", "))" } ?? "every branch"
        return "(\(pipeline), \(branches), pull requests \(row.pullRequests ? "yes" : "no"))"
    }

    /// The scope checked: a pipeline name (not `*`, which names the shared one in removals),
    /// branch patterns without commas or blanks, a value the kind can carry.
    static func validated(name: String, input: Input) throws(ServiceError) -> (pipeline: String?, branches: [String]?) {
        if let problem = SecretName.problem(name) { throw .badRequest(problem, code: "invalid_secret_name") }
        guard !input.value.isEmpty else { throw .badRequest("value must not be empty", code: "invalid_value") }
        if input.kind == .env {
            guard !input.value.contains(0), Array(String(decoding: input.value, as: UTF8.self).utf8) == input.value else {
                throw .badRequest("an env secret must be UTF-8 text without NUL bytes; store a binary value with kind file", code: "invalid_value")
            }
        }
        var pipeline: String?
        if let given = input.pipeline {
            let trimmed = given.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty, trimmed.count <= 200, trimmed != "*", !trimmed.contains(where: \.isNewline) else {
                throw .badRequest("pipeline must be a pipeline's name (1 to 200 characters, not '*'); leave it out for every pipeline", code: "invalid_scope")
            }
            pipeline = trimmed
        }
        var branches: [String]?
        if let given = input.branches {
            let patterns = given.map { $0.trimmingCharacters(in: .whitespaces) }
            guard !patterns.isEmpty else {
                throw .badRequest("branches must not be an empty list; leave it out for every branch", code: "invalid_scope")
            }
            for pattern in patterns where pattern.isEmpty || pattern.count > 200 || pattern.contains(",") || pattern.contains(where: \.isWhitespace) {
                throw .badRequest("each branch pattern must be 1 to 200 characters without commas or blanks, e.g. main or release/*; found \"\(pattern.prefix(200))\"", code: "invalid_scope")
            }
            branches = patterns
        }
        return (pipeline, branches)
    }
}
