import Core
import Foundation
import Logging
import MemberwiseInit
import Store

/// Agent registration tokens and agent identities.
///
/// An admin creates a registration token (`mor_…`); an agent trades it for its own token
/// (`moa_…`) when it registers. Registering again under the same name with the same
/// registration token takes the agent's row back (a restart); an agent that stops says so
/// (`POST /agent/stop`). Revoking a registration token disconnects every agent that
/// registered with it: their tokens stop working at once.
@MemberwiseInit(.public)
public final class AgentAuthService: Sendable {
    private let store: any AgentStore
    private let leaseSeconds: Double
    private let clock: any TimeSource

    // MARK: Registration tokens

    /// Issues a registration token; its value is returned once.
    public func createRegistrationToken(name: String, actor: String) async throws(StoreError) -> (token: RegistrationToken, value: String) {
        let value = TokenValue.generate(prefix: "mor")
        let token = try await store.createRegistrationToken(
            id: value.id, name: name, secretHash: value.hash,
            audit: AuditEvent(occurredAt: clock.now, actor: actor, action: "agent_token.create", subject: "agent_token:\(value.id)", detail: name)
        )
        return (token, value.text)
    }

    /// All registration tokens, without values.
    public func registrationTokens() async throws(StoreError) -> [RegistrationToken] {
        try await store.registrationTokens()
    }

    /// Revokes a registration token and disconnects its agents.
    public func revokeRegistrationToken(id: String, actor: String) async throws(StoreError) -> RegistrationToken {
        try await store.revokeRegistrationToken(id: id, audit: AuditEvent(occurredAt: clock.now, actor: actor, action: "agent_token.revoke", subject: "agent_token:\(id)"))
    }

    /// The agents registered with a registration token.
    public func agentIDs(registeredWith tokenID: String) async throws(StoreError) -> [Int64] {
        try await store.agentIDs(registeredWith: tokenID)
    }

    // MARK: Agents

    /// Removes an offline or revoked agent from every list.
    public func removeAgent(id: Int64, actor: String) async throws(StoreError) -> Agent {
        try await store.removeAgent(id: id, audit: AuditEvent(occurredAt: clock.now, actor: actor, action: "agent.remove", subject: "agent:\(id)"))
    }

    /// Checks a registration token without registering anything, so that the HTTP layer can
    /// refuse a caller without one before reading (and judging) the request body.
    /// - Throws: `ServiceError` 401 for an unknown or revoked registration token.
    public func checkRegistrationToken(_ text: String) async throws {
        _ = try await registrationToken(text)
    }

    /// Registers an agent presenting a registration token.
    /// - Throws: `ServiceError` 401 for an unknown or revoked registration token.
    public func register(_ registration: AgentRegistration, registrationToken text: String) async throws -> AgentRegistered {
        let value = try await registrationToken(text)
        let name = registration.name.trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty, name.count <= 100 else {
            throw ServiceError.badRequest("name must be 1 to 100 characters", code: "invalid_name")
        }
        guard (1...64).contains(registration.slots) else {
            throw ServiceError.badRequest("slots must be between 1 and 64", code: "invalid_slots")
        }
        let agentToken = TokenValue.generate(prefix: "moa")
        let agent: Agent
        do {
            // The same name and registration token take the agent's row back (see `AgentTakeover`).
            agent = try await store.registerAgent(
                AgentRegistration(name: name, tags: registration.tags, slots: registration.slots, hostname: registration.hostname, version: registration.version),
                registrationTokenID: value.id, tokenID: agentToken.id, secretHash: agentToken.hash, now: clock.now)
        } catch StoreError.conflict(let message) {
            throw ServiceError.conflict(code: "agent_name_in_use", message)
        }
        return AgentRegistered(agentID: agent.id, token: agentToken.text, leaseSeconds: leaseSeconds)
    }

    /// The parsed registration token, when it is one of ours and active.
    private func registrationToken(_ text: String) async throws -> TokenValue {
        guard let value = TokenValue(parsing: text, prefix: "mor"),
              let stored = try await store.activeRegistrationTokenHash(id: value.id),
              TokenValue.constantTimeEquals(value.hash, stored)
        else {
            throw ServiceError.unauthorized("the registration token is unknown or revoked; create one with 'mobile-ops agents tokens create'")
        }
        return value
    }

    /// The agent calling, from its bearer token.
    /// - Throws: `ServiceError` 401 when the token is missing, unknown or its agent was revoked.
    public func agent(bearerToken: String?) async throws -> Agent {
        guard let value = bearerToken.flatMap({ TokenValue(parsing: $0, prefix: "moa") }),
              let (agent, stored) = try await store.agentCredentials(tokenID: value.id),
              TokenValue.constantTimeEquals(value.hash, stored)
        else {
            throw ServiceError.unauthorized("this endpoint needs an agent token (moa_…), from POST /api/v1/agents/register")
        }
        return agent
    }

    /// Records that the agent is alive (it polled), so pending reasons count it as connected.
    public func touch(_ agent: Agent) async throws(StoreError) {
        try await store.touchAgent(id: agent.id, now: clock.now)
    }

    /// Every agent with its current jobs.
    public func agents() async throws(StoreError) -> [Agent] {
        try await store.agents()
    }
}
