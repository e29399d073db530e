import Foundation
import GitHostFakes
import Testing
import TestSupport

/// The fakes refuse what the providers' docs do not allow, so a notifier that passes against
/// them sends only documented requests.
@Suite("The git host fakes refuse undocumented requests")
struct FakeGitHostStrictnessTests {
    static let sha = "0123456789abcdef0123456789abcdef01234567"

    static func request(_ method: String, _ path: String, query: String? = nil, headers: [String: String], json: String? = nil) -> FakeRequest {
        var headers = headers
        if json != nil { headers["content-type"] = "application/json" }
        return FakeRequest(method: method, path: path, rawQuery: query, headers: headers, body: Array((json ?? "").utf8))
    }

    static let github = ["authorization": "Bearer ghs_app", "accept": "application/vnd.github+json", "user-agent": "mobile-ops", "x-github-api-version": "2022-11-28"]

    static func annotations(_ count: Int) -> String {
        "[" + (0..<count).map { #"{"path": "A.swift", "start_line": \#($0 + 1), "end_line": \#($0 + 1), "annotation_level": "warning", "message": "m"}"# }
            .joined(separator: ",") + "]"
    }

    static func createRun(annotations: String = "[]", extra: String = "") -> String {
        #"{"name": "mobile-ops/ios/findings", "head_sha": "\#(sha)", "status": "completed", "conclusion": "neutral"\#(extra), "output": {"title": "t", "summary": "s", "annotations": \#(annotations)}}"#
    }

    @Test("GitHub: auth, headers, the App-only rule, and the body schema")
    func github() {
        var fake = FakeGitHubChecks(repository: "acme/app", appToken: "ghs_app", personalToken: "ghp_pat")
        let path = "/repos/acme/app/check-runs"
        func status(_ headers: [String: String], _ json: String, method: String = "POST", at target: String = path) -> Int {
            fake.handle(Self.request(method, target, headers: headers, json: json)).status
        }
        #expect(status(Self.github, Self.createRun(annotations: Self.annotations(50))) == 201)
        #expect(status(Self.github, Self.createRun(annotations: Self.annotations(51))) == 422, "more than 50 annotations in one request")
        var pat = Self.github
        pat["authorization"] = "Bearer ghp_pat"
        #expect(status(pat, Self.createRun()) == 403, "only GitHub Apps write check runs")
        pat["authorization"] = "Bearer wrong"
        #expect(status(pat, Self.createRun()) == 401)
        var headers = Self.github
        headers["user-agent"] = nil
        #expect(status(headers, Self.createRun()) == 403)
        headers = Self.github
        headers["accept"] = "text/html"
        #expect(status(headers, Self.createRun()) == 415)
        headers = Self.github
        headers["x-github-api-version"] = "2019-01-01"
        #expect(status(headers, Self.createRun()) == 400)
        #expect(status(Self.github, Self.createRun(extra: #", "colour": "red""#)) == 422, "unknown field")
        #expect(status(Self.github, #"{"name": "x", "head_sha": "\#(Self.sha)", "status": "completed"}"#) == 422, "completed without a conclusion")
        #expect(status(Self.github, #"{"name": "x", "head_sha": "\#(Self.sha)", "conclusion": "stale"}"#) == 422, "only GitHub sets stale")
        #expect(status(Self.github, #"{"name": "x", "head_sha": "\#(Self.sha)", "conclusion": "neutral", "output": {"title": "t"}}"#) == 422, "no summary")
        let badLevel = #"[{"path": "A.swift", "start_line": 2, "end_line": 2, "annotation_level": "error", "message": "m"}]"#
        #expect(status(Self.github, Self.createRun(annotations: badLevel)) == 422, "error is not an annotation level")
        let backwards = #"[{"path": "A.swift", "start_line": 5, "end_line": 2, "annotation_level": "notice", "message": "m"}]"#
        #expect(status(Self.github, Self.createRun(annotations: backwards)) == 422)
        let longSummary = #"{"name": "x", "head_sha": "\#(Self.sha)", "conclusion": "neutral", "output": {"title": "t", "summary": "\#(String(repeating: "a", count: 65_536))"}}"#
        #expect(status(Self.github, longSummary) == 422)
        #expect(status(Self.github, #"{"output": {"title": "t", "summary": "s", "annotations": \#(Self.annotations(51))}}"#, method: "PATCH", at: path + "/4000") == 422)
        #expect(status(Self.github, #"{"output": {"title": "t", "summary": "s"}}"#, method: "PATCH", at: path + "/999") == 404)
        #expect(status(Self.github, Self.createRun(), method: "PUT") == 404)
        #expect(fake.checkRuns.count == 1 && fake.checkRuns[0].annotations.count == 50, "refused requests change nothing")
        let list = fake.handle(Self.request("GET", "/repos/acme/app/commits/\(Self.sha)/check-runs", query: "check_name=x&filter=everything", headers: Self.github))
        #expect(list.status == 422)
    }

    @Test("GitLab: token, project path, note body and status state")
    func gitlab() {
        var fake = FakeGitLabNotes(project: "acme/app", token: "glpat", mergeRequests: [7])
        let notes = "/api/v4/projects/acme%2Fapp/merge_requests/7/notes"
        func status(_ method: String, _ path: String, token: String = "glpat", query: String? = nil, _ json: String? = nil) -> Int {
            fake.handle(Self.request(method, path, query: query, headers: ["private-token": token], json: json)).status
        }
        #expect(status("POST", notes, #"{"body": "hello"}"#) == 201)
        #expect(status("POST", notes, token: "wrong", #"{"body": "hello"}"#) == 401)
        #expect(status("POST", "/api/v4/projects/acme/app/merge_requests/7/notes", #"{"body": "hello"}"#) == 404, "the path must be one encoded segment")
        #expect(status("POST", "/api/v4/projects/acme%2Fapp/merge_requests/8/notes", #"{"body": "hello"}"#) == 404)
        #expect(status("POST", notes, #"{"note": "hello"}"#) == 400)
        #expect(status("POST", notes, #"{"body": "\#(String(repeating: "a", count: 1_000_001))"}"#) == 400)
        #expect(status("GET", notes, query: "per_page=500") == 400)
        #expect(status("PUT", notes + "/999", #"{"body": "x"}"#) == 404)
        let statuses = "/api/v4/projects/acme%2Fapp/statuses/\(Self.sha)"
        #expect(status("POST", statuses, #"{"state": "passed", "name": "x"}"#) == 400)
        #expect(status("POST", statuses, #"{"state": "running", "name": "x"}"#) == 201)
        #expect(status("POST", statuses, #"{"state": "running", "name": "x"}"#) == 400, "GitLab refuses running → running")
        #expect(fake.notes.count == 1)
    }

    @Test("Bitbucket: auth, report schema, 100 annotations a request, enums")
    func bitbucket() {
        var fake = FakeBitbucketReports(repository: "acme/app", authorization: "Bearer bb")
        let report = "/2.0/repositories/acme/app/commit/\(Self.sha)/reports/mobile-ops-findings-ios"
        func status(_ method: String, _ path: String, auth: String = "Bearer bb", _ json: String? = nil) -> Int {
            fake.handle(Self.request(method, path, headers: ["authorization": auth], json: json)).status
        }
        func annotations(_ count: Int, type: String = "CODE_SMELL") -> String {
            "[" + (0..<count).map { #"{"external_id": "a\#($0)", "annotation_type": "\#(type)", "summary": "s", "line": 1}"# }.joined(separator: ",") + "]"
        }
        #expect(status("POST", report + "/annotations", annotations(1)) == 404, "no report yet")
        #expect(status("PUT", report, auth: "Bearer other", #"{"title": "t", "details": "d", "report_type": "BUG"}"#) == 401)
        #expect(status("PUT", report, #"{"title": "t", "report_type": "BUG"}"#) == 400, "details is required")
        #expect(status("PUT", report, #"{"title": "t", "details": "d", "report_type": "LINT"}"#) == 400)
        #expect(status("PUT", report, #"{"title": "t", "details": "d", "report_type": "BUG", "data": [{"title": "n", "type": "NUMBER", "value": "3"}]}"#) == 400)
        #expect(status("PUT", report, #"{"title": "t", "details": "d", "report_type": "BUG", "result": "PASSED"}"#) == 200)
        #expect(status("POST", report + "/annotations", annotations(101)) == 400, "more than 100 annotations in one request")
        #expect(status("POST", report + "/annotations", annotations(1, type: "STYLE")) == 400)
        #expect(status("POST", report + "/annotations", "[]") == 400)
        #expect(status("POST", report + "/annotations", annotations(100)) == 200)
        #expect(status("POST", report + "/annotations", annotations(100)) == 200)
        #expect(fake.reports.first?.annotations.count == 100, "the same external ids replace, not add")
    }
}
