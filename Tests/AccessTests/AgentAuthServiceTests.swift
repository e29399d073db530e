@testable import Access
import Core
import Foundation
import Store
import StoreSQLite
import Testing

/// Agents trade a registration token for their own token; revoking the registration token
/// disconnects every agent that registered with it.
@Suite("Agent registration and identity")
struct AgentAuthServiceTests {
    /// A service over a fresh database file, removed afterwards.
    static func withService(_ body: (AgentAuthService) async throws -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("access-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = try AppDatabase.open(path: folder.appendingPathComponent("db.sqlite").path)
        try await body(AgentAuthService(store: database, leaseSeconds: 42, clock: ManualClock(at: Date(timeIntervalSince1970: 1_700_000_000))))
    }

    @Test("a registration token registers an agent, whose own token then identifies it; the lease is told to it")
    func registerAndIdentify() async throws {
        try await Self.withService { service in
            let created = try await service.createRegistrationToken(name: "mac-fleet", actor: "admin")
            #expect(created.value.hasPrefix("mor_"))
            let registered = try await service.register(AgentRegistration(name: "mac-mini-07", tags: ["platform": "ios"], slots: 2), registrationToken: created.value)
            #expect(registered.token.hasPrefix("moa_"))
            #expect(registered.leaseSeconds == 42)
            let agent = try await service.agent(bearerToken: registered.token)
            #expect(agent.id == registered.agentID)
            #expect(agent.name == "mac-mini-07")
        }
    }

    @Test("unknown, malformed, missing and revoked tokens are refused as unauthenticated")
    func refusals() async throws {
        try await Self.withService { service in
            let created = try await service.createRegistrationToken(name: "linux-fleet", actor: "admin")
            let registration = AgentRegistration(name: "builder-1", tags: [:], slots: 1)
            let registered = try await service.register(registration, registrationToken: created.value)

            for token in [nil, "", "moa_nope", "mo_abc_" + String(repeating: "0", count: 64), registered.token + "x", created.value] {
                #expect(await Self.refusal { _ = try await service.agent(bearerToken: token) } == .unauthenticated, "token \(token ?? "nil")")
            }
            // An agent token is not a registration token.
            #expect(await Self.refusal { _ = try await service.register(registration, registrationToken: registered.token) } == .unauthenticated)

            _ = try await service.revokeRegistrationToken(id: created.token.id, actor: "admin")
            #expect(await Self.refusal { _ = try await service.agent(bearerToken: registered.token) } == .unauthenticated)
            #expect(await Self.refusal { _ = try await service.register(registration, registrationToken: created.value) } == .unauthenticated)
        }
    }

    @Test("a blank name or slots outside 1…64 are the caller's bad input", arguments: [("  ", 1), ("builder", 0), ("builder", 65)])
    func badRegistration(name: String, slots: Int) async throws {
        try await Self.withService { service in
            let created = try await service.createRegistrationToken(name: "fleet", actor: "admin")
            #expect(await Self.refusal { _ = try await service.register(AgentRegistration(name: name, tags: [:], slots: slots), registrationToken: created.value) } == .invalidInput)
        }
    }

    /// The kind of `ServiceError` `body` threw; nil when it succeeded or threw something else.
    static func refusal(_ body: () async throws -> Void) async -> ServiceError.Kind? {
        do { try await body() } catch let error as ServiceError { return error.kind } catch { return nil }
        return nil
    }
}
