import Foundation
import TestSupport

// MARK: - FakeBitbucketReports

/// Bitbucket Cloud's Code Insights reports and annotations as far as MobileOps uses them,
/// written from Bitbucket's REST reference ("Reports": Create or update a report, Delete a
/// report, Bulk create or update annotations, with its `report` and `report_annotation`
/// schemas) and the Code Insights guide, and strict:
/// - every request needs `Authorization: Bearer <token>` or `Basic <user:app-password>`
///   (401);
/// - a report needs `title`, `details` and `report_type` (SECURITY, COVERAGE, TEST, BUG);
///   `result` is PASSED, FAILED or PENDING; at most 10 `data` fields, each with a known `type`
///   and a value of that type; `details` at most 2,000 characters;
/// - annotations go to an existing report (404), 1 to 100 a request (400), each with a unique
///   `external_id`, an `annotation_type` (VULNERABILITY, CODE_SMELL, BUG), a `summary` of at most
///   450 characters, `severity` (CRITICAL, HIGH, MEDIUM, LOW), `result` (PASSED, FAILED, SKIPPED,
///   IGNORED) and `line` at least 1 when given; one with a known `external_id` replaces it; a
///   report holds at most 1,000;
/// - unknown fields are 400 (the schema allows extra properties; the fake does not, to catch
///   misspelt ones).
public struct FakeBitbucketReports: FakeGitHostAPI {
    /// One report as stored, with its annotations by `external_id` in upload order.
    public struct Report: Sendable, Equatable {
        public var commit: String
        public var id: String
        public var title: String
        public var result: String?
        public var details: String
        public var data: [String]
        public var annotations: [Annotation]
    }

    /// One annotation as stored.
    public struct Annotation: Sendable, Equatable {
        public var externalID: String
        public var type: String
        public var severity: String?
        public var summary: String
        public var path: String?
        public var line: Int?
    }

    /// `workspace/repo_slug`.
    let repository: String
    /// The whole `Authorization` value accepted.
    let authorization: String
    /// Reports by commit and id.
    public private(set) var reports: [Report] = []
    /// How many annotations each annotations request carried, in order.
    public private(set) var annotationBatches: [Int] = []
    /// Why each refused request was refused.
    public private(set) var refusals: [String] = []

    /// A Bitbucket with one repository accepting one `Authorization` header value.
    public init(repository: String, authorization: String) {
        self.repository = repository
        self.authorization = authorization
    }

    public mutating func handle(_ request: FakeRequest) -> FakeResponse {
        BitbucketRoute.recording(route(request), for: request, in: &refusals)
    }

    private mutating func route(_ request: FakeRequest) -> FakeResponse {
        // 2.0 repositories {workspace} {slug} commit {sha} reports {id} [annotations]
        let pattern = ["commit", nil, "reports", nil]
        if let refusal = BitbucketRoute.refusal(of: request, authorization: authorization, repository: repository, under: pattern) { return refusal }
        let parts = request.segments
        let commit = parts[5], id = parts[7].removingPercentEncoding ?? parts[7]
        guard JSONCheck.isSHA(commit) else { return BitbucketRoute.error(404, "Commit not found") }
        let index = reports.firstIndex { $0.commit == commit && $0.id == id }
        switch (request.method, parts.count) {
        case ("DELETE", 8):
            guard let index else { return BitbucketRoute.error(404, "Report not found") }
            reports.remove(at: index)
            return FakeResponse(status: 204, body: "")
        case ("PUT", 8): return put(commit: commit, id: id, existing: index, request)
        case ("POST", 9) where parts[8] == "annotations":
            guard let index else { return BitbucketRoute.error(404, "Report not found") }
            return annotate(index, request)
        default: return BitbucketRoute.error(405, "Method not allowed")
        }
    }

    // MARK: Reports

    private mutating func put(commit: String, id: String, existing: Int?, _ request: FakeRequest) -> FakeResponse {
        guard request.isJSON, let body = request.json as? [String: Any] else { return BitbucketRoute.error(400, "The report is not a JSON object") }
        let allowed: Set<String> = ["title", "details", "external_id", "reporter", "link", "remote_link_enabled", "logo_url", "report_type", "result", "data"]
        if let unknown = Set(body.keys).subtracting(allowed).first { return BitbucketRoute.error(400, "Unknown field \(unknown)") }
        guard let title = body["title"] as? String, !title.isEmpty, title.count <= 450 else { return BitbucketRoute.error(400, "title is required (at most 450 characters)") }
        guard let details = body["details"] as? String, details.count <= 2_000 else { return BitbucketRoute.error(400, "details is required (at most 2000 characters)") }
        guard let type = body["report_type"] as? String, ["SECURITY", "COVERAGE", "TEST", "BUG"].contains(type) else {
            return BitbucketRoute.error(400, "report_type must be SECURITY, COVERAGE, TEST or BUG")
        }
        if let result = body["result"], !["PASSED", "FAILED", "PENDING"].contains(result as? String ?? "") { return BitbucketRoute.error(400, "result is not valid") }
        for key in ["link", "logo_url"] where body[key] != nil {
            guard let url = body[key] as? String, JSONCheck.isURL(url) else { return BitbucketRoute.error(400, "\(key) must be a URL") }
        }
        let data = (body["data"] as? [Any]) ?? []
        guard body["data"] == nil || body["data"] is [Any], data.count <= 10 else { return BitbucketRoute.error(400, "data holds at most 10 fields") }
        var titles: [String] = []
        for item in data {
            guard let field = item as? [String: Any] else { return BitbucketRoute.error(400, "A data field must be an object") }
            if let problem = Self.checkData(field) { return BitbucketRoute.error(400, "A data field is invalid: \(problem)") }
            titles.append(field["title"] as? String ?? "")
        }
        let report = Report(
            commit: commit, id: id, title: title, result: body["result"] as? String, details: details, data: titles,
            annotations: existing.map { reports[$0].annotations } ?? [])
        if let existing { reports[existing] = report } else { reports.append(report) }
        return .json(200, ["uuid": "{\(id)}", "title": title, "report_type": type, "external_id": id])
    }

