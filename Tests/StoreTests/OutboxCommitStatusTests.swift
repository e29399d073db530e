import Core
import Foundation
import Testing
@testable import Store

/// The commit-status messages a build writes to the outbox, on every backend.
@Suite("Commit statuses in the outbox")
struct OutboxCommitStatusTests {
    /// A whole second, so the store's millisecond precision loses nothing.
    static let start = Date(timeIntervalSince1970: 1_750_000_000)

    @Test("a build created through the real code path enqueues a decodable commit status", arguments: StoreBackend.available)
    func buildEnqueuesCommitStatus(_ backend: StoreBackend) async throws {
        try await backend.withFreshStore { store in
            let database = store.database
            let repository = try await database.createRepository(
                name: "acme/ios-app", provider: .github, cloneURL: "https://example.com/a.git", defaultBranch: "main",
                webhookSecret: "secret", audit: AuditEvent(occurredAt: Self.start, actor: "tester", action: "repository.create", subject: "repository")
            )
            let draft = BuildDraft(
                repositoryID: repository.id, pipeline: "ios-pr", trigger: "manual", branch: "main", commitSHA: "abc1234abc1234abc1234abc1234abc1234abc12",
                jobs: [JobDraft(stepKey: "build", label: "Build", spec: JobSpec(commands: ["true"]))]
            )
            let build = try await database.createBuild(draft, audit: AuditEvent(occurredAt: Self.start, actor: "tester", action: "build.create", subject: "build"))

            let claimed = try await database.claimDueMessages(kinds: ["commit_status"], now: Self.start, limit: 10, lease: .seconds(60))
            #expect(claimed.count == 1)
            let payload = try JSONDecoder().decode(CommitStatusPayload.self, from: Data(try #require(claimed.first).payload.utf8))
            #expect(payload == CommitStatusPayload(
                buildID: build.id, repositoryID: repository.id, number: 1, pipeline: "ios-pr", commitSHA: "abc1234abc1234abc1234abc1234abc1234abc12", state: "pending"
            ))
        }
    }

    @Test("the commit-status text decodes back to the payload, whatever the pipeline is called")
    func commitStatusTextRoundTrips() throws {
        for pipeline in ["ios-pr", "Nightly \"main\" / release", "back\\slash\ttab", "café 🚀", ""] {
            let payload = CommitStatusPayload(
                buildID: 3_000_000_001, repositoryID: 7, number: 42, pipeline: pipeline,
                commitSHA: "abc1234abc1234abc1234abc1234abc1234abc12", state: "running"
            )
            #expect(try JSONDecoder().decode(CommitStatusPayload.self, from: Data(payload.jsonText.utf8)) == payload)
        }
    }
}
