import Core
import Foundation
import TestSupport
import Testing
@testable import Store

/// Agents and registration tokens through `AgentStore`, on every backend.
@Suite("Agents in the store")
struct AgentStoreTests {
    private func audit(_ action: String, at date: Date = DateShift.now) -> AuditEvent {
        AuditEvent(occurredAt: date, actor: "tester", action: action, subject: "agent")
    }

    private func register(_ name: String, token: String, with registration: String, in database: any AgentStore, now: Date = DateShift.now) async throws -> Agent {
        try await database.registerAgent(
            AgentRegistration(name: name, tags: ["platform": "ios", "xcode": "16.2"], slots: 2, hostname: "\(name).local", version: "1.0"),
            registrationTokenID: registration, tokenID: token, secretHash: "hash-\(token)", now: now)
    }

    @Test("a registration token is listed without its value; its hash is found while it is active", arguments: StoreBackend.available)
    func registrationTokens(_ backend: StoreBackend) async throws {
        try await backend.withFreshStore { store async throws in
            let database = store.database
            let created = try await database.createRegistrationToken(id: "r1", name: "mac fleet", secretHash: "h1", audit: audit("agent_token.create"))
            #expect(created.name == "mac fleet")
            #expect(created.revokedAt == nil)
            #expect(try await database.registrationTokens() == [created])
            #expect(try await database.activeRegistrationTokenHash(id: "r1") == "h1")
            #expect(try await database.activeRegistrationTokenHash(id: "nope") == nil)
            #expect(try await database.auditEvents(limit: 5).map(\.action) == ["agent_token.create"])
        }
    }

    @Test("an agent registers, is found by its token while connected, and revoking its registration token disconnects it", arguments: StoreBackend.available)
    func registerAndRevoke(_ backend: StoreBackend) async throws {
        try await backend.withFreshStore { store async throws in
            let database = store.database
            _ = try await database.createRegistrationToken(id: "r1", name: "fleet", secretHash: "h1", audit: audit("agent_token.create"))
            let agent = try await register("mac-1", token: "t1", with: "r1", in: database)
            #expect(agent.tags == ["platform": "ios", "xcode": "16.2"])
            #expect(agent.slots == 2 && agent.hostname == "mac-1.local" && agent.version == "1.0")
            let found = try #require(try await database.agentCredentials(tokenID: "t1"))
            #expect(found.agent.id == agent.id && found.secretHash == "hash-t1")
            #expect(try await database.agentIDs(registeredWith: "r1") == [agent.id])

            let revoked = try await database.revokeRegistrationToken(id: "r1", audit: audit("agent_token.revoke"))
            #expect(revoked.revokedAt != nil)
            #expect(try await database.activeRegistrationTokenHash(id: "r1") == nil)
            #expect(try await database.agentCredentials(tokenID: "t1") == nil, "a revoked agent's token no longer identifies it")
            #expect(try await database.agents().map(\.state) == ["revoked"])
            await #expect(throws: StoreError.notFound("no agent registration token with id zz")) {
                try await database.revokeRegistrationToken(id: "zz", audit: audit("agent_token.revoke"))
            }
        }
    }

    @Test("an agent heard from within the window is online and cannot be removed; once silent it can, and is listed no more", arguments: StoreBackend.available)
    func presenceAndRemoval(_ backend: StoreBackend) async throws {
        try await backend.withFreshStore(presenceWindow: 60) { store async throws in
            let database = store.database
            let now = DateShift.now
            _ = try await database.createRegistrationToken(id: "r1", name: "fleet", secretHash: "h1", audit: audit("agent_token.create"))
            let agent = try await register("mac-1", token: "t1", with: "r1", in: database, now: now)
            await #expect(throws: StoreError.self) { try await database.removeAgent(id: agent.id, audit: audit("agent.remove", at: now)) }

            try await database.touchAgent(id: agent.id, now: now.addingTimeInterval(-3_600))
            let removed = try await database.removeAgent(id: agent.id, audit: audit("agent.remove", at: now))
            #expect(removed.id == agent.id && removed.state == "removed")
            #expect(try await database.agents().isEmpty)
            await #expect(throws: StoreError.notFound("no agent with id \(agent.id)")) {
                try await database.removeAgent(id: agent.id, audit: audit("agent.remove", at: now))
            }
        }
    }
}

extension AgentStoreTests {
    @Test("registering again with the same name and registration token takes the row back (same id, new token) unless that agent is online; another token's agent gets its own row", arguments: StoreBackend.available)
    func registeringAgain(_ backend: StoreBackend) async throws {
        try await backend.withFreshStore(presenceWindow: 60) { store async throws in
            let database = store.database
            let now = DateShift.now
            _ = try await database.createRegistrationToken(id: "r1", name: "fleet", secretHash: "h1", audit: AuditEvent(occurredAt: now, actor: "t", action: "a", subject: "s"))
            _ = try await database.createRegistrationToken(id: "r2", name: "other", secretHash: "h2", audit: AuditEvent(occurredAt: now, actor: "t", action: "a", subject: "s"))
            let first = try await database.registerAgent(AgentRegistration(name: "mac-1", tags: ["xcode": "16.2"], slots: 1), registrationTokenID: "r1", tokenID: "t1", secretHash: "s1", now: now)

            await #expect(throws: StoreError.self, "a second process under an online agent's name is refused") {
                try await database.registerAgent(AgentRegistration(name: "mac-1", tags: [:], slots: 1), registrationTokenID: "r1", tokenID: "t2", secretHash: "s2", now: now)
            }
            _ = try await database.stopAgent(id: first.id, now: now)
            let again = try await database.registerAgent(
                AgentRegistration(name: "mac-1", tags: ["xcode": "16.3"], slots: 2, hostname: "mac-1.local"), registrationTokenID: "r1", tokenID: "t2", secretHash: "s2", now: now)
            #expect(again.id == first.id && again.tags == ["xcode": "16.3"] && again.slots == 2 && again.hostname == "mac-1.local")
            #expect(try await database.agentCredentials(tokenID: "t2")?.agent.id == first.id)
            #expect(try await database.agentCredentials(tokenID: "t1") == nil, "the old token is replaced")

            // Crashed (never said it stopped): its name is free once it has been silent for the lease.
            try await database.touchAgent(id: first.id, now: now.addingTimeInterval(-120))
            let afterCrash = try await database.registerAgent(AgentRegistration(name: "mac-1", tags: [:], slots: 1), registrationTokenID: "r1", tokenID: "t3", secretHash: "s3", now: now)
            #expect(afterCrash.id == first.id)

            let stranger = try await database.registerAgent(AgentRegistration(name: "mac-1", tags: [:], slots: 1), registrationTokenID: "r2", tokenID: "t4", secretHash: "s4", now: now)
            #expect(stranger.id != first.id, "another registration token's agent never takes the name's row")
            #expect(try await database.agents().map(\.id) == [first.id, stranger.id])
        }
    }
}
