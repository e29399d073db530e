import Foundation
import TestSupport

// MARK: - FakeGitHubChecks

/// GitHub's check runs and commit statuses as far as MobileOps uses them, written from GitHub's
/// REST reference ("REST API endpoints for check runs": Create a check run, Update a check run,
/// List check runs for a Git reference; "REST API endpoints for commit statuses": Create a commit
/// status) and strict:
/// - every request needs `Authorization: Bearer|token <token>` (401 "Bad credentials"), a
///   `User-Agent` (403), `Accept: application/vnd.github+json` (415) and, when sent, a supported
///   `X-GitHub-Api-Version` (400);
/// - check runs may be written only with the GitHub App installation token: the personal
///   access token gets GitHub's 403 "You must authenticate via a GitHub App.";
/// - bodies must be JSON with only documented fields, required fields present, enums valid,
///   `output.title` and `output.summary` given, the summary within 65,535 characters, at most 50
///   annotations a request, each with `path`, `start_line`, `end_line` (not before the start),
///   `annotation_level` (notice, warning, failure) and `message`: anything else is 422
///   "Validation Failed", and changes nothing;
/// - an update appends its annotations to the run's, as GitHub does.
///
/// Stricter than GitHub in one way: unknown query parameters are refused (422), not ignored.
public struct FakeGitHubChecks: FakeGitHostAPI {
    /// One check run as stored.
    public struct CheckRun: Sendable, Equatable {
        public var id: Int64
        public var name: String
        public var headSHA: String
        public var externalID: String?
        public var detailsURL: String?
        public var status: String
        public var conclusion: String?
        public var title: String?
        public var summary: String?
        public var annotations: [Annotation]
    }

    /// One annotation as stored.
    public struct Annotation: Sendable, Equatable {
        public var path: String
        public var startLine: Int
        public var endLine: Int
        public var level: String
        public var message: String
        public var title: String?
    }

    /// One commit status as stored.
    public struct Status: Sendable, Equatable {
        public var sha: String
        public var state: String
        public var context: String
        public var description: String?
    }

    /// `owner/repo`, the only repository that exists.
    let repository: String
    /// The GitHub App installation token: may do everything.
    let appToken: String
    /// A personal access token: may read check runs and post statuses, not write check runs.
    let personalToken: String?
    /// Check runs in creation order.
    public private(set) var checkRuns: [CheckRun] = []
    /// Commit statuses in order.
    public private(set) var statuses: [Status] = []
    /// Why each refused request was refused, in order, for test messages.
    public private(set) var refusals: [String] = []

    /// A GitHub with one repository and the given tokens.
    public init(repository: String, appToken: String, personalToken: String? = nil) {
        self.repository = repository
        self.appToken = appToken
        self.personalToken = personalToken
    }

    /// The runs named `name` on `sha`.
    public func runs(named name: String, on sha: String) -> [CheckRun] {
        checkRuns.filter { $0.name == name && $0.headSHA == sha }
    }

    // MARK: Handling

    public mutating func handle(_ request: FakeRequest) -> FakeResponse {
        switch route(request) {
        case .success(let response): return response
        case .failure(let refusal):
            refusals.append("\(request.method) \(request.path): \(refusal.status) \(refusal.message)")
            return refusal.response
        }
    }

    private mutating func route(_ request: FakeRequest) -> Result<FakeResponse, Refusal> {
        guard request.headers["user-agent"]?.isEmpty == false else {
            return .failure(Refusal(403, "Request forbidden by administrative rules. Please make sure your request has a User-Agent header"))
        }
        guard request.headers["accept"] == "application/vnd.github+json" else {
            return .failure(Refusal(415, "Unsupported 'Accept' header: \(request.headers["accept"] ?? "none")"))
        }
        if let version = request.headers["x-github-api-version"], !["2022-11-28", "2026-03-10"].contains(version) {
            return .failure(Refusal(400, "API version '\(version)' is not supported."))
        }
        let token = request.headers["authorization"].flatMap { value -> String? in
            for scheme in ["Bearer ", "token "] where value.hasPrefix(scheme) { return String(value.dropFirst(scheme.count)) }
            return nil
        }
        guard let token, token == appToken || token == personalToken else { return .failure(Refusal(401, "Bad credentials")) }
        let parts = request.segments
        guard parts.count >= 4, parts[0] == "repos", "\(parts[1])/\(parts[2])" == repository else { return .failure(Refusal(404, "Not Found")) }
        let isApp = token == appToken
        switch (request.method, Array(parts.dropFirst(3))) {
        case ("GET", let rest) where rest.count == 3 && rest[0] == "commits" && rest[2] == "check-runs":
            return list(ref: rest[1], query: request.query)
        case ("POST", ["check-runs"]):
            guard isApp else { return .failure(Refusal.appOnly) }
            return body(request).flatMap { create($0) }
        case ("PATCH", let rest) where rest.count == 2 && rest[0] == "check-runs":
            guard isApp else { return .failure(Refusal.appOnly) }
            guard let id = Int64(rest[1]), let index = checkRuns.firstIndex(where: { $0.id == id }) else { return .failure(Refusal(404, "Not Found")) }
            return body(request).flatMap { update(index, $0) }
        case ("POST", let rest) where rest.count == 2 && rest[0] == "statuses":
            return body(request).flatMap { status(sha: rest[1], $0) }
        default:
            return .failure(Refusal(404, "Not Found"))
        }
    }

