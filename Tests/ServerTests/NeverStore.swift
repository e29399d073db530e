import Core
import Store

/// A repository store for graphs that are never built; every call fails.
struct NeverStore: RepositoryStore {
    func createRepository(name: String, provider: GitProvider, cloneURL: String, defaultBranch: String, webhookSecret: String, audit: AuditEvent) throws(StoreError) -> Repository {
        throw .database("never")
    }
    func repositories() throws(StoreError) -> [Repository] { throw .database("never") }
    func repository(id: Int64) throws(StoreError) -> Repository? { throw .database("never") }
    func repository(named name: String) throws(StoreError) -> Repository? { throw .database("never") }
    func webhookSecret(repositoryID: Int64) throws(StoreError) -> String? { throw .database("never") }
    func rotateWebhookSecret(repositoryID: Int64, secret: String, audit: AuditEvent) throws(StoreError) -> Repository { throw .database("never") }
    func removeRepository(id: Int64, audit: AuditEvent) throws(StoreError) -> Repository { throw .database("never") }
}
