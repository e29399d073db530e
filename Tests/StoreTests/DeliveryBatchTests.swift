import Core
import Foundation
import Testing
@testable import Store

/// Deliveries written together in one transaction (the webhook intake's group commit).
@Suite("Delivery batches in the store")
struct DeliveryBatchTests {
    /// Runs `body` against a fresh store of `backend` with one repository, and how to write
    /// a delivery for it.
    private static func withRepository(_ backend: StoreBackend, _ body: (FreshStore.Database, Int64) async throws -> Void) async throws {
        try await backend.withFreshStore { store in
            let repositoryID = try await store.database.createRepository(
                name: "acme/app", provider: .github, cloneURL: "file:///tmp/acme", defaultBranch: "main",
                webhookSecret: "secret-secret-secret", audit: AuditEvent(occurredAt: Date(timeIntervalSince1970: 1_800_000_000), actor: "t", action: "a", subject: "s")
            ).id
            try await body(store.database, repositoryID)
        }
    }

    /// One push delivery to `repositoryID` keyed `key`, with one build (of `buildRepository` when given).
    private static func write(_ key: String, to repositoryID: Int64, buildRepository: Int64? = nil) throws -> DeliveryWrite {
        let delivery = IncomingDelivery(provider: .github, key: key, event: "push", repositoryID: repositoryID, headers: ["x-github-event": "push"], body: Array(#"{"key": "\#(key)"}"#.utf8))
        let job = JobDraft(stepKey: "build", label: "Build", spec: JobSpec(commands: ["echo build"], requirements: AgentRequirements([:])))
        let draft = BuildDraft(repositoryID: buildRepository ?? repositoryID, pipeline: "ci", trigger: "push", branch: "main",
                               commitSHA: String(repeating: "b", count: 40), jobs: [job])
        return try DeliveryWrite(delivery: delivery, builds: [draft]) { id, builds in
            DeliveryAnswer(status: 202, body: "\(key):\(id):\(builds.map(String.init).joined(separator: ","))")
        }
    }

    @Test("a batch answers each delivery in order; a failing one is rolled back alone; a repeated key in the batch is a duplicate", arguments: StoreBackend.available)
    func batch(_ backend: StoreBackend) async throws {
        try await Self.withRepository(backend) { database, repositoryID in
            func write(_ key: String, buildRepository: Int64? = nil) throws -> DeliveryWrite { try Self.write(key, to: repositoryID, buildRepository: buildRepository) }
            // The third delivery's build names a repository that does not exist: its insert fails.
            let results = await database.recordDeliveries([try write("a"), try write("b"), try write("c", buildRepository: 424_242), try write("a"), try write("d")])
            #expect(results.count == 5)
            let answers = results.map { try? $0.get() }
            #expect(answers[0]?.body.hasPrefix("a:") == true)
            #expect(answers[0]?.duplicate == false)
            #expect(answers[1]?.body.hasPrefix("b:") == true)
            #expect(answers[2] == nil, "the failing delivery reports its error")
            #expect(answers[3]?.duplicate == true)
            #expect(answers[3]?.body == answers[0]?.body)
            #expect(answers[4]?.body.hasPrefix("d:") == true)

            // Everything but the failing delivery is stored, with one build each.
            await #expect(try database.deliveryAnswer(provider: .github, repositoryID: repositoryID, key: "a")?.body == answers[0]?.body)
            await #expect(try database.deliveryAnswer(provider: .github, repositoryID: repositoryID, key: "c") == nil)
            await #expect(try database.deliveryAnswer(provider: .github, repositoryID: repositoryID, key: "d")?.body == answers[4]?.body)
            let builds = try await database.builds(BuildFilter())
            #expect(builds.count == 3)
            #expect(Set(builds.map(\.number)) == [1, 2, 3])
        }
    }

    @Test("a redelivery of a key stored by an earlier batch writes nothing new", arguments: StoreBackend.available)
    func acrossBatches(_ backend: StoreBackend) async throws {
        try await Self.withRepository(backend) { database, repositoryID in
            func write(_ key: String) throws -> DeliveryWrite { try Self.write(key, to: repositoryID) }
            let first = try #require(try await database.recordDeliveries([try write("x")]).first?.get())
            let second = try #require(try await database.recordDeliveries([try write("y"), try write("x")]).last?.get())
            #expect(second.duplicate)
            #expect(second.body == first.body)
            await #expect(try database.builds(BuildFilter()).count == 2)
        }
    }
}
