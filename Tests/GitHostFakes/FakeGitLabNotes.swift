import Foundation
import TestSupport

// MARK: - FakeGitLabNotes

/// GitLab's merge request notes and commit statuses as far as MobileOps uses them, written from
/// GitLab's API docs ("Notes API": List all merge request notes, Create new merge request note,
/// Modify existing merge request note; "Commits API": Set the pipeline status of a commit; REST
/// pagination with `X-Next-Page`) and strict:
/// - every request needs `PRIVATE-TOKEN: <token>` (401 "401 Unauthorized");
/// - the project is its URL-encoded full path (`acme%2Fmobile%2Fandroid`), and only existing
///   merge requests have notes (404 "404 Not found");
/// - a note's `body` is required and at most 1,000,000 characters, a status's `state` is one of
///   pending, running, success, failed, canceled; a repeated pending or running status is refused
///   as GitLab refuses that transition (400);
/// - list parameters are checked (`sort` asc|desc, `order_by` created_at|updated_at,
///   `per_page` 1–100); lists are paginated with `X-Page`, `X-Next-Page`, `X-Total`.
///
/// Stricter than GitLab, which ignores them: unknown body fields and query parameters are 400.
public struct FakeGitLabNotes: FakeGitHostAPI {
    /// One note as stored.
    public struct Note: Sendable, Equatable {
        public var id: Int64
        public var mergeRequest: Int
        public var body: String
        public var author: String
    }

    /// One commit status as stored.
    public struct Status: Sendable, Equatable {
        public var sha: String
        public var state: String
        public var name: String
        public var description: String?
        public var targetURL: String?
    }

    /// The project's full path (`acme/mobile/android`).
    let project: String
    let token: String
    /// The merge requests that exist, by iid.
    let mergeRequests: Set<Int>
    /// Notes in creation order.
    public private(set) var notes: [Note] = []
    /// Statuses in order.
    public private(set) var statuses: [Status] = []
    /// Why each refused request was refused.
    public private(set) var refusals: [String] = []

    /// A GitLab with one project and its merge requests.
    public init(project: String, token: String, mergeRequests: Set<Int>) {
        self.project = project
        self.token = token
        self.mergeRequests = mergeRequests
    }

    /// Adds `count` notes by other people to a merge request (reviews, bots), oldest first.
    public mutating func seedNotes(_ count: Int, mergeRequest: Int) {
        for index in 0..<count {
            notes.append(Note(id: Int64(100 + notes.count), mergeRequest: mergeRequest, body: "Review comment \(index)", author: "reviewer"))
        }
    }

    /// The notes of merge request `iid`, oldest first.
    public func notes(of iid: Int) -> [Note] { notes.filter { $0.mergeRequest == iid } }

    // MARK: Handling

    public mutating func handle(_ request: FakeRequest) -> FakeResponse {
        let response = route(request)
        if response.status >= 400 { refusals.append("\(request.method) \(request.path): \(response.status) \(response.body)") }
        return response
    }

    private static func error(_ status: Int, _ message: String) -> FakeResponse { .json(status, ["message": message]) }

    private mutating func route(_ request: FakeRequest) -> FakeResponse {
        guard request.headers["private-token"] == token else { return Self.error(401, "401 Unauthorized") }
        let parts = request.segments
        guard parts.count >= 5, parts[0] == "api", parts[1] == "v4", parts[2] == "projects" else { return Self.error(404, "404 Not found") }
        guard parts[3].removingPercentEncoding == project else { return Self.error(404, "404 Project Not Found") }
        let rest = Array(parts.dropFirst(4))
        if request.method == "POST", rest.count == 2, rest[0] == "statuses" { return status(sha: rest[1], request) }
        guard rest.count >= 3, rest[0] == "merge_requests", let iid = Int(rest[1]), rest[2] == "notes" else { return Self.error(404, "404 Not found") }
        guard mergeRequests.contains(iid) else { return Self.error(404, "404 Not found") }
        switch (request.method, rest.count) {
        case ("GET", 3): return list(iid, request.query)
        case ("POST", 3): return create(iid, request)
        case ("PUT", 4):
            guard let id = Int64(rest[3]), let index = notes.firstIndex(where: { $0.id == id && $0.mergeRequest == iid }) else {
                return Self.error(404, "404 Note Not Found")
            }
            return update(index, request)
        default: return Self.error(405, "405 Method Not Allowed")
        }
    }

