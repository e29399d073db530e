import Core
import Foundation
import GRDB
import Store

extension AppDatabase: AgentStore {
    // MARK: Registration tokens

    /// Stores a registration token's hash.
    public func createRegistrationToken(id: String, name: String, secretHash: String, audit: AuditEvent) async throws(StoreError) -> RegistrationToken {
        try await write { db in
            try db.execute(
                sql: "INSERT INTO agentRegistrationToken (id, name, secretHash, createdAt) VALUES (?, ?, ?, ?)",
                arguments: [id, name, secretHash, StoredDate(audit.occurredAt)]
            )
            _ = try AuditEventRecord(audit).inserted(db)
            return try Self.registrationToken(id: id, in: db)
        }
    }

    /// All registration tokens, newest first.
    public func registrationTokens() async throws(StoreError) -> [RegistrationToken] {
        try await read { db in
            try Row.fetchAll(db, sql: "SELECT id, name, createdAt, revokedAt FROM agentRegistrationToken ORDER BY createdAt DESC, id")
                .map { RegistrationToken(id: $0["id"], name: $0["name"], createdAt: $0[date: "createdAt"], revokedAt: $0[optionalDate: "revokedAt"]) }
        }
    }

    /// The token's stored hash, if it exists and is not revoked.
    public func activeRegistrationTokenHash(id: String) async throws(StoreError) -> String? {
        try await read { db in
            try String.fetchOne(db, sql: "SELECT secretHash FROM agentRegistrationToken WHERE id = ? AND revokedAt IS NULL", arguments: [id])
        }
    }

    /// Revokes a registration token and disconnects every agent registered with it.
    public func revokeRegistrationToken(id: String, audit: AuditEvent) async throws(StoreError) -> RegistrationToken {
        try await write { db in
            _ = try Self.registrationToken(id: id, in: db)
            try db.execute(sql: "UPDATE agentRegistrationToken SET revokedAt = COALESCE(revokedAt, ?) WHERE id = ?", arguments: [StoredDate(audit.occurredAt), id])
            try db.execute(sql: "UPDATE agent SET state = 'revoked' WHERE registrationTokenID = ?", arguments: [id])
            _ = try AuditEventRecord(audit).inserted(db)
            return try Self.registrationToken(id: id, in: db)
        }
    }

    /// The agents registered with a registration token, revoked or not.
    public func agentIDs(registeredWith tokenID: String) async throws(StoreError) -> [Int64] {
        try await read { db in try Int64.fetchAll(db, sql: "SELECT id FROM agent WHERE registrationTokenID = ?", arguments: [tokenID]) }
    }

    private static func registrationToken(id: String, in db: Database) throws -> RegistrationToken {
        guard let row = try Row.fetchOne(db, sql: "SELECT id, name, createdAt, revokedAt FROM agentRegistrationToken WHERE id = ?", arguments: [id]) else {
            throw StoreError.notFound("no agent registration token with id \(id)")
        }
        return RegistrationToken(id: row["id"], name: row["name"], createdAt: row[date: "createdAt"], revokedAt: row[optionalDate: "revokedAt"])
    }

    // MARK: Agents

    /// Stores a newly registered agent, or gives an agent registering again (same name, same
    /// registration token, not online) its row back with the new token, tags and slots.
    /// - Throws: `StoreError.conflict` while that agent is online (another process uses the name).
    public func registerAgent(_ registration: AgentRegistration, registrationTokenID: String, tokenID: String, secretHash: String, now: Date) async throws(StoreError) -> Agent {
        try await write { db in
            let existing = try AgentRecord
                .filter(Column("name") == registration.name && Column("registrationTokenID") == registrationTokenID)
                .filter(["connected", "stopped"].contains(Column("state")))
                .order(Column("id").desc).fetchOne(db)
            if var record = existing {
                let held = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM job WHERE agentID = ? AND state IN ('assigned', 'running')", arguments: [record.id]) ?? 0
                try AgentTakeover.check(
                    record.agent(runningJobs: []), presence: AgentPresence.of(
                        storedState: record.state, lastSeenAt: record.lastSeenAt, heldJobs: held, now: now, window: presenceWindow))
                record.tags = try StoreJSON.encode(registration.tags)
                record.slots = registration.slots
                record.hostname = registration.hostname
                record.version = registration.version
                record.tokenID = tokenID
                record.secretHash = secretHash
                record.state = "connected"
                record.lastSeenAt = now
                try record.update(db)
                return record.agent(runningJobs: [])
            }
            var record = AgentRecord(
                id: nil, name: registration.name, tags: try StoreJSON.encode(registration.tags), slots: registration.slots,
                tokenID: tokenID, secretHash: secretHash, registrationTokenID: registrationTokenID,
                hostname: registration.hostname, version: registration.version, state: "connected",
                lastSeenAt: now, createdAt: now
            )
            try record.insert(db)
            return record.agent(runningJobs: [])
        }
    }

    /// The agent behind a token id with its secret hash, if connected.
    public func agentCredentials(tokenID: String) async throws(StoreError) -> (agent: Agent, secretHash: String)? {
        try await read { db in
            guard let record = try AgentRecord.filter(Column("tokenID") == tokenID && Column("state") == "connected").fetchOne(db) else {
                return nil
            }
            return (record.agent(runningJobs: []), record.secretHash)
        }
    }

    /// Records that the agent was heard from.
    public func touchAgent(id: Int64, now: Date) async throws(StoreError) {
        try await write { db in try db.execute(sql: "UPDATE agent SET lastSeenAt = ? WHERE id = ?", arguments: [StoredDate(now), id]) }
    }

    /// Marks the agent removed unless it is online (the check and the change in one
    /// transaction). Its row stays, so finished jobs still name the agent that ran them.
    public func removeAgent(id: Int64, audit: AuditEvent) async throws(StoreError) -> Agent {
        try await write { db in
            guard var record = try AgentRecord.fetchOne(db, key: id), record.state != "removed" else {
                throw StoreError.notFound("no agent with id \(id)")
            }
            let held = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM job WHERE agentID = ? AND state IN ('assigned', 'running')", arguments: [id]) ?? 0
            let presence = AgentPresence.of(
                storedState: record.state, lastSeenAt: record.lastSeenAt, heldJobs: held, now: audit.occurredAt, window: presenceWindow)
            guard !presence.isOnline else {
                throw StoreError.conflict("agent \(record.name) is \(presence.rawValue); stop it (or revoke its registration token) first")
            }
            record.state = "removed"
            try record.update(db)
            _ = try AuditEventRecord(audit).inserted(db)
            return record.agent(runningJobs: [])
        }
    }

    /// Every agent with the jobs it holds.
    public func agents() async throws(StoreError) -> [Agent] {
        try await read { db in
            let held = try Row.fetchAll(db, sql: "SELECT agentID, id FROM job WHERE state IN ('assigned', 'running') AND agentID IS NOT NULL")
            var jobsByAgent: [Int64: [Int64]] = [:]
            for row in held { jobsByAgent[row["agentID"], default: []].append(row["id"]) }
            let now = clock.now
            return try AgentRecord.filter(Column("state") != "removed").order(Column("id")).fetchAll(db).map { record in
                let jobs = jobsByAgent[record.id ?? 0] ?? []
                var agent = record.agent(runningJobs: jobs)
                agent.state = AgentPresence.of(
                    storedState: record.state, lastSeenAt: record.lastSeenAt, heldJobs: jobs.count, now: now, window: presenceWindow).rawValue
                return agent
            }
        }
    }
}
