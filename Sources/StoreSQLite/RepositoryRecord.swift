import Core
import Foundation
import GRDB
import Store

/// The `repository` table row. Unlike `Core.Repository`, it carries the webhook secret.
struct RepositoryRecord: Codable, FetchableRecord, StoredDateColumns, MutablePersistableRecord, Sendable {
    static let databaseTableName = "repository"

    var id: Int64?
    var name: String
    var provider: String
    var cloneURL: String
    var defaultBranch: String
    var webhookSecret: String
    var createdAt: Date

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }

    /// The domain value; nil only for a row whose provider this binary does not know.
    var repository: Repository? {
        guard let id, let provider = GitProvider(rawValue: provider) else { return nil }
        return Repository(id: id, name: name, provider: provider, cloneURL: cloneURL, defaultBranch: defaultBranch, createdAt: createdAt)
    }
}
