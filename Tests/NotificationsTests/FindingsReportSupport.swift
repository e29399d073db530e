import Core
import Foundation
import GitHostFakes
import GitHosts
import HTTPClient
import Notifications
@testable import Store
@testable import StoreSQLite
import TestSupport

// MARK: - Fixtures for the findings report tests

/// A findings source that answers a fixed comparison for whichever build it is asked about,
/// standing in for Insights' `FindingsService` (the server tests use the real one).
struct StubFindings: FindingsReportSource {
    var new: [FindingsReport.Finding]
    var unchanged = 3
    var fixed = 1

    func report(for build: Build) async throws -> FindingsReport? {
        FindingsReport(build: build, baseBuildID: 9, baseBranch: "main", total: new.count + unchanged, unchanged: unchanged, fixed: fixed, new: new)
    }
}

enum ReportFixtures {
    static let sha = "0123456789abcdef0123456789abcdef01234567"

    /// `count` new findings on lines of two files; every `errorEvery`-th is an error, the rest warnings.
    static func findings(_ count: Int, errorEvery: Int = 10) -> [FindingsReport.Finding] {
        (0..<count).map { index in
            FindingsReport.Finding(
                tool: "SwiftLint", ruleID: index % errorEvery == 0 ? "force_cast" : "line_length",
                level: index % errorEvery == 0 ? "error" : "warning", message: "Finding \(index) | with a pipe",
                path: index % 2 == 0 ? "Sources/App/Login.swift" : "Sources/App/View.swift", line: index + 1, fingerprint: "fp")
        }
    }

    /// A finished build of `repository`, of a pull request when `pullRequest` is given.
    static func finishedBuild(_ store: TestDatabase, in repository: Repository, pullRequest: Int? = nil) async throws -> Build {
        let draft = BuildDraft(
            repositoryID: repository.id, pipeline: "ios-pr", trigger: pullRequest == nil ? "push" : "pull_request", branch: "feature/login",
            commitSHA: sha, pullRequest: pullRequest, jobs: [JobDraft(stepKey: "lint", label: "Lint", spec: JobSpec(commands: ["swiftlint"]))])
        let build = try await store.database.createBuild(draft, audit: AuditEvent(occurredAt: DateShift.now, actor: "tests", action: "build.create", subject: "build"))
        try store.setState(.failed, of: build)
        return build
    }

    /// The `findings_report` message for `build`, as the outbox hands it over.
    static func message(for build: Build, id: Int64 = 1) -> OutboxMessage {
        OutboxMessage(
            id: id, kind: FindingsReportPayload.kind, payload: #"{"buildID":\#(build.id)}"#, createdAt: DateShift.now, attempts: 0,
            nextAttemptAt: DateShift.now, deliveredAt: nil, lastError: nil)
    }

    /// A notifier against the fake at `baseURL`, with `findings` as the source.
    static func notifier(
        _ store: TestDatabase, client: HTTPClient, findings: [FindingsReport.Finding], configuration: NotifierConfiguration
    ) -> FindingsReportNotifier {
        FindingsReportNotifier(
            configuration: configuration, http: client, repositories: store.database, builds: store.database,
            source: StubFindings(new: findings), logger: testLogger())
    }
}