    /// Why a `data` field is invalid, or nil.
    static func checkData(_ field: [String: Any]) -> String? {
        if let unknown = Set(field.keys).subtracting(["title", "type", "value"]).first { return "unknown key \(unknown)" }
        guard field["title"] is String, let value = field["value"] else { return "title and value are required" }
        switch field["type"] as? String {
        case "NUMBER", "DURATION", "DATE", "PERCENTAGE": return value is NSNumber && JSONCheck.bool(value) == nil ? nil : "a number is required"
        case "TEXT": return value is String ? nil : "a string is required"
        case "BOOLEAN": return JSONCheck.bool(value) != nil ? nil : "a boolean is required"
        case "LINK": return (value as? [String: Any]).map { $0["href"] is String && $0["text"] is String } == true ? nil : "text and href are required"
        case nil: return field["type"] == nil ? nil : "type is not valid"
        default: return "type is not valid"
        }
    }

    // MARK: Annotations

    private mutating func annotate(_ index: Int, _ request: FakeRequest) -> FakeResponse {
        guard request.isJSON, let list = request.json as? [Any] else { return BitbucketRoute.error(400, "The annotations must be a JSON array") }
        guard (1...100).contains(list.count) else { return BitbucketRoute.error(400, "A request holds 1 to 100 annotations, not \(list.count)") }
        var parsed: [Annotation] = []
        for item in list {
            guard let object = item as? [String: Any] else { return BitbucketRoute.error(400, "An annotation must be an object") }
            switch Self.annotation(object) {
            case .failure(let failure): return failure.response
            case .success(let annotation): parsed.append(annotation)
            }
        }
        guard Set(parsed.map(\.externalID)).count == parsed.count else { return BitbucketRoute.error(400, "external_id must be unique") }
        var annotations = reports[index].annotations
        for annotation in parsed {
            if let existing = annotations.firstIndex(where: { $0.externalID == annotation.externalID }) {
                annotations[existing] = annotation
            } else {
                annotations.append(annotation)
            }
        }
        guard annotations.count <= 1_000 else { return BitbucketRoute.error(400, "A report holds at most 1000 annotations") }
        reports[index].annotations = annotations
        annotationBatches.append(parsed.count)
        return .json(200, parsed.map { ["external_id": $0.externalID, "uuid": "{\($0.externalID)}"] })
    }

    /// One validated annotation, or Bitbucket's 400.
    static func annotation(_ object: [String: Any]) -> Result<Annotation, FakeFailure> {
        let allowed: Set<String> = ["external_id", "annotation_type", "path", "line", "summary", "details", "result", "severity", "link", "title"]
        func refuse(_ message: String) -> Result<Annotation, FakeFailure> { .failure(FakeFailure(BitbucketRoute.error(400, message))) }
        if let unknown = Set(object.keys).subtracting(allowed).first { return refuse("Unknown annotation field \(unknown)") }
        guard let id = object["external_id"] as? String, !id.isEmpty else { return refuse("external_id is required") }
        guard let type = object["annotation_type"] as? String, ["VULNERABILITY", "CODE_SMELL", "BUG"].contains(type) else {
            return refuse("annotation_type must be VULNERABILITY, CODE_SMELL or BUG")
        }
        guard let summary = object["summary"] as? String, !summary.isEmpty, summary.count <= 450 else { return refuse("summary is required (at most 450 characters)") }
        if let details = object["details"], ((details as? String)?.count ?? Int.max) > 2_000 { return refuse("details is at most 2000 characters") }
        if let severity = object["severity"], !["CRITICAL", "HIGH", "MEDIUM", "LOW"].contains(severity as? String ?? "") { return refuse("severity is not valid") }
        if let result = object["result"], !["PASSED", "FAILED", "SKIPPED", "IGNORED"].contains(result as? String ?? "") { return refuse("result is not valid") }
        if let line = object["line"], (JSONCheck.int(line) ?? 0) < 1 { return refuse("line must be at least 1") }
        if let path = object["path"], !(path is String) { return refuse("path must be a string") }
        return .success(Annotation(
            externalID: id, type: type, severity: object["severity"] as? String, summary: summary, path: object["path"] as? String,
            line: JSONCheck.int(object["line"])))
    }
}
