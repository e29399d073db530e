import Core
import Foundation
import GitHostFakes
import GitHosts
import HTTPClient
import Notifications
import Store
import StoreSQLite
import Synchronization
import Testing
import TestSupport

@Suite("Findings reports reach GitHub's Checks API as documented")
struct GitHubChecksReportTests {
    static let appToken = "ghs_installation-token"
    typealias Host = LoopbackGitHost<FakeGitHubChecks>

    /// Runs `body` with a fake GitHub, a store holding a finished build of `acme/ios-app`, and a
    /// client; the configuration's token is `token`.
    private func withGitHub(
        token: String = appToken, publicURL: String? = "https://ci.example.com",
        _ body: @escaping @Sendable (Host, TestDatabase, Build, HTTPClient, NotifierConfiguration) async throws -> Void
    ) async throws {
        let host = Host(FakeGitHubChecks(repository: "acme/ios-app", appToken: Self.appToken, personalToken: "ghp_personal-token"))
        try await host.run { baseURL in
            let store = try TestDatabase()
            defer { store.remove() }
            let build = try await ReportFixtures.finishedBuild(store, in: try store.repository("acme/ios-app", provider: .github), pullRequest: 7)
            let configuration = NotifierConfiguration(githubAPIURL: baseURL, githubToken: token, publicURL: publicURL)
            try await withClient { client in try await body(host, store, build, client, configuration) }
        }
    }

    @Test("120 new findings: one check run created with 50 annotations, then updates of 50 and 20, each received once")
    func batches() async throws {
        try await withGitHub { host, store, build, client, configuration in
            let notifier = ReportFixtures.notifier(store, client: client, findings: ReportFixtures.findings(120), configuration: configuration)
            #expect(await notifier.deliver(ReportFixtures.message(for: build)) == .delivered)
            let exchanges = host.exchanges
            #expect(exchanges.map(\.method) == ["GET", "POST", "PATCH", "PATCH"])
            #expect(exchanges.allSatisfy { $0.status < 300 }, "\(host.api.refusals)")
            #expect(exchanges.first?.query["check_name"] == "mobile-ops/ios-pr/findings" && exchanges.first?.query["filter"] == "all")
            #expect(exchanges.allSatisfy { $0.headers["authorization"] == "Bearer \(Self.appToken)" && $0.headers["x-github-api-version"] == "2022-11-28" })
            let runs = host.api.checkRuns
            #expect(runs.count == 1)
            let run = try #require(runs.first)
            #expect(run.name == "mobile-ops/ios-pr/findings" && run.headSHA == ReportFixtures.sha && run.status == "completed")
            #expect(run.conclusion == "failure", "12 of the new findings are errors")
            #expect(run.externalID == "mobile-ops-build-\(build.id)-message-1")
            #expect(run.detailsURL == "https://ci.example.com/builds/\(build.id)")
            #expect(run.title == "120 new findings (12 errors)")
            #expect(run.annotations.count == 120)
            #expect(Set(run.annotations.map { "\($0.path):\($0.startLine)" }).count == 120, "no annotation twice")
            // Errors first, so a cap would leave out the least severe.
            #expect(run.annotations.prefix(12).allSatisfy { $0.level == "failure" } && run.annotations.dropFirst(12).allSatisfy { $0.level == "warning" })
            #expect(run.annotations.first?.title == "SwiftLint: force_cast" && run.annotations.first?.message == "Finding 0 | with a pipe")
            #expect(run.summary?.contains("compared with build 9 of `main`") == true)
            // The build by id, as the baseline and the link name builds, its number beside it.
            #expect(run.summary?.hasPrefix("Build \(build.id) (ios-pr #\(build.number)) has 123 findings") == true, "\(run.summary ?? "")")
        }
    }

    @Test("a 502 in the middle of the batches is retried without a second run or a repeated annotation")
    func retryMidBatch() async throws {
        try await withGitHub { host, store, build, client, configuration in
            let notifier = ReportFixtures.notifier(store, client: client, findings: ReportFixtures.findings(120), configuration: configuration)
            // The second update fails before GitHub applies it.
            let updates = Counter()
            host.fail(status: 502) { request in request.method == "PATCH" && updates.next() == 2 }
            let first = await notifier.deliver(ReportFixtures.message(for: build))
            guard case .retry(let error, _) = first else { Issue.record("expected a retry, got \(first)"); return }
            #expect(error.contains("adding annotations 101–120"), "\(error)")
            #expect(host.api.checkRuns.first?.annotations.count == 100)
            #expect(await notifier.deliver(ReportFixtures.message(for: build)) == .delivered)
            let run = try #require(host.api.checkRuns.first)
            #expect(host.api.checkRuns.count == 1)
            #expect(run.annotations.count == 120 && Set(run.annotations.map(\.startLine)).count == 120)
        }
    }

