import Core
import Foundation
import Store

/// Registers and looks up repositories.
public final class RepositoryService: Sendable {
    private let store: any RepositoryStore

    /// Creates the service over a repository store.
    public init(store: any RepositoryStore) {
        self.store = store
    }

    /// Validates and stores a repository; returns it with its webhook secret (shown once).
    ///
    /// - Throws: `ValidationFailure` for bad input, `StoreError.conflict` for a taken name.
    public func create(_ draft: RepositoryDraft, actor: String) throws -> (repository: Repository, webhookSecret: String) {
        let valid = try draft.validated()
        let secret = valid.webhookSecret ?? Self.generateSecret()
        let repository = try store.createRepository(
            name: valid.name, provider: valid.provider, cloneURL: valid.cloneURL,
            defaultBranch: valid.defaultBranch, webhookSecret: secret,
            audit: AuditEvent(actor: actor, action: "repository.create", subject: "repository", detail: valid.name)
        )
        return (repository, secret)
    }

    /// All repositories.
    public func list() throws(StoreError) -> [Repository] {
        try store.repositories()
    }

    /// One repository by id.
    /// - Throws: `StoreError.notFound` when there is none.
    public func repository(id: Int64) throws(StoreError) -> Repository {
        guard let repository = try store.repository(id: id) else {
            throw StoreError.notFound("no repository with id \(id)")
        }
        return repository
    }

    /// 32 random bytes, hex: what git hosts accept as a webhook secret.
    private static func generateSecret() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<32).map { _ in String(format: "%02x", UInt8.random(in: .min ... .max, using: &generator)) }.joined()
    }
}
