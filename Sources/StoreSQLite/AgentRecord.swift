import Core
import Foundation
import GRDB
import Store

/// The `agent` table row.
struct AgentRecord: Codable, FetchableRecord, StoredDateColumns, MutablePersistableRecord, Sendable {
    static let databaseTableName = "agent"

    var id: Int64?
    var name: String
    /// JSON object of tags.
    var tags: String
    var slots: Int
    /// Public id of the agent's own token.
    var tokenID: String
    var secretHash: String
    var registrationTokenID: String
    var hostname: String?
    var version: String?
    /// `connected`, `stopped` (it said so; offline), `revoked` or `removed` (hidden from every list).
    var state: String
    var lastSeenAt: Date
    var createdAt: Date

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }

    var tagValues: [String: String] { Self.tagValues(tags) }

    /// The `tags` column's JSON object; empty if it does not decode (the server wrote it).
    static func tagValues(_ json: String) -> [String: String] {
        (try? JSONDecoder().decode([String: String].self, from: Data(json.utf8))) ?? [:]
    }

    func agent(runningJobs: [Int64]) -> Agent {
        Agent(
            id: id ?? 0, name: name, tags: tagValues, slots: slots, hostname: hostname, version: version,
            state: state, lastSeenAt: lastSeenAt, createdAt: createdAt, runningJobs: runningJobs
        )
    }
}