    /// The body as a JSON object with only `allowed` fields, or the 400 GitLab would give.
    private func object(_ request: FakeRequest, allowed: Set<String>) -> Result<[String: Any], FakeFailure> {
        guard request.isJSON, let object = request.json as? [String: Any] else { return .failure(FakeFailure(Self.error(400, "400 Bad request - body is not JSON"))) }
        if let unknown = Set(object.keys).subtracting(allowed).first { return .failure(FakeFailure(Self.error(400, "400 Bad request - unknown field \(unknown)"))) }
        return .success(object)
    }

    /// A note body: required, a string, at most 1,000,000 characters.
    private static func noteBody(_ object: [String: Any]) -> String? {
        guard let body = object["body"] as? String, !body.isEmpty, body.count <= 1_000_000 else { return nil }
        return body
    }

    // MARK: Endpoints

    private func list(_ iid: Int, _ query: [String: String]) -> FakeResponse {
        if let unknown = Set(query.keys).subtracting(["sort", "order_by", "per_page", "page"]).first {
            return Self.error(400, "400 Bad request - unknown parameter \(unknown)")
        }
        let sort = query["sort"] ?? "desc", order = query["order_by"] ?? "created_at"
        guard ["asc", "desc"].contains(sort), ["created_at", "updated_at"].contains(order) else {
            return Self.error(400, "400 Bad request - sort does not have a valid value")
        }
        guard let perPage = Int(query["per_page"] ?? "20"), (1...100).contains(perPage), let page = Int(query["page"] ?? "1"), page >= 1 else {
            return Self.error(400, "400 Bad request - per_page or page is invalid")
        }
        let all = sort == "desc" ? Array(notes(of: iid).reversed()) : notes(of: iid)
        let slice = all.dropFirst((page - 1) * perPage).prefix(perPage)
        let pages = max(1, (all.count + perPage - 1) / perPage)
        let headers = [
            "X-Page": "\(page)", "X-Per-Page": "\(perPage)", "X-Total": "\(all.count)", "X-Total-Pages": "\(pages)",
            "X-Next-Page": page < pages ? "\(page + 1)" : "", "X-Prev-Page": page > 1 ? "\(page - 1)" : "",
        ]
        return .json(200, slice.map(Self.json), headers: headers)
    }

    private mutating func create(_ iid: Int, _ request: FakeRequest) -> FakeResponse {
        switch object(request, allowed: ["body", "created_at", "merge_request_diff_head_sha", "internal"]) {
        case .failure(let failure): return failure.response
        case .success(let object):
            guard let body = Self.noteBody(object) else { return Self.error(400, "400 Bad request - body is missing or longer than 1000000 characters") }
            let note = Note(id: Int64(100 + notes.count), mergeRequest: iid, body: body, author: "mobile-ops-bot")
            notes.append(note)
            return .json(201, Self.json(note))
        }
    }

    private mutating func update(_ index: Int, _ request: FakeRequest) -> FakeResponse {
        switch object(request, allowed: ["body", "confidential"]) {
        case .failure(let failure): return failure.response
        case .success(let object):
            guard let body = Self.noteBody(object) else { return Self.error(400, "400 Bad request - body is missing or longer than 1000000 characters") }
            notes[index].body = body
            return .json(200, Self.json(notes[index]))
        }
    }

    private mutating func status(sha: String, _ request: FakeRequest) -> FakeResponse {
        let allowed: Set<String> = ["state", "ref", "name", "context", "target_url", "description", "coverage", "pipeline_id"]
        switch object(request, allowed: allowed) {
        case .failure(let failure): return failure.response
        case .success(let object):
            guard JSONCheck.isSHA(sha) else { return Self.error(404, "404 Commit Not Found") }
            guard let state = object["state"] as? String, ["pending", "running", "success", "failed", "canceled"].contains(state) else {
                return Self.error(400, "400 Bad request - state does not have a valid value")
            }
            let name = object["name"] as? String ?? object["context"] as? String ?? "default"
            if ["pending", "running"].contains(state), statuses.last(where: { $0.sha == sha && $0.name == name })?.state == state {
                return Self.error(400, "Cannot transition status via :\(state == "pending" ? "enqueue" : "run") from :\(state)")
            }
            let status = Status(sha: sha, state: state, name: name, description: object["description"] as? String, targetURL: object["target_url"] as? String)
            statuses.append(status)
            return .json(201, ["id": statuses.count, "sha": sha, "status": state, "name": name])
        }
    }

    private static func json(_ note: Note) -> [String: Any] {
        [
            "id": note.id, "body": note.body, "system": false, "noteable_type": "MergeRequest", "noteable_iid": note.mergeRequest,
            "author": ["username": note.author] as [String: Any], "resolvable": false, "internal": false,
        ]
    }
}

/// A refusal carried through `Result`.
struct FakeFailure: Error {
    let response: FakeResponse

    init(_ response: FakeResponse) {
        self.response = response
    }
}
