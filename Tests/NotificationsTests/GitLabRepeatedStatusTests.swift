import Core
import Foundation
import GitHostFakes
import GitHosts
import HTTPClient
import Notifications
import Store
import StoreSQLite
import Testing
import TestSupport

/// GitLab answers 400 "Cannot transition status via :run from :running" to a status in the state
/// the commit already shows; a retried message must not end in the dead list for it.
@Suite("Commit statuses: GitLab refusing a state it already shows")
struct GitLabRepeatedStatusTests {
    static let project = "acme/mobile/android"

    @Test("a running status sent again (its first answer lost) is skipped as already shown, not dead")
    func repeatedRunning() async throws {
        let host = LoopbackGitHost(FakeGitLabNotes(project: Self.project, token: "glpat-secret", mergeRequests: []))
        try await host.run { baseURL in
            let store = try TestDatabase()
            defer { store.remove() }
            let repository = try await store.repository(Self.project, provider: .gitlab)
            let build = try await store.build(in: repository)
            try store.setState(.running, of: build)
            try await withClient { client in
                let notifier = CommitStatusNotifier(
                    configuration: NotifierConfiguration(gitlabAPIURL: baseURL + "/api/v4", gitlabToken: "glpat-secret"), http: client,
                    repositories: store.database, builds: store.database, logger: testLogger())
                #expect(await notifier.deliver(try commitStatusMessage(for: build, state: .running)) == .delivered)
                let again = await notifier.deliver(try commitStatusMessage(for: build, state: .running, id: 2))
                guard case .skipped(let reason) = again else {
                    Issue.record("expected the repeat to be skipped, got \(again)")
                    return
                }
                #expect(reason.contains("GitLab already shows this state") && reason.contains("Cannot transition status via :run from :running"), "\(reason)")
                #expect(host.api.statuses.map(\.state) == ["running"])
            }
        }
    }
}
