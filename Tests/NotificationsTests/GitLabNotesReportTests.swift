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

@Suite("Findings reports reach GitLab's notes and statuses APIs as documented")
struct GitLabNotesReportTests {
    typealias Host = LoopbackGitHost<FakeGitLabNotes>
    static let project = "acme/mobile/android"

    private func withGitLab(
        _ body: @escaping @Sendable (Host, TestDatabase, Repository, HTTPClient, NotifierConfiguration) async throws -> Void
    ) async throws {
        let host = Host(FakeGitLabNotes(project: Self.project, token: "glpat-secret", mergeRequests: [7]))
        try await host.run { baseURL in
            let store = try TestDatabase()
            defer { store.remove() }
            let repository = try await store.repository(Self.project, provider: .gitlab)
            let configuration = NotifierConfiguration(gitlabAPIURL: baseURL + "/api/v4", gitlabToken: "glpat-secret", publicURL: "https://ci.example.com")
            try await withClient { client in try await body(host, store, repository, client, configuration) }
        }
    }

    @Test("a merge request build: a note with the summary and a table of new findings, and the findings status")
    func mergeRequestNote() async throws {
        try await withGitLab { host, store, repository, client, configuration in
            let build = try await ReportFixtures.finishedBuild(store, in: repository, pullRequest: 7)
            let notifier = ReportFixtures.notifier(store, client: client, findings: ReportFixtures.findings(12), configuration: configuration)
            #expect(await notifier.deliver(ReportFixtures.message(for: build)) == .delivered)
            #expect(host.api.refusals.isEmpty, "\(host.api.refusals)")
            #expect(host.exchanges.map(\.method) == ["GET", "POST", "POST"])
            #expect(host.exchanges.first?.path == "/api/v4/projects/acme%2Fmobile%2Fandroid/merge_requests/7/notes")
            let note = try #require(host.api.notes(of: 7).first)
            #expect(note.body.hasPrefix("<!-- mobile-ops-findings build \(build.id) -->\n### MobileOps findings: 12 new findings (2 errors)"))
            #expect(note.body.contains("| error | SwiftLint | force_cast | Sources/App/Login.swift:1 | Finding 0 \\| with a pipe |"), "\(note.body)")
            #expect(note.body.contains("Every finding: https://ci.example.com/builds/\(build.id)"))
            let status = try #require(host.api.statuses.first)
            #expect(status.name == "mobile-ops/ios-pr/findings" && status.state == "failed" && status.description == "12 new findings (2 errors)")
            #expect(status.targetURL == "https://ci.example.com/builds/\(build.id)" && status.sha == ReportFixtures.sha)
        }
    }

    @Test("a retry after the status failed rewrites the build's note, found past a page of newer notes, instead of adding one")
    func retryRewritesNote() async throws {
        try await withGitLab { host, store, repository, client, configuration in
            let build = try await ReportFixtures.finishedBuild(store, in: repository, pullRequest: 7)
            let notifier = ReportFixtures.notifier(store, client: client, findings: ReportFixtures.findings(3), configuration: configuration)
            host.fail(status: 503) { $0.path.hasSuffix("/statuses/\(ReportFixtures.sha)") }
            guard case .retry = await notifier.deliver(ReportFixtures.message(for: build)) else { Issue.record("expected a retry"); return }
            #expect(host.api.notes(of: 7).count == 1 && host.api.statuses.isEmpty)
            // Reviewers write 150 notes meanwhile: the build's note is on the list's second page.
            host.update { $0.seedNotes(150, mergeRequest: 7) }
            #expect(await notifier.deliver(ReportFixtures.message(for: build)) == .delivered)
            #expect(host.api.notes(of: 7).count == 151)
            #expect(host.api.notes(of: 7).filter { $0.author == "mobile-ops-bot" }.count == 1, "the note was rewritten, not added again")
            #expect(host.exchanges.suffix(4).map(\.method) == ["GET", "GET", "PUT", "POST"], "two pages listed, then the rewrite")
            #expect(host.api.statuses.map(\.state) == ["failed"])
        }
    }

    @Test("a branch build (no merge request): only the status, success when nothing new is an error")
    func branchBuild() async throws {
        try await withGitLab { host, store, repository, client, configuration in
            let build = try await ReportFixtures.finishedBuild(store, in: repository)
            let warnings = ReportFixtures.findings(5, errorEvery: 100).dropFirst().map { $0 }
            let notifier = ReportFixtures.notifier(store, client: client, findings: warnings, configuration: configuration)
            #expect(await notifier.deliver(ReportFixtures.message(for: build)) == .delivered)
            #expect(host.exchanges.map(\.method) == ["POST"])
            #expect(host.api.notes.isEmpty)
            #expect(host.api.statuses.first?.state == "success" && host.api.statuses.first?.description == "4 new findings")
        }
    }

    @Test("no GitLab token: skipped without a request")
    func noToken() async throws {
        try await withGitLab { host, store, repository, client, configuration in
            var unset = configuration
            unset.gitlabToken = nil
            let build = try await ReportFixtures.finishedBuild(store, in: repository, pullRequest: 7)
            let notifier = ReportFixtures.notifier(store, client: client, findings: ReportFixtures.findings(3), configuration: unset)
            #expect(await notifier.deliver(ReportFixtures.message(for: build)) == .skipped("no MOBILE_OPS_GITLAB_TOKEN configured"))
            #expect(host.exchanges.isEmpty)
        }
    }
}
