import Core
import Foundation
import MemberwiseInit

/// Agents and the registration tokens they join with.
public protocol AgentStore: Sendable {
    /// Stores a registration token's hash; the value is shown once by the caller.
    func createRegistrationToken(id: String, name: String, secretHash: String, audit: AuditEvent) async throws(StoreError) -> RegistrationToken
    /// All registration tokens, newest first.
    func registrationTokens() async throws(StoreError) -> [RegistrationToken]
    /// The token's stored hash, if it exists and is not revoked.
    func activeRegistrationTokenHash(id: String) async throws(StoreError) -> String?
    /// Revokes a registration token and every agent registered with it, in one transaction.
    func revokeRegistrationToken(id: String, audit: AuditEvent) async throws(StoreError) -> RegistrationToken
    /// The agents registered with a registration token, revoked or not.
    func agentIDs(registeredWith tokenID: String) async throws(StoreError) -> [Int64]
    /// Stores a newly registered agent.
    func registerAgent(_ registration: AgentRegistration, registrationTokenID: String, tokenID: String, secretHash: String, now: Date) async throws(StoreError) -> Agent
    /// The agent behind a token id with its secret hash, if connected.
    func agentCredentials(tokenID: String) async throws(StoreError) -> (agent: Agent, secretHash: String)?
    /// Records that the agent was heard from.
    func touchAgent(id: Int64, now: Date) async throws(StoreError)
    /// Every agent with the jobs it holds.
    /// Removes an agent that is offline or revoked from every list (its jobs keep their history).
    /// - Throws: `StoreError.notFound`; `StoreError.conflict` while it is online.
    func removeAgent(id: Int64, audit: AuditEvent) async throws(StoreError) -> Agent
    func agents() async throws(StoreError) -> [Agent]
}

/// A registration token as listed (never its value).
@MemberwiseInit(.public)
public struct RegistrationToken: Codable, Sendable, Equatable {
    /// Public id.
    public var id: String
    /// Human label.
    public var name: String
    /// When it was made.
    public var createdAt: Date
    /// When it was revoked, if it was.
    public var revokedAt: Date?
}
