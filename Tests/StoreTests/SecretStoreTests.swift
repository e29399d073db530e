import Core
import Foundation
import Testing
@testable import Store

/// Repository secrets (sealed values; the store never sees one in clear) and the facts a
/// job's secrets are decided from, on every backend.
@Suite("Secrets in the store")
struct SecretStoreTests {
    static let t0 = Date(timeIntervalSince1970: 1_800_000_000)

    static func audit(_ action: String, at offset: TimeInterval = 0) -> AuditEvent {
        AuditEvent(occurredAt: t0.addingTimeInterval(offset), actor: "admin-token", action: action, subject: "repository:1", detail: "KEY")
    }

    static func secret(
        _ name: String, repositoryID: Int64, pipeline: String? = nil, branches: [String]? = nil, pullRequests: Bool = false,
        sealed: [UInt8] = [1, 2, 3], key: String = "key1", at offset: TimeInterval = 0, by actor: String = "admin"
    ) -> StoredSecret {
        StoredSecret(
            repositoryID: repositoryID, name: name, pipeline: pipeline, branches: branches, pullRequests: pullRequests, kind: .env,
            sealed: sealed, keyFingerprint: key, valueFingerprint: "v-\(sealed.count)", size: sealed.count,
            createdAt: t0.addingTimeInterval(offset), createdBy: actor, updatedAt: t0.addingTimeInterval(offset), updatedBy: actor)
    }

    static func repository(_ database: FreshStore.Database, _ name: String = "acme/app") async throws -> Repository {
        try await database.createRepository(
            name: name, provider: .github, cloneURL: "https://example.com/\(name).git", defaultBranch: "main",
            webhookSecret: "secret-secret-secret", audit: audit("repository.create"))
    }

