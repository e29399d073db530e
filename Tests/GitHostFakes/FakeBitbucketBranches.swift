import Foundation
import TestSupport

// MARK: - FakeBitbucketBranches

/// Bitbucket Cloud's branches as the release train uses them, written from Bitbucket's REST
/// reference ("Refs": Get a branch, Create a branch), and strict:
/// - every request needs `Authorization: Bearer <token>` or `Basic <user:app-password>` (401);
/// - `GET /2.0/repositories/{workspace}/{repo_slug}/refs/branches/{name}` answers the branch
///   with `target.hash`, or 404; `{name}` is the rest of the path (its slashes are the
///   branch's);
/// - `POST …/refs/branches` takes `application/json` `{"name", "target": {"hash"}}` and
///   nothing else; the docs say the name has no `refs/heads/` prefix and prefer a full commit
///   hash (a prefix may be ambiguous), so the fake takes only a full hash of a commit the
///   repository has (400); the docs do not say how an existing name is answered, so the fake
///   refuses it with 400 and a client must not count on its wording.
public struct FakeBitbucketBranches: FakeGitHostAPI {
    /// `workspace/repo_slug`.
    let repository: String
    /// The whole `Authorization` value accepted.
    let authorization: String
    /// Branches by name: the commit each points at.
    public private(set) var branches: [String: String]
    /// Why each refused request was refused.
    public private(set) var refusals: [String] = []

    /// A repository with `branches`, accepting one `Authorization` header value.
    public init(repository: String, authorization: String, branches: [String: String]) {
        self.repository = repository
        self.authorization = authorization
        self.branches = branches
    }

    /// Someone pushed `name` at `hash` (outside the API).
    public mutating func push(_ name: String, at hash: String) { branches[name] = hash }

    public mutating func handle(_ request: FakeRequest) -> FakeResponse {
        BitbucketRoute.recording(route(request), for: request, in: &refusals)
    }

    private mutating func route(_ request: FakeRequest) -> FakeResponse {
        // 2.0 repositories {workspace} {slug} refs branches [name…]
        if let refusal = BitbucketRoute.refusal(of: request, authorization: authorization, repository: repository, under: ["refs", "branches"]) {
            return refusal
        }
        let name = request.segments.dropFirst(6).joined(separator: "/").removingPercentEncoding ?? ""
        switch (request.method, name.isEmpty) {
        case ("GET", false):
            guard let hash = branches[name] else { return BitbucketRoute.error(404, "Branch \"\(name)\" not found") }
            return .json(200, branch(name, hash))
        case ("POST", true):
            return create(request)
        default:
            return BitbucketRoute.error(405, "Method not allowed")
        }
    }

    private mutating func create(_ request: FakeRequest) -> FakeResponse {
        guard request.isJSON, let body = request.json as? [String: Any] else { return BitbucketRoute.error(400, "expected a JSON object") }
        if let unknown = Set(body.keys).subtracting(["name", "target"]).first { return BitbucketRoute.error(400, "Unknown field \(unknown)") }
        guard let name = body["name"] as? String, !name.isEmpty else { return BitbucketRoute.error(400, "name is required") }
        guard !name.hasPrefix("refs/") else { return BitbucketRoute.error(400, "The branch name should not include any prefixes (e.g. refs/heads)") }
        guard let target = body["target"] as? [String: Any], Set(target.keys) == ["hash"], let hash = target["hash"] as? String else {
            return BitbucketRoute.error(400, "target must be {\"hash\": …}")
        }
        guard JSONCheck.isSHA(hash), branches.values.contains(hash) else { return BitbucketRoute.error(400, "\(hash) is not a full commit hash of this repository") }
        guard branches[name] == nil else { return BitbucketRoute.error(400, "Branch \"\(name)\" already exists") }
        branches[name] = hash
        return .json(201, branch(name, hash))
    }

    private func branch(_ name: String, _ hash: String) -> [String: Any] {
        ["type": "branch", "name": name, "target": ["type": "commit", "hash": hash] as [String: Any]]
    }
}
