import Core
import Foundation
import PostgresNIO
import Store

extension PostgresAppDatabase: AgentStore {
    // MARK: Registration tokens

    /// Stores a registration token's hash, with its audit event.
    public func createRegistrationToken(id: String, name: String, secretHash: String, audit: AuditEvent) async throws(StoreError) -> RegistrationToken {
        try await write { connection in
            try await connection.run(
                """
                INSERT INTO agent_registration_token (id, name, secret_hash, created_at)
                VALUES (\(id), \(name), \(secretHash), \(PostgresTime.stored(audit.occurredAt)))
                """, logger: self.logger)
            try await self.insertAudit(audit, on: connection)
            return try await self.registrationToken(id: id, on: connection)
        }
    }

    /// All registration tokens, newest first.
    public func registrationTokens() async throws(StoreError) -> [RegistrationToken] {
        try await read { connection in
            try await self.registrationTokens(where: "true", nil, on: connection)
        }
    }

    /// The token's stored hash, if it exists and is not revoked.
    public func activeRegistrationTokenHash(id: String) async throws(StoreError) -> String? {
        try await readStatement { connection in
            try await connection.value(
                "SELECT secret_hash FROM agent_registration_token WHERE id = \(id) AND revoked_at IS NULL", as: String.self, logger: self.logger)
        }
    }

    /// Revokes a registration token and disconnects every agent registered with it.
    public func revokeRegistrationToken(id: String, audit: AuditEvent) async throws(StoreError) -> RegistrationToken {
        try await write { connection in
            _ = try await self.registrationToken(id: id, on: connection)
            try await connection.run(
                "UPDATE agent_registration_token SET revoked_at = COALESCE(revoked_at, \(PostgresTime.stored(audit.occurredAt))) WHERE id = \(id)",
                logger: self.logger)
            try await connection.run("UPDATE agent SET state = 'revoked' WHERE registration_token_id = \(id)", logger: self.logger)
            try await self.insertAudit(audit, on: connection)
            return try await self.registrationToken(id: id, on: connection)
        }
    }

    /// The agents registered with a registration token, revoked or not.
    public func agentIDs(registeredWith tokenID: String) async throws(StoreError) -> [Int64] {
        try await read { connection in
            try await connection.values("SELECT id FROM agent WHERE registration_token_id = \(tokenID) ORDER BY id", as: Int64.self, logger: self.logger)
        }
    }

    private func registrationToken(id: String, on connection: PostgresConnection) async throws -> RegistrationToken {
        guard let token = try await registrationTokens(where: "id = $1", id, on: connection).first else {
            throw StoreError.notFound("no agent registration token with id \(id)")
        }
        return token
    }

    private func registrationTokens(where condition: String, _ argument: String?, on connection: PostgresConnection) async throws -> [RegistrationToken] {
        var bindings = PostgresBindings()
        if let argument { bindings.append(argument) }
        let rows = try await connection.boundedQuery(PostgresQuery(
            unsafeSQL: "SELECT id, name, created_at, revoked_at FROM agent_registration_token WHERE \(condition) ORDER BY created_at DESC, id",
            binds: bindings), logger: logger)
        var tokens: [RegistrationToken] = []
        for try await (id, name, createdAt, revokedAt) in rows.decode((String, String, Date, Date?).self) {
            tokens.append(RegistrationToken(id: id, name: name, createdAt: createdAt, revokedAt: revokedAt))
        }
        return tokens
    }

    // MARK: Agents

    /// Stores a newly registered agent, or gives an agent registering again (same name, same
    /// registration token, not online) its row back with the new token, tags and slots.
    /// - Throws: `StoreError.conflict` while that agent is online (another process uses the name).
    public func registerAgent(_ registration: AgentRegistration, registrationTokenID: String, tokenID: String, secretHash: String, now: Date) async throws(StoreError) -> Agent {
        let tags = JSONText.object(registration.tags), at = PostgresTime.stored(now)
        return try await write { connection in
            let existing = try await connection.boundedQuery(
                """
                SELECT \(unescaped: Self.agentColumns) FROM agent
                WHERE name = \(registration.name) AND registration_token_id = \(registrationTokenID) AND state IN ('connected', 'stopped')
                ORDER BY id DESC LIMIT 1 FOR UPDATE
                """, logger: self.logger)
            if let holder = try await Self.agents(from: existing).first?.agent {
                let held = try await connection.value(
                    "SELECT count(*) FROM job WHERE agent_id = \(holder.id) AND state IN ('assigned', 'running')", as: Int64.self, logger: self.logger) ?? 0
                try AgentTakeover.check(holder, presence: AgentPresence.of(
                    storedState: holder.state, lastSeenAt: holder.lastSeenAt, heldJobs: Int(held), now: now, window: self.presenceWindow))
                let rows = try await connection.boundedQuery(
                    """
                    UPDATE agent SET tags = \(tags), slots = \(Int64(registration.slots)), hostname = \(registration.hostname),
                      version = \(registration.version), token_id = \(tokenID), secret_hash = \(secretHash), state = 'connected', last_seen_at = \(at)
                    WHERE id = \(holder.id)
                    RETURNING \(unescaped: Self.agentColumns)
                    """, logger: self.logger)
                guard let agent = try await Self.agents(from: rows).first?.agent else { throw StoreError.database("agent \(holder.id) could not be read back") }
                return agent
            }
            let rows = try await connection.boundedQuery(
                """
                INSERT INTO agent (name, tags, slots, token_id, secret_hash, registration_token_id, hostname, version, state, last_seen_at, created_at)
                VALUES (\(registration.name), \(tags), \(Int64(registration.slots)), \(tokenID), \(secretHash), \(registrationTokenID),
                        \(registration.hostname), \(registration.version), 'connected', \(at), \(at))
                RETURNING \(unescaped: Self.agentColumns)
                """, logger: self.logger)
            guard let agent = try await Self.agents(from: rows).first?.agent else { throw StoreError.database("inserted agent could not be read back") }
            return agent
        }
    }

