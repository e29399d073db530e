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

@Suite("Findings reports reach Bitbucket's Code Insights API as documented")
struct BitbucketReportsTests {
    typealias Host = LoopbackGitHost<FakeBitbucketReports>

    private func withBitbucket(
        token: String = "bb-secret", _ body: @escaping @Sendable (Host, TestDatabase, Build, HTTPClient, NotifierConfiguration) async throws -> Void
    ) async throws {
        let host = Host(FakeBitbucketReports(repository: "acme/ios-app", authorization: "Bearer bb-secret"))
        try await host.run { baseURL in
            let store = try TestDatabase()
            defer { store.remove() }
            let build = try await ReportFixtures.finishedBuild(store, in: try store.repository("acme/ios-app", provider: .bitbucket), pullRequest: 3)
            let configuration = NotifierConfiguration(bitbucketAPIURL: baseURL, bitbucketToken: token, publicURL: "https://ci.example.com")
            try await withClient { client in try await body(host, store, build, client, configuration) }
        }
    }

    @Test("250 new findings: the report, then annotations 100, 100 and 50 a request, every one once")
    func batches() async throws {
        try await withBitbucket { host, store, build, client, configuration in
            var findings = ReportFixtures.findings(249)
            findings.append(FindingsReport.Finding(tool: "lint", ruleID: "UnusedResources", level: "note", message: "R.string.x is unused", path: nil, line: nil, fingerprint: "fp"))
            let notifier = ReportFixtures.notifier(store, client: client, findings: findings, configuration: configuration)
            #expect(await notifier.deliver(ReportFixtures.message(for: build)) == .delivered)
            #expect(host.exchanges.map(\.method) == ["DELETE", "PUT", "POST", "POST", "POST"])
            #expect(host.exchanges.first?.status == 404, "no earlier report to delete")
            #expect(host.api.annotationBatches == [100, 100, 50])
            let report = try #require(host.api.reports.first)
            #expect(host.api.reports.count == 1 && report.id == "mobile-ops-findings-ios-pr" && report.commit == ReportFixtures.sha)
            #expect(report.result == "FAILED" && report.title == "MobileOps findings: 250 new findings (25 errors)")
            #expect(report.data == ["New findings", "New errors", "Unchanged", "Fixed", "Compared with"])
            #expect(report.annotations.count == 250 && Set(report.annotations.map(\.externalID)).count == 250)
            #expect(report.annotations.prefix(25).allSatisfy { $0.type == "BUG" && $0.severity == "HIGH" })
            let lineless = try #require(report.annotations.last)
            #expect(lineless.path == nil && lineless.line == nil && lineless.severity == "LOW" && lineless.summary == "UnusedResources: R.string.x is unused")
        }
    }

    @Test("a 502 in the middle of the annotations is retried without doubling them")
    func retryMidBatch() async throws {
        try await withBitbucket { host, store, build, client, configuration in
            let notifier = ReportFixtures.notifier(store, client: client, findings: ReportFixtures.findings(250), configuration: configuration)
            let posts = Counter()
            host.fail(status: 502, afterApplying: true) { $0.method == "POST" && posts.next() == 2 }
            guard case .retry = await notifier.deliver(ReportFixtures.message(for: build)) else { Issue.record("expected a retry"); return }
            #expect(await notifier.deliver(ReportFixtures.message(for: build)) == .delivered)
            #expect(host.api.reports.count == 1)
            #expect(host.api.reports.first?.annotations.count == 250)
            // Only the first attempt's delete found nothing to delete.
            #expect(host.api.refusals.count == 1 && host.api.refusals.first?.hasPrefix("DELETE") == true, "\(host.api.refusals)")
        }
    }

    @Test("a later report of the same commit and pipeline replaces the earlier one: no annotation lingers")
    func laterReportReplaces() async throws {
        try await withBitbucket { host, store, build, client, configuration in
            let first = ReportFixtures.notifier(store, client: client, findings: ReportFixtures.findings(5), configuration: configuration)
            #expect(await first.deliver(ReportFixtures.message(for: build)) == .delivered)
            let fewer = ReportFixtures.notifier(store, client: client, findings: Array(ReportFixtures.findings(5).suffix(2)), configuration: configuration)
            #expect(await fewer.deliver(ReportFixtures.message(for: build, id: 2)) == .delivered)
            #expect(host.api.reports.count == 1)
            #expect(host.api.reports.first?.annotations.map(\.summary) == ["line_length: Finding 3 | with a pipe", "line_length: Finding 4 | with a pipe"])
            #expect(host.api.reports.first?.result == "PASSED")
        }
    }

    @Test("an app password is sent as basic auth; nothing new passes; no token is skipped")
    func authAndPassing() async throws {
        let host = Host(FakeBitbucketReports(repository: "acme/ios-app", authorization: "Basic " + Data("jdoe:app-pass".utf8).base64EncodedString()))
        try await host.run { baseURL in
            let store = try TestDatabase()
            defer { store.remove() }
            let build = try await ReportFixtures.finishedBuild(store, in: try store.repository("acme/ios-app", provider: .bitbucket))
            try await withClient { client in
                let configuration = NotifierConfiguration(bitbucketAPIURL: baseURL, bitbucketToken: "jdoe:app-pass")
                let notifier = ReportFixtures.notifier(store, client: client, findings: [], configuration: configuration)
                #expect(await notifier.deliver(ReportFixtures.message(for: build)) == .delivered)
                #expect(host.api.reports.first?.result == "PASSED" && host.api.reports.first?.annotations.isEmpty == true)
                #expect(host.exchanges.map(\.method) == ["DELETE", "PUT"])
                let unset = ReportFixtures.notifier(store, client: client, findings: [], configuration: NotifierConfiguration(bitbucketAPIURL: baseURL))
                #expect(await unset.deliver(ReportFixtures.message(for: build)) == .skipped("no MOBILE_OPS_BITBUCKET_TOKEN configured"))
                #expect(host.exchanges.count == 2)
            }
        }
    }
}
