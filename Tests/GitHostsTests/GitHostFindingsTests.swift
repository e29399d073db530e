import Core
import Foundation
@testable import GitHosts
import HTTPClient
import Testing

/// Each client's findings report as a sequence of requests, against a recorder. The notifier
/// suites in NotificationsTests drive the same code through the outbox and a strict fake host
/// (batches, retries, resumed runs); these pin the requests themselves.
@Suite("Git host clients: findings reports")
struct GitHostFindingsTests {
    // MARK: Fixtures

    /// Build 41 (#6) of `ios-pr`, failed, of pull request `pullRequest` when given.
    static func build(pullRequest: Int? = nil) -> Build {
        Build(
            id: 41, repositoryID: 1, number: 6, pipeline: "ios-pr", state: .failed, trigger: pullRequest == nil ? "push" : "pull_request",
            branch: "feature/login", tag: nil, commitSHA: HostFixtures.sha, pullRequest: pullRequest, message: nil, author: nil,
            concurrencyGroup: nil, priority: 0, cancelReason: nil, createdAt: Date(timeIntervalSince1970: 0), startedAt: nil, finishedAt: nil)
    }

    /// Two new findings on lines, one of them an error, against build 9 of `main`.
    static func report(pullRequest: Int? = nil) -> FindingsReport {
        let new = [
            FindingsReport.Finding(
                tool: "SwiftLint", ruleID: "force_cast", level: "error", message: "Force cast", path: "Sources/App/Login.swift", line: 3,
                fingerprint: "a"),
            FindingsReport.Finding(
                tool: "SwiftLint", ruleID: "line_length", level: "warning", message: "Line too long", path: "Sources/App/View.swift", line: 9,
                fingerprint: "b"),
        ]
        return FindingsReport(build: build(pullRequest: pullRequest), baseBuildID: 9, baseBranch: "main", total: 5, unchanged: 3, fixed: 1, new: new)
    }

    /// A request's JSON object body.
    static func json(_ request: HTTPRequest?) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(request?.body ?? [])) as? [String: Any])
    }

    // MARK: GitHub

    @Test("GitHub: no run of this message yet, so one completed check run is created with every annotation")
    func githubCheckRun() async throws {
        let http = RecordingHTTP([
            HTTPResponse(status: 200, body: HostFixtures.body(#"{"check_runs":[]}"#)),
            HTTPResponse(status: 201, body: HostFixtures.body(#"{"id":42}"#)),
        ])
        let configuration = NotifierConfiguration(githubAPIURL: "https://api.example.com", githubToken: "ghs-t")
        try await GitHubClient(configuration: configuration, http: http).reportFindings(Self.report(), repository: "acme/ios-app", externalID: "ext-1")
        let requests = http.requests
        #expect(requests.map(\.method) == [.get, .post])
        #expect(requests.first?.url == "https://api.example.com/repos/acme/ios-app/commits/\(HostFixtures.sha)/check-runs"
            + "?check_name=mobile-ops%2Fios-pr%2Ffindings&filter=all&per_page=100&page=1")
        #expect(requests.last?.url == "https://api.example.com/repos/acme/ios-app/check-runs")
        let created = try Self.json(requests.last)
        #expect(created["name"] as? String == "mobile-ops/ios-pr/findings")
        #expect(created["external_id"] as? String == "ext-1")
        #expect(created["conclusion"] as? String == "failure")
        let output = try #require(created["output"] as? [String: Any])
        #expect((output["annotations"] as? [Any])?.count == 2)
    }

    @Test("GitHub: a token that may not write check runs gets a commit status instead, and the delivery still fails saying why")
    func githubFallback() async throws {
        let http = RecordingHTTP([
            HTTPResponse(status: 200, body: HostFixtures.body(#"{"check_runs":[]}"#)),
            HTTPResponse(status: 403, body: HostFixtures.body(#"{"message":"You must authenticate via a GitHub App."}"#)),
            HTTPResponse(status: 201),
        ])
        let configuration = NotifierConfiguration(githubAPIURL: "https://api.example.com", githubToken: "ghp-personal")
        do {
            try await GitHubClient(configuration: configuration, http: http).reportFindings(Self.report(), repository: "acme/ios-app", externalID: "ext-1")
            Issue.record("expected the refusal to fail the delivery")
        } catch {
            #expect(error.isPermanent)
            #expect(error.message.contains("only a GitHub App installation token may write check runs"), "\(error.message)")
            #expect(error.message.contains("Sent the commit status mobile-ops/ios-pr/findings"), "\(error.message)")
        }
        let requests = http.requests
        #expect(requests.count == 3)
        #expect(requests.last?.url == "https://api.example.com/repos/acme/ios-app/statuses/\(HostFixtures.sha)")
        #expect(try Self.json(requests.last)["context"] as? String == "mobile-ops/ios-pr/findings")
    }

    // MARK: GitLab

    @Test("GitLab: a merge request build gets a note (none of this build's yet) and a status")
    func gitlabNoteAndStatus() async throws {
        let http = RecordingHTTP([
            HTTPResponse(status: 200, body: HostFixtures.body("[]")),
            HTTPResponse(status: 201, body: HostFixtures.body(#"{"id":5,"body":"…"}"#)),
            HTTPResponse(status: 201),
        ])
        let configuration = NotifierConfiguration(gitlabAPIURL: "https://gitlab.example.com/api/v4", gitlabToken: "glpat")
        try await GitLabClient(configuration: configuration, http: http).reportFindings(
            Self.report(pullRequest: 7), repository: "acme/ios-app", externalID: "ext-1")
        let requests = http.requests
        let notes = "https://gitlab.example.com/api/v4/projects/acme%2Fios-app/merge_requests/7/notes"
        #expect(requests.map(\.method) == [.get, .post, .post])
        #expect(requests.map(\.url) == [
            notes + "?sort=desc&order_by=created_at&per_page=100&page=1", notes,
            "https://gitlab.example.com/api/v4/projects/acme%2Fios-app/statuses/\(HostFixtures.sha)",
        ])
        #expect((try Self.json(requests.dropFirst().first)["body"] as? String)?.hasPrefix("<!-- mobile-ops-findings build 41 -->") == true)
        #expect(try Self.json(requests.last)["state"] as? String == "failed")
    }

    // MARK: Bitbucket

    @Test("Bitbucket: nothing to delete the first time, then the report and its annotations")
    func bitbucketCodeInsights() async throws {
        let http = RecordingHTTP([HTTPResponse(status: 404), HTTPResponse(status: 200), HTTPResponse(status: 200)])
        let configuration = NotifierConfiguration(bitbucketAPIURL: "https://bitbucket.example.com", bitbucketToken: "bb-t")
        try await BitbucketClient(configuration: configuration, http: http).reportFindings(Self.report(), repository: "acme/ios-app", externalID: "ext-1")
        let requests = http.requests
        let report = "https://bitbucket.example.com/2.0/repositories/acme/ios-app/commit/\(HostFixtures.sha)/reports/mobile-ops-findings-ios-pr"
        #expect(requests.map(\.method) == [.delete, .put, .post])
        #expect(requests.map(\.url) == [report, report, report + "/annotations"])
        #expect(requests.first?.body == nil)
        #expect(try Self.json(requests.dropFirst().first)["result"] as? String == "FAILED")
    }
}