    /// The body as a JSON object sent as JSON.
    private func body(_ request: FakeRequest) -> Result<[String: Any], Refusal> {
        guard request.isJSON else { return .failure(Refusal(415, "Content-Type must be application/json")) }
        guard let object = request.json as? [String: Any] else { return .failure(Refusal(400, "Problems parsing JSON")) }
        return .success(object)
    }

    // MARK: Endpoints

    private func list(ref: String, query: [String: String]) -> Result<FakeResponse, Refusal> {
        if let unknown = Set(query.keys).subtracting(["check_name", "status", "filter", "per_page", "page", "app_id"]).first {
            return .failure(Refusal.invalid("unknown query parameter \(unknown)"))
        }
        let filter = query["filter"] ?? "latest"
        guard ["latest", "all"].contains(filter) else { return .failure(Refusal.invalid("filter must be latest or all")) }
        guard let perPage = Int(query["per_page"] ?? "30"), (1...100).contains(perPage), let page = Int(query["page"] ?? "1"), page >= 1 else {
            return .failure(Refusal.invalid("per_page must be 1 to 100 and page at least 1"))
        }
        var runs = checkRuns.filter { $0.headSHA == ref && (query["check_name"] == nil || $0.name == query["check_name"]) }
        if filter == "latest" {
            // The most recent run of each name.
            var seen = Set<String>()
            runs = runs.reversed().filter { seen.insert($0.name).inserted }.reversed()
        }
        let slice = runs.dropFirst((page - 1) * perPage).prefix(perPage)
        return .success(.json(200, ["total_count": runs.count, "check_runs": slice.map(Self.json)]))
    }

    private mutating func create(_ body: [String: Any]) -> Result<FakeResponse, Refusal> {
        let allowed: Set<String> = ["name", "head_sha", "details_url", "external_id", "status", "started_at", "conclusion", "completed_at", "output", "actions"]
        if let refusal = Self.check(body, allowed: allowed, isCreate: true) { return .failure(refusal) }
        guard let name = body["name"] as? String, !name.isEmpty else { return .failure(Refusal.invalid("name is required")) }
        guard let sha = body["head_sha"] as? String, JSONCheck.isSHA(sha) else { return .failure(Refusal.invalid("head_sha must be a commit SHA")) }
        let output = body["output"] as? [String: Any]
        let run = CheckRun(
            id: Int64(4_000 + checkRuns.count), name: name, headSHA: sha, externalID: body["external_id"] as? String,
            detailsURL: body["details_url"] as? String, status: body["conclusion"] != nil ? "completed" : (body["status"] as? String ?? "queued"),
            conclusion: body["conclusion"] as? String, title: output?["title"] as? String, summary: output?["summary"] as? String,
            annotations: Self.annotations(output))
        checkRuns.append(run)
        return .success(.json(201, Self.json(run)))
    }

    private mutating func update(_ index: Int, _ body: [String: Any]) -> Result<FakeResponse, Refusal> {
        let allowed: Set<String> = ["name", "details_url", "external_id", "started_at", "status", "conclusion", "completed_at", "output", "actions"]
        if let refusal = Self.check(body, allowed: allowed, isCreate: false) { return .failure(refusal) }
        var run = checkRuns[index]
        if let output = body["output"] as? [String: Any] {
            run.title = output["title"] as? String
            run.summary = output["summary"] as? String
            // "Each time you update the check run, annotations are appended."
            run.annotations += Self.annotations(output)
        }
        if let conclusion = body["conclusion"] as? String {
            run.conclusion = conclusion
            run.status = "completed"
        }
        checkRuns[index] = run
        return .success(.json(200, Self.json(run)))
    }

    private mutating func status(sha: String, _ body: [String: Any]) -> Result<FakeResponse, Refusal> {
        if let unknown = Set(body.keys).subtracting(["state", "target_url", "description", "context"]).first {
            return .failure(Refusal.invalid("unknown field \(unknown)"))
        }
        guard JSONCheck.isSHA(sha) else { return .failure(Refusal.invalid("No commit found for SHA: \(sha)")) }
        guard let state = body["state"] as? String, ["error", "failure", "pending", "success"].contains(state) else {
            return .failure(Refusal.invalid("state must be error, failure, pending or success"))
        }
        let description = body["description"] as? String
        if let description, description.count > 140 { return .failure(Refusal.invalid("description is too long (maximum is 140 characters)")) }
        if let url = body["target_url"], !((url as? String).map(JSONCheck.isURL) ?? false) { return .failure(Refusal.invalid("target_url must be a URL")) }
        statuses.append(Status(sha: sha, state: state, context: body["context"] as? String ?? "default", description: description))
        return .success(.json(201, ["state": state, "context": body["context"] as? String ?? "default"]))
    }
}