    /// The agent behind a token id with its secret hash, if connected.
    public func agentCredentials(tokenID: String) async throws(StoreError) -> (agent: Agent, secretHash: String)? {
        let found = try await readStatement { connection in
            try await Self.agents(from: connection.boundedQuery(
                "SELECT \(unescaped: Self.agentColumns) FROM agent WHERE token_id = \(tokenID) AND state = 'connected'", logger: self.logger)).first
        }
        return found.map { ($0.agent, $0.secretHash) }
    }

    /// Records that the agent was heard from.
    public func touchAgent(id: Int64, now: Date) async throws(StoreError) {
        try await write { connection in
            try await connection.run("UPDATE agent SET last_seen_at = \(PostgresTime.stored(now)) WHERE id = \(id)", logger: self.logger)
        }
    }

    /// Marks the agent removed unless it is online (its row locked for the check and the change).
    /// Its row stays, so finished jobs still name the agent that ran them.
    public func removeAgent(id: Int64, audit: AuditEvent) async throws(StoreError) -> Agent {
        try await write { connection in
            let rows = try await connection.boundedQuery(
                "SELECT \(unescaped: Self.agentColumns) FROM agent WHERE id = \(id) AND state <> 'removed' FOR UPDATE", logger: self.logger)
            guard var agent = try await Self.agents(from: rows).first?.agent else { throw StoreError.notFound("no agent with id \(id)") }
            let held = try await connection.value(
                "SELECT count(*) FROM job WHERE agent_id = \(id) AND state IN ('assigned', 'running')", as: Int64.self, logger: self.logger) ?? 0
            let presence = AgentPresence.of(
                storedState: agent.state, lastSeenAt: agent.lastSeenAt, heldJobs: Int(held), now: audit.occurredAt, window: self.presenceWindow)
            guard !presence.isOnline else {
                throw StoreError.conflict("agent \(agent.name) is \(presence.rawValue); stop it (or revoke its registration token) first")
            }
            try await connection.run("UPDATE agent SET state = 'removed' WHERE id = \(id)", logger: self.logger)
            try await self.insertAudit(audit, on: connection)
            agent.state = "removed"
            return agent
        }
    }

    /// Every agent with the jobs it holds, its state as its presence now.
    public func agents() async throws(StoreError) -> [Agent] {
        let now = clock.now
        return try await read { connection in
            let held = try await connection.boundedQuery(
                "SELECT agent_id, id FROM job WHERE state IN ('assigned', 'running') AND agent_id IS NOT NULL ORDER BY id", logger: self.logger)
            var jobsByAgent: [Int64: [Int64]] = [:]
            for try await (agentID, jobID) in held.decode((Int64, Int64).self) { jobsByAgent[agentID, default: []].append(jobID) }
            let rows = try await connection.boundedQuery(
                "SELECT \(unescaped: Self.agentColumns) FROM agent WHERE state <> 'removed' ORDER BY id", logger: self.logger)
            return try await Self.agents(from: rows).map { found in
                var agent = found.agent
                agent.runningJobs = jobsByAgent[agent.id] ?? []
                agent.state = AgentPresence.of(
                    storedState: agent.state, lastSeenAt: agent.lastSeenAt, heldJobs: agent.runningJobs.count, now: now, window: self.presenceWindow
                ).rawValue
                return agent
            }
        }
    }

    // MARK: Rows

    /// The columns `agents(from:)` reads, in its order.
    static let agentColumns = "id, name, tags, slots, hostname, version, state, last_seen_at, created_at, secret_hash"

    /// Agents (no held jobs yet) with their secret hashes; tags that do not decode read as none.
    static func agents(from rows: PostgresRowSequence) async throws -> [(agent: Agent, secretHash: String)] {
        var agents: [(agent: Agent, secretHash: String)] = []
        for try await (id, name, tags, slots, hostname, version, state, lastSeenAt, createdAt, secretHash)
            in rows.decode((Int64, String, String, Int32, String?, String?, String, Date, Date, String).self) {
            let tagValues = (try? JSONDecoder().decode([String: String].self, from: Data(tags.utf8))) ?? [:]
            let agent = Agent(
                id: id, name: name, tags: tagValues, slots: Int(slots), hostname: hostname, version: version,
                state: state, lastSeenAt: lastSeenAt, createdAt: createdAt, runningJobs: [])
            agents.append((agent, secretHash))
        }
        return agents
    }
}
