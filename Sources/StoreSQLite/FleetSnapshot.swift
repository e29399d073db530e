import Foundation
import GRDB
import Store

/// The connected agents' tags and whether each has a free slot, read once for every pending
/// job a request explains.
///
/// Pending reasons are computed when a build is read (not stored: the fleet changes far more
/// often than jobs do). Reading the fleet per job — every agent, its tags decoded, a count of
/// its jobs — made showing a build of a few jobs cost one query per agent per job; with 200
/// agents that was most of the time of creating a build.
struct FleetSnapshot {
    /// The connected agents.
    let members: [PendingJobFacts.FleetMember]

    /// Agents heard from since `seenSince` (online), with their held-job counts from one query.
    static func load(seenSince: Date, in db: Database) throws -> FleetSnapshot {
        // Plain rows of the three columns needed: decoding whole records was a tenth of the
        // time of creating a build with 200 agents connected.
        let agents = try Row.fetchAll(
            db, sql: "SELECT id, tags, slots FROM agent WHERE state = 'connected' AND lastSeenAt > ?",
            arguments: [StoredDate(seenSince)]
        )
        guard !agents.isEmpty else { return FleetSnapshot(members: []) }
        let rows = try Row.fetchAll(db, sql: """
            SELECT agentID, COUNT(*) AS held FROM job
            WHERE agentID IS NOT NULL AND state IN ('assigned', 'running') GROUP BY agentID
            """)
        var held: [Int64: Int] = [:]
        for row in rows { held[row["agentID"]] = row["held"] }
        // Fleets are mostly identical machines: decode each distinct tag set once.
        var decoded: [String: [String: String]] = [:]
        return FleetSnapshot(members: agents.map { row in
            let text: String = row["tags"]
            let tags = decoded[text] ?? AgentRecord.tagValues(text)
            decoded[text] = tags
            let id: Int64 = row["id"]
            let slots: Int = row["slots"]
            return PendingJobFacts.FleetMember(id: id, tags: tags, isBusy: (held[id] ?? 0) >= slots)
        })
    }
}