    @Test("saving again replaces value and scope but keeps id and creation; each pipeline has its own row; every change is audited", arguments: StoreBackend.available)
    func saveReplaceList(_ backend: StoreBackend) async throws {
        try await backend.withFreshStore { store async throws in
            let database = store.database
            let repository = try await Self.repository(database)
            let events = try await database.auditEvents(limit: 100).count
            let (first, created) = try await database.saveSecret(
                Self.secret("KEYSTORE", repositoryID: repository.id, branches: ["main", "release/*"]), audit: Self.audit("secret.set"))
            #expect(created)
            #expect(first.branches == ["main", "release/*"])
            #expect(first.sealed == [1, 2, 3])
            var again = Self.secret("KEYSTORE", repositoryID: repository.id, pullRequests: true, sealed: [9, 9, 9, 9], key: "key1", at: 60, by: "other")
            again.kind = .file
            let (replaced, createdAgain) = try await database.saveSecret(again, audit: Self.audit("secret.set", at: 60))
            #expect(!createdAgain)
            #expect(replaced.id == first.id)
            #expect(replaced.createdAt == Self.t0 && replaced.createdBy == "admin", "a replaced secret keeps when and by whom it was first set")
            #expect(replaced.updatedAt == Self.t0.addingTimeInterval(60) && replaced.updatedBy == "other")
            #expect(replaced.branches == nil && replaced.pullRequests && replaced.kind == .file && replaced.sealed == [9, 9, 9, 9] && replaced.size == 4)

            _ = try await database.saveSecret(Self.secret("KEYSTORE", repositoryID: repository.id, pipeline: "release"), audit: Self.audit("secret.set"))
            _ = try await database.saveSecret(Self.secret("API_TOKEN", repositoryID: repository.id), audit: Self.audit("secret.set"))
            let listed = try await database.secrets(repositoryID: repository.id)
            #expect(listed.map(\.name) == ["API_TOKEN", "KEYSTORE", "KEYSTORE"])
            #expect(listed.map(\.pipeline) == [nil, nil, "release"], "the secret every pipeline shares first")
            #expect(listed[1].listing.fingerprint == "v-4")
            #expect(try await database.auditEvents(limit: 100).count == events + 4)
            #expect(try await database.secretKeyFingerprints() == ["key1": 3])

            await #expect(throws: StoreError.notFound("no repository with id 999")) {
                try await database.saveSecret(Self.secret("X_KEY", repositoryID: 999), audit: Self.audit("secret.set"))
            }
        }
    }

    @Test("removal: the only row of a name, or the one of a pipeline; several rows without a scope are a conflict; nothing to remove is not found", arguments: StoreBackend.available)
    func removal(_ backend: StoreBackend) async throws {
        try await backend.withFreshStore { store async throws in
            let database = store.database
            let repository = try await Self.repository(database)
            _ = try await database.saveSecret(Self.secret("KEYSTORE", repositoryID: repository.id), audit: Self.audit("secret.set"))
            _ = try await database.saveSecret(Self.secret("KEYSTORE", repositoryID: repository.id, pipeline: "release"), audit: Self.audit("secret.set"))
            _ = try await database.saveSecret(Self.secret("SOLO", repositoryID: repository.id, pipeline: "nightly"), audit: Self.audit("secret.set"))
            let events = try await database.auditEvents(limit: 100).count
            await #expect(throws: StoreError.self) {
                try await database.removeSecrets(repositoryID: repository.id, name: "KEYSTORE", selection: .only, audit: Self.audit("secret.remove"))
            }
            #expect(try await database.secrets(repositoryID: repository.id).count == 3, "a refused removal removes nothing")
            #expect(try await database.auditEvents(limit: 100).count == events, "and writes no audit event")
            let removed = try await database.removeSecrets(
                repositoryID: repository.id, name: "KEYSTORE", selection: .pipeline("release"), audit: Self.audit("secret.remove"))
            #expect(removed.map(\.pipeline) == ["release"])
            #expect(try await database.removeSecrets(
                repositoryID: repository.id, name: "KEYSTORE", selection: .everyPipeline, audit: Self.audit("secret.remove")).count == 1)
            #expect(try await database.removeSecrets(
                repositoryID: repository.id, name: "SOLO", selection: .only, audit: Self.audit("secret.remove")).map(\.pipeline) == ["nightly"])
            await #expect(throws: StoreError.notFound("no secret named SOLO with that scope")) {
                try await database.removeSecrets(repositoryID: repository.id, name: "SOLO", selection: .only, audit: Self.audit("secret.remove"))
            }
            #expect(try await database.auditEvents(limit: 100).count == events + 3)
        }
    }

    @Test("re-sealing changes every row in one transaction, or none when one row is refused", arguments: StoreBackend.available)
    func reseal(_ backend: StoreBackend) async throws {
        struct Refused: Error {}
        try await backend.withFreshStore { store async throws in
            let database = store.database
            let repository = try await Self.repository(database)
            for name in ["A_KEY", "B_KEY", "C_KEY"] {
                _ = try await database.saveSecret(Self.secret(name, repositoryID: repository.id), audit: Self.audit("secret.set"))
            }
            let before = try await database.allSecrets()
            await #expect(throws: Refused.self) {
                try await database.resealSecrets(audit: Self.audit("secrets.rotate_key")) { row in
                    if row.name == "C_KEY" { throw Refused() }
                    return ResealedSecret(sealed: [7], keyFingerprint: "key2", valueFingerprint: "w")
                }
            }
            #expect(try await database.allSecrets() == before, "a refused row leaves every row as it was")
            let count = try await database.resealSecrets(audit: Self.audit("secrets.rotate_key")) { row in
                ResealedSecret(sealed: row.sealed.reversed() + [0], keyFingerprint: "key2", valueFingerprint: "w-\(row.name)")
            }
            #expect(count == 3)
            let after = try await database.allSecrets()
            #expect(after.map(\.sealed) == before.map { $0.sealed.reversed() + [0] })
            #expect(after.map(\.valueFingerprint) == ["w-A_KEY", "w-B_KEY", "w-C_KEY"])
            #expect(try await database.secretKeyFingerprints() == ["key2": 3])
            #expect(try await database.auditEvents(limit: 1).first?.action == "secrets.rotate_key")
        }
    }

    @Test("a removed repository takes its secrets with it", arguments: StoreBackend.available)
    func removedRepository(_ backend: StoreBackend) async throws {
        try await backend.withFreshStore { store async throws in
            let database = store.database
            let repository = try await Self.repository(database)
            let other = try await Self.repository(database, "acme/other")
            _ = try await database.saveSecret(Self.secret("KEYSTORE", repositoryID: repository.id), audit: Self.audit("secret.set"))
            _ = try await database.saveSecret(Self.secret("KEYSTORE", repositoryID: other.id), audit: Self.audit("secret.set"))
            _ = try await database.removeRepository(id: repository.id, audit: Self.audit("repository.remove"))
            #expect(try await database.allSecrets().map(\.repositoryID) == [other.id])
        }
    }

    @Test("a build keeps its pull request's origin; a job's facts are its job, build and stored spec", arguments: StoreBackend.available)
    func facts(_ backend: StoreBackend) async throws {
        try await backend.withFreshStore { store async throws in
            let database = store.database
            let repository = try await Self.repository(database)
            let spec = JobSpec(commands: ["./gradlew bundleRelease"], secrets: StepSecrets(names: ["KEYSTORE", "KEYSTORE_PASSWORD"]))
            let draft = BuildDraft(
                repositoryID: repository.id, pipeline: "release", trigger: "pull_request", branch: "feature", commitSHA: String(repeating: "a", count: 40),
                pullRequest: 7, pullRequestOrigin: .fork, jobs: [JobDraft(stepKey: "sign", label: "Sign", spec: spec)])
            let build = try await database.createBuild(draft, audit: Self.audit("build.create"))
            #expect(build.pullRequestOrigin == .fork)
            var push = draft
            push.trigger = "push"
            push.pullRequest = nil
            push.pullRequestOrigin = nil
            let delivered = try await database.recordDelivery(
                IncomingDelivery(provider: .github, key: "d-1", event: "pull_request", repositoryID: repository.id, headers: [:], body: []),
                builds: [draft, push]
            ) { _, _ in DeliveryAnswer(status: 202, body: "{}") }
            _ = delivered
            let builds = try await database.builds(BuildFilter(limit: 10))
            #expect(builds.map(\.pullRequestOrigin) == [nil, .fork, .fork], "newest first: the push, the delivered pull request, the created one")

            let jobID = try #require(try await database.build(id: build.id)?.jobs?.first?.id)
            let facts = try #require(try await database.secretFacts(jobID: jobID))
            #expect(facts.build.id == build.id && facts.build.pullRequestOrigin == .fork && facts.build.pipeline == "release")
            #expect(facts.job.id == jobID)
            #expect(facts.spec.secrets?.names == ["KEYSTORE", "KEYSTORE_PASSWORD"])
            #expect(try await database.secretFacts(jobID: 99_999) == nil)
        }
    }
}