    @Test("a create whose answer was lost is found by its external_id and resumed, not created again")
    func lostCreateAnswer() async throws {
        try await withGitHub { host, store, build, client, configuration in
            let notifier = ReportFixtures.notifier(store, client: client, findings: ReportFixtures.findings(70), configuration: configuration)
            host.fail(status: 504, afterApplying: true) { $0.method == "POST" }
            guard case .retry = await notifier.deliver(ReportFixtures.message(for: build)) else { Issue.record("expected a retry"); return }
            #expect(await notifier.deliver(ReportFixtures.message(for: build)) == .delivered)
            #expect(host.api.checkRuns.count == 1)
            #expect(host.api.checkRuns.first?.annotations.count == 70)
            #expect(host.exchanges.map(\.method) == ["GET", "POST", "GET", "PATCH"])
            // Another message of the same build is another run: the findings may have changed.
            #expect(await notifier.deliver(ReportFixtures.message(for: build, id: 2)) == .delivered)
            #expect(host.api.checkRuns.count == 2)
        }
    }

    @Test("findings without a file or line go into the summary; only warnings is neutral, nothing new is success")
    func summaryAndConclusions() async throws {
        try await withGitHub(publicURL: nil) { host, store, build, client, configuration in
            let lineless = FindingsReport.Finding(tool: "Android Lint", ruleID: "MissingTranslation", level: "warning", message: "\"title\" is not translated", path: nil, line: nil, fingerprint: "fp")
            let fileOnly = FindingsReport.Finding(tool: "detekt", ruleID: "TooManyFunctions", level: "note", message: "File has 31 functions", path: "app/Main.kt", line: nil, fingerprint: "fp")
            let onLine = FindingsReport.Finding(tool: "SwiftLint", ruleID: "line_length", level: "warning", message: "Line too long", path: "Sources/A.swift", line: 3, fingerprint: "fp")
            let notifier = ReportFixtures.notifier(store, client: client, findings: [lineless, fileOnly, onLine], configuration: configuration)
            #expect(await notifier.deliver(ReportFixtures.message(for: build)) == .delivered)
            let run = try #require(host.api.checkRuns.last)
            #expect(run.conclusion == "neutral" && run.detailsURL == nil)
            #expect(run.annotations.map(\.path) == ["Sources/A.swift"])
            let summary = try #require(run.summary)
            #expect(summary.contains("| warning | Android Lint | MissingTranslation | (no file) | \"title\" is not translated |"), "\(summary)")
            #expect(summary.contains("| note | detekt | TooManyFunctions | app/Main.kt | File has 31 functions |"))

            let clean = ReportFixtures.notifier(store, client: client, findings: [], configuration: configuration)
            #expect(await clean.deliver(ReportFixtures.message(for: build, id: 2)) == .delivered)
            let cleanRun = try #require(host.api.checkRuns.last)
            #expect(cleanRun.conclusion == "success" && cleanRun.title == "No new findings" && cleanRun.annotations.isEmpty)
        }
    }

    @Test("a personal access token gets 403: a commit status stands in, and the message fails saying an App installation token is needed")
    func personalToken() async throws {
        try await withGitHub(token: "ghp_personal-token") { host, store, build, client, configuration in
            let notifier = ReportFixtures.notifier(store, client: client, findings: ReportFixtures.findings(3), configuration: configuration)
            let outcome = await notifier.deliver(ReportFixtures.message(for: build))
            guard case .permanentFailure(let error) = outcome else { Issue.record("expected a permanent failure, got \(outcome)"); return }
            #expect(error.contains("GitHub App installation token") && error.contains("You must authenticate via a GitHub App."), "\(error)")
            #expect(host.api.checkRuns.isEmpty)
            let status = try #require(host.api.statuses.first)
            #expect(host.api.statuses.count == 1)
            #expect(status.context == "mobile-ops/ios-pr/findings" && status.state == "failure" && status.description == "3 new findings (1 error)")
        }
    }

    @Test("no GitHub token: skipped without a request")
    func noToken() async throws {
        try await withGitHub { host, store, build, client, configuration in
            var unset = configuration
            unset.githubToken = nil
            let notifier = ReportFixtures.notifier(store, client: client, findings: ReportFixtures.findings(3), configuration: unset)
            #expect(await notifier.deliver(ReportFixtures.message(for: build)) == .skipped("no MOBILE_OPS_GITHUB_TOKEN configured"))
            #expect(host.exchanges.isEmpty)
        }
    }
}

/// Counts calls across the fake's lock (the predicate runs inside it, one request at a time).
final class Counter: Sendable {
    private let value = Mutex(0)

    /// The count including this call.
    func next() -> Int { value.withLock { $0 += 1; return $0 } }
}
